import { stat } from 'node:fs/promises';
import { ContractCallError, type exportsCalls } from '../../../shared/contract/index.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { Platform } from '../platform.ts';
import { checkedAbsolutePath } from '../platform-paths.ts';
import type { ExportsService } from './exports-service.ts';

export interface ExportsHandlersDeps {
  exports: Pick<ExportsService, 'cancel' | 'recent'>;
  profiles: Pick<ProfilesService, 'active'>;
  platform: Pick<Platform, 'revealPath'>;
}

/** What every export shares, whichever area started it: the one cancel, recent exports, "show in folder". */
export function createExportsHandlers(deps: ExportsHandlersDeps): HandlerMap<typeof exportsCalls> {
  const { recent } = deps.exports;
  return {
    'exports:cancel': async ({ id }) => ({ cancelled: deps.exports.cancel(id) }),

    'exports:recent': async () => {
      const profile = deps.profiles.active();
      if (!profile) return { items: [] };
      const items = recent.list(profile.id);
      const present = await Promise.all(
        items.map((item) =>
          stat(item.path).then(
            (found) => found.isFile(),
            () => false,
          ),
        ),
      );
      return { items: items.map((item, index) => ({ ...item, exists: present[index]! })) };
    },

    'files:reveal': async ({ path }) => {
      const checked = checkedAbsolutePath(path);
      const profile = deps.profiles.active();
      // Only a file this profile exported: the renderer must not make main open any path it likes.
      if (!profile || !recent.has(profile.id, checked)) {
        throw new ContractCallError({
          code: 'not_found',
          message: 'This file is not among your recent exports, so Socialdesk does not open it.',
          fieldErrors: { path: ['Not a recent export.'] },
        });
      }
      return deps.platform.revealPath(checked);
    },
  };
}
