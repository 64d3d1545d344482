import type { Platform } from '../platform.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { appCalls } from '../../../shared/contract/app-calls.ts';
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
  };
}
