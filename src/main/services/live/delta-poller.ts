import type { InboxItem, InboxUnreadCounts } from '../../../shared/contract/index.ts';
import type { CommunityApi } from '../api/community.ts';
import { unreadCounts } from '../inbox/inbox-stats.ts';

/**
 * The inbox's delta (issue 25 §2): every interval (a setting, 30 s by default) main asks the
 * service what changed on the active profile's chosen brands since it last asked: op 16 in
 * `SOURCE_UPDATED_AT` order from the high-water mark, less an overlap, so an interaction written
 * late with a time just before the mark is still found; what the overlap reads again is dropped
 * by (id, source_updated_at). Unread counts come from op 18 at the same time. All of it on the
 * sync lane: nobody waits for it, the rate gate serves people first, and while a person is
 * active it counts in the sync share of each window with the mirror's fill and sweep.
 *
 * While the service is unreachable it does not walk: each interval one cheap request (the unread
 * counts) looks whether it is back, and the first answer runs the delta at once from the mark it
 * kept, so what arrived meanwhile is caught up.
 */

export interface Delta {
  profileId: string;
  brandIds: number[];
  /** New, or with new activity since the last delta; each once, oldest first. */
  items: InboxItem[];
  /** Unread counts (op 18) read with this delta; null when they could not be read. */
  unread: InboxUnreadCounts | null;
}

export interface DeltaTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DeltaPollerDeps {
  /** The active profile and its chosen brands; undefined without a profile. */
  scope: () => { profileId: string; brandIds: number[] } | undefined;
  community: () => CommunityApi;
  /** False while the one connection state says the service does not answer. */
  reachable: () => boolean;
  /** The interval, read before each wait (the setting may change). */
  intervalMs: () => number;
  /** How far before the mark each delta reads again. Default two minutes. */
  overlapMs?: number;
  timers?: DeltaTimers;
  /** Told of each poll's failure (no answer, a refusal); the next interval tries again. */
  onError?: (error: unknown) => void;
  /**
   * Whoever keeps a copy of the inbox takes each delta before any listener hears of it, so a
   * listener that reads the inbox (the saved views' notifications) finds the arrivals there.
   */
  keep?: (delta: Delta) => void;
}

const defaultOverlapMs = 120_000;
/** The service's date-time form: UTC, whole seconds. */
/** An interaction's latest activity (ms); 0 for an answer without one. */
export const activityOf = (item: InboxItem): number =>
  item.source_updated_at ? Date.parse(item.source_updated_at) || 0 : 0;
const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export function createDeltaPoller(deps: DeltaPollerDeps) {
  const overlapMs = deps.overlapMs ?? defaultOverlapMs;
  const timers: DeltaTimers = deps.timers ?? {
    setTimeout: (run, ms) => {
      const handle = setTimeout(run, ms);
      handle.unref?.();
      return handle;
    },
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const listeners = new Set<(delta: Delta) => void>();

  /** What the last delta of this profile and brands knew; reset when either changes. */
  let state:
    | {
        key: string;
        /** The latest source_updated_at seen (ms); undefined until the first read. */
        mark: number | undefined;
        /** Ids read within the overlap, with the activity time they were read at. */
        seen: Map<number, number>;
      }
    | undefined;
  let timer: unknown;
  let running: Promise<Delta | undefined> | undefined;
  let stopped = true;
  let controller: AbortController | undefined;

  async function walk(
    community: CommunityApi,
    brandIds: number[],
    after: number | undefined,
    signal: AbortSignal,
  ): Promise<InboxItem[]> {
    if (after === undefined) {
      // The first read: where the inbox stands now is the mark; nothing before it is news.
      const newest = await community.listInteractions(
        { brand_ids: brandIds, sort: '-SOURCE_UPDATED_AT', limit: 1 },
        { signal, lane: 'sync' },
      );
      const top = newest.data[0];
      if (!top) return [];
      after = activityOf(top);
    }
    const items: InboxItem[] = [];
    for await (const item of community.iterateInteractions(
      {
        brand_ids: brandIds,
        sort: 'SOURCE_UPDATED_AT',
        source_updated_after: isoSeconds(after - overlapMs),
        limit: 100,
      },
      { signal, lane: 'sync' },
    ))
      items.push(item);
    return items;
  }

  async function poll(): Promise<Delta | undefined> {
    const scope = deps.scope();
    if (!scope || scope.brandIds.length === 0) return undefined;
    const key = `${scope.profileId}:${scope.brandIds.join(',')}`;
    if (state?.key !== key) state = { key, mark: undefined, seen: new Map() };
    const current = state;
    controller = new AbortController();
    const { signal } = controller;
    const community = deps.community();
    const counts = () => unreadCounts(community, { brandIds: scope.brandIds }, { signal, lane: 'sync' });

    if (!deps.reachable()) {
      // Only look whether it answers again; the walk waits for an answer.
      await counts();
    }
    const first = current.mark === undefined;
    const read = await walk(community, scope.brandIds, current.mark, signal);
    const items: InboxItem[] = [];
    for (const item of read) {
      const at = activityOf(item);
      if (current.seen.get(item.id) === at) continue;
      current.seen.set(item.id, at);
      current.mark = Math.max(current.mark ?? at, at);
      if (!first) items.push(item);
    }
    if (current.mark === undefined) current.mark = Date.now();
    // Only what the next overlap reads again needs remembering.
    for (const [id, at] of current.seen) if (at < current.mark - overlapMs) current.seen.delete(id);
    const unread = await counts().catch(() => null);
    if (state !== current) return undefined; // the profile or brands changed meanwhile
    const delta: Delta = { profileId: scope.profileId, brandIds: scope.brandIds, items, unread };
    deps.keep?.(delta);
    for (const listener of listeners) listener(delta);
    return delta;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    timers.clearTimeout(timer);
    timer = timers.setTimeout(() => void pollNow(), ms);
  }

  /** Runs a delta now (or joins the one running), then waits an interval for the next. */
  function pollNow(): Promise<Delta | undefined> {
    running ??= poll()
      .catch((error: unknown) => {
        deps.onError?.(error);
        return undefined;
      })
      .finally(() => {
        running = undefined;
        schedule(deps.intervalMs());
      });
    return running;
  }

  return {
    /**
     * Starts polling: a first read (the mark) once the service is known to answer
     * (`reachableAgain`) or after one interval, whichever comes first; a request to a service not
     * yet heard from could hang on an address nobody serves any more.
     */
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule(deps.intervalMs());
    },
    stop(): void {
      stopped = true;
      timers.clearTimeout(timer);
      controller?.abort();
    },
    pollNow,
    /**
     * The service answers again (the connection state turned online): catch up now rather than
     * at the end of the interval.
     */
    reachableAgain(): void {
      if (!stopped) void pollNow();
    },
    /** The interval setting changed: the wait under way is measured again with it. */
    intervalChanged(): void {
      if (!stopped && !running) schedule(deps.intervalMs());
    },
    /** Every delta, arrivals or not (the mirror applies each; the renderer is told of arrivals). */
    onDelta(listener: (delta: Delta) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DeltaPoller = ReturnType<typeof createDeltaPoller>;
