import { mkdir } from 'node:fs/promises';
import type { Platform } from '../platform.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { appCalls } from '../../../shared/contract/index.ts';
import type { SettingsService } from './settings-service.ts';

export function createAppHandlers(deps: {
  platform: Platform;
  settings: SettingsService;
}): HandlerMap<typeof appCalls> {
  return {
    'app:info': async () => ({
      name: 'Socialdesk',
      version: deps.platform.appVersion,
      shell: deps.platform.shell,
      runtimes: deps.platform.runtimes,
    }),
    'settings:get': async () => deps.settings.get(),
    'settings:update': async (patch) => deps.settings.update(patch),
    'files:downloads-folder': async () => ({
      path: await deps.platform.downloadsFolder(),
      isDefault: deps.settings.get().downloadsFolder === null,
    }),
    'files:open-downloads-folder': async () => {
      const folder = await deps.platform.downloadsFolder();
      // The folder may not exist yet (nothing saved so far): make it, so there is something to show.
      await mkdir(folder, { recursive: true });
      return deps.platform.revealPath(folder);
    },
  };
}
