import type { Handlers } from './dispatch.ts';
import type { EventBus } from './event-bus.ts';
import type { Platform } from './platform.ts';
import { createAppHandlers } from './app/app-handlers.ts';
import type { SettingsService } from './app/settings-service.ts';

export interface ServiceDeps {
  platform: Platform;
  settings: SettingsService;
  events: EventBus;
}

/** The contract implemented on top of the services: one handler group per area, merged. */
export function createHandlers(deps: ServiceDeps): Handlers {
  return {
    ...createAppHandlers(deps),
  };
}
