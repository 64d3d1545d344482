import type { ProfileDatabases } from './profile-databases.ts';

/**
 * `service` with a `remove(id)` that also deletes the profile's local database (drafts, outbox,
 * caches) once the profile itself is gone. The profile goes first: if that fails, nothing local is
 * lost. A database that cannot be deleted does not undo the removal the user asked for; it is
 * reported on the console instead.
 */
export function removingProfileDatabase<S extends { remove(id: string): Promise<unknown> }>(
  service: S,
  databases: Pick<ProfileDatabases, 'remove'>,
): S {
  return {
    ...service,
    async remove(id: string) {
      const answer = await service.remove(id);
      try {
        databases.remove(id);
      } catch (error) {
        console.warn(
          `socialdesk: the local data of a removed profile was not deleted: ${(error as Error).message}`,
        );
      }
      return answer;
    },
  };
}
