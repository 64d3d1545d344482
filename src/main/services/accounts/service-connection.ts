import type { ServiceConnection } from '../../../shared/contract/index.ts';
import type { EventBus } from '../event-bus.ts';

export interface ServiceConnectionDeps {
  /** The origins of the active profile's service; none without a profile. */
  activeOrigins: () => string[];
  events: Pick<EventBus, 'emit'>;
  clock?: () => number;
}

const unknown: ServiceConnection = { state: 'unknown', since: null };

/**
 * Whether the active profile's service answers, as the app's requests find it: every request to
 * it, from any area or background job, reports here whether an answer came. A request to another
 * service (a profile not active, a connection test of new addresses) says nothing about it. Told
 * to the renderer (`service:connection`) each time it changes, so every screen says the same.
 */
export function createServiceConnection(deps: ServiceConnectionDeps) {
  const clock = deps.clock ?? Date.now;
  let current = unknown;

  const concernsActive = (url: string) => {
    try {
      return deps.activeOrigins().includes(new URL(url).origin);
    } catch {
      return false;
    }
  };

  function set(next: ServiceConnection): void {
    current = next;
    deps.events.emit('service:connection', current);
  }

  return {
    current: (): ServiceConnection => current,

    /** A request to `url` got an answer (any status): the service is reachable. */
    answered(url: string): void {
      if (current.state !== 'online' && concernsActive(url)) set({ state: 'online', since: clock() });
    },

    /** A request to `url` got no answer at all. */
    unanswered(url: string): void {
      if (current.state !== 'offline' && concernsActive(url)) set({ state: 'offline', since: clock() });
    },

    /** Another profile is active: nothing is known of its service until its first request. */
    forget(): void {
      if (current.state !== 'unknown') set(unknown);
    },
  };
}

export type ServiceConnectionTracker = ReturnType<typeof createServiceConnection>;
