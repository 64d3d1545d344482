import { ContractCallError, type composerCalls } from '../../../shared/contract/index.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { EventBus } from '../event-bus.ts';
import { IdNameTakenError, type NamedIdsStore } from './named-ids.ts';

export interface NamesHandlersDeps {
  names: NamedIdsStore;
  profiles: Pick<ProfilesService, 'active'>;
  events: Pick<EventBus, 'emit'>;
}

/** The names of content tags and boards on the active profile, each change told to every window. */
export function createNamesHandlers(
  deps: NamesHandlersDeps,
): HandlerMap<Pick<typeof composerCalls, 'names:list' | 'names:set' | 'names:forget'>> {
  const profileId = () => {
    const active = deps.profiles.active();
    if (!active) throw noActiveProfile();
    return active.id;
  };
  function changed(id: string, names: ReturnType<NamedIdsStore['read']>) {
    deps.events.emit('names:changed', { profileId: id, names });
    return names;
  }

  return {
    'names:list': async () => deps.names.read(profileId()),
    'names:set': async ({ kind, id, name }) => {
      const profile = profileId();
      try {
        return changed(profile, deps.names.name(profile, kind, id, name));
      } catch (error) {
        if (!(error instanceof IdNameTakenError)) throw error;
        throw new ContractCallError({
          code: 'conflict',
          message: error.message,
          fieldErrors: { name: ['Another one already has this name; choose another.'] },
        });
      }
    },
    'names:forget': async ({ kind, id }) => {
      const profile = profileId();
      return changed(profile, deps.names.forget(profile, kind, id));
    },
  };
}
