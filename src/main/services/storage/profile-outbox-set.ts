/**
 * Every profile's outbox of one kind (drafts, replies): each made when its profile's database is
 * first opened (at launch for every profile, so what was written before a quit or crash still
 * goes), kept while the profile exists, and stopped with it or with the app.
 */
/** A profile's outbox and what goes with it (its database, its profile id). */
interface Entry {
  outbox: { start(): void; close(): Promise<void> };
}

export function createProfileOutboxSet<E extends Entry>(options: {
  /** What the outboxes send, for the refusal once the app is closing: "drafts", "replies". */
  what: string;
  profileIds: () => Promise<string[]> | string[];
  /** Makes a profile's entry (opening its database); started once it is kept. */
  make: (profileId: string) => E;
}) {
  const opened = new Map<string, E>();
  let closed = false;

  /** The profile's entry, made and started on first use; throws once the app is closing. */
  function forProfile(profileId: string): E {
    const found = opened.get(profileId);
    if (found) return found;
    if (closed) throw new Error(`The ${options.what} are closed: the app is shutting down.`);
    const entry = options.make(profileId);
    // Kept before it starts: what its start tells may ask for this profile's entry again.
    opened.set(profileId, entry);
    entry.outbox.start();
    return entry;
  }

  return {
    forProfile,
    /** The entries made so far. */
    entries: () => opened.values(),
    /** At launch: every profile's outbox starts. */
    async resume(): Promise<void> {
      for (const id of await options.profileIds()) {
        if (closed) return;
        forProfile(id);
      }
    },
    /** Profiles left after a change: the outboxes of the others stop (before their files go). */
    retain(profileIds: readonly string[]): void {
      for (const [id, entry] of opened) {
        if (profileIds.includes(id)) continue;
        opened.delete(id);
        void entry.outbox.close();
      }
    },
    /** Stops every outbox. Its synchronous part runs first, so the databases may close right after. */
    close(): Promise<void> {
      closed = true;
      const closing = [...opened.values()].map((entry) => entry.outbox.close());
      opened.clear();
      return Promise.all(closing).then(() => undefined);
    },
  };
}

/** The origin of a service address ("http://127.0.0.1:4010"), or undefined if it is not one. */
export function originOf(url: string | undefined): string | undefined {
  try {
    return url === undefined ? undefined : new URL(url).origin;
  } catch {
    return undefined;
  }
}
