import type { ServiceConnection } from '../../../shared/contract/index.ts';
import type { EventBus } from '../event-bus.ts';

export interface ServiceConnectionDeps {
  /** The origins of the active profile's service; none without a profile. */
  activeOrigins: () => string[];
  events: Pick<EventBus, 'emit'>;
  clock?: () => number;
}

const unknown: ServiceConnection = { state: 'unknown', since: null };

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Whether the active profile's service answers, as the app's requests find it: every request, from
 * any area or background job, reports here whether an answer came, and what each service's last
 * request found is kept by its origin. The active profile's is what the app says; a connection
 * test of new addresses counts for them, so a profile saved after a passing test is online at
 * once. Told to the renderer (`service:connection`) each time it changes, so every screen says
 * the same.
 */
export function createServiceConnection(deps: ServiceConnectionDeps) {
  const clock = deps.clock ?? Date.now;
  /** What the last request to each origin found, and since when. */
  const byOrigin = new Map<string, ServiceConnection>();
  let told = unknown;

  /** The active service's state: of its origins, the one that changed last. */
  function current(): ServiceConnection {
    let latest: ServiceConnection = unknown;
    for (const origin of deps.activeOrigins()) {
      const found = byOrigin.get(origin);
      if (found && (latest.since === null || (found.since ?? 0) > latest.since)) latest = found;
    }
    return latest;
  }

  /** Tells the renderer when what the app should say changed. */
  function publish(): void {
    const now = current();
    if (now.state === told.state && now.since === told.since) return;
    told = now;
    deps.events.emit('service:connection', now);
  }

  function heard(url: string, state: 'online' | 'offline'): void {
    const origin = originOf(url);
    // Asked on every request: only a change is worth more than a lookup.
    if (origin === undefined || byOrigin.get(origin)?.state === state) return;
    byOrigin.set(origin, { state, since: clock() });
    publish();
  }

  return {
    current,
    /** A request to `url` got an answer (any status): that service is reachable. */
    answered: (url: string) => heard(url, 'online'),
    /** A request to `url` got no answer at all. */
    unanswered: (url: string) => heard(url, 'offline'),
    /** Another profile is active, or new addresses: say what is known of that service. */
    profileChanged: publish,
  };
}

export type ServiceConnectionTracker = ReturnType<typeof createServiceConnection>;
