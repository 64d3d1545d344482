import type { tagsCalls } from '../../../shared/contract/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import { renameFieldErrors } from '../api/field-names.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { SharedLoads } from '../lists/shared-loads.ts';

/** The Tags area (interface.md ops 14 and 15) on the active profile. */
export function createTagsHandlers(deps: {
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  loads: SharedLoads;
}): HandlerMap<typeof tagsCalls> {
  // Answers are kept per profile: two profiles may reach the same brand ids on different services.
  const prefix = () => `tags:${deps.profiles.active()?.id ?? ''}:`;
  return {
    'tags:list': async ({ brandIds }, { signal, lane }) => {
      const { community } = deps.clients.active();
      const key = prefix() + [...brandIds].sort((a, b) => a - b).join(',');
      const items = await deps.loads.get(
        key,
        (s) => community.listTags(brandIds, { signal: s, lane }),
        signal,
      );
      return { items };
    },
    'tags:create': async ({ brandId, name, color }, { signal, lane }) => {
      const { community } = deps.clients.active();
      const body = { brand_id: brandId, name, ...(color ? { color } : {}) };
      const tag = await renameFieldErrors(community.createTag(body, { signal, lane }), {
        brand_id: 'brandId',
      });
      deps.loads.invalidate(prefix());
      return tag;
    },
  };
}
