import type { Settings } from '../../../shared/settings.ts';
import type { CommunityApi } from '../api/community.ts';
import type { EventBus } from '../event-bus.ts';
import { createDeltaPoller, type Delta, type DeltaTimers } from './delta-poller.ts';
import type { createViewNotifier } from './view-notifier.ts';

/**
 * The inbox made live: the delta poller on the active profile's chosen brands, its arrivals told
 * to the renderer (`inbox:arrived`, with the unread counts), and the notifications of the saved
 * views the person chose (`inbox:notify`: Electron shows them from main, the browser shell from
 * the page). `keep` hands every delta to whoever keeps a copy of the inbox, before anyone else
 * hears of it.
 */
export interface LiveInboxDeps {
  scope: () => { profileId: string; brandIds: number[] } | undefined;
  community: () => CommunityApi;
  /** The one connection state: 'offline' pauses the delta. */
  connectionState: () => 'online' | 'offline' | 'unknown';
  settings: () => Settings;
  events: Pick<EventBus, 'emit' | 'subscribe'>;
  notifier: ReturnType<typeof createViewNotifier>;
  timers?: DeltaTimers;
  /** The inbox's copy takes each delta before the renderer and the notifications hear of it. */
  keep?: (delta: Delta) => void;
}

export function createLiveInbox(deps: LiveInboxDeps) {
  const poller = createDeltaPoller({
    scope: deps.scope,
    community: deps.community,
    reachable: () => deps.connectionState() !== 'offline',
    intervalMs: () => deps.settings().inboxDeltaSeconds * 1000,
    timers: deps.timers,
    keep: deps.keep,
  });
  let lastUnread: number | undefined;
  const notifying = new AbortController();

  poller.onDelta((delta: Delta) => {
    const unreadChanged = delta.unread !== null && delta.unread.total !== lastUnread;
    if (delta.unread) lastUnread = delta.unread.total;
    if (delta.items.length > 0 || unreadChanged) {
      deps.events.emit('inbox:arrived', {
        profileId: delta.profileId,
        brandIds: delta.brandIds,
        items: delta.items,
        unread: delta.unread,
      });
    }
    if (delta.items.length === 0) return;
    deps.notifier.notificationsOf(delta, notifying.signal).then(
      (notifications) => {
        for (const notification of notifications) deps.events.emit('inbox:notify', notification);
      },
      () => undefined,
    );
  });

  // The service answers again: catch up now. Another profile or brands: a new mark at once.
  const unsubscribe = deps.events.subscribe((event, payload) => {
    if (event === 'service:connection' && (payload as { state: string }).state === 'online') {
      poller.reachableAgain();
    }
  });

  return {
    start: () => poller.start(),
    /** Runs a delta now (a profile switched, brands chosen): no wait for the interval. */
    pollNow: () => poller.pollNow(),
    /** The settings changed (the interval among them). */
    settingsChanged: () => poller.intervalChanged(),
    onDelta: poller.onDelta,
    close(): void {
      unsubscribe();
      notifying.abort();
      poller.stop();
    },
  };
}

export type LiveInbox = ReturnType<typeof createLiveInbox>;
