import type { mirrorCalls } from '../../../shared/contract/index.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { InboxMirror } from './inbox-mirror.ts';

/** The mirror's own call: how far the active profile's copy has got (the inbox's offline line). */
export function createMirrorHandlers(deps: {
  mirror: Pick<InboxMirror, 'status'>;
  profiles: Pick<ProfilesService, 'active'>;
}): HandlerMap<typeof mirrorCalls> {
  return {
    'mirror:status': async () => {
      const profile = deps.profiles.active();
      return profile ? deps.mirror.status(profile.id) : { filled: false, syncedAt: null };
    },
  };
}
