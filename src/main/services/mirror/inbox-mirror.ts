import type {
  InboxFilter,
  InboxItem,
  InboxWaitingSummary,
  ListAnswer,
} from '../../../shared/contract/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import { systemClock, type GateClock } from '../api/gate-clock.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { fillBrand, sweepPage, type MirrorSyncDeps } from './mirror-fill.ts';
import {
  heldPageOffset,
  heldSince,
  firstScreenFromMirror,
  listFromMirror,
  overviewFromMirror,
  uncovered,
  unreadFromMirror,
  waitingSummaryFromMirror,
} from './mirror-query.ts';
import { MirrorStore } from './mirror-store.ts';
import { msOf } from './mirror-rows.ts';

export interface InboxMirrorDeps {
  databases: Pick<ProfileDatabases, 'open'>;
  profiles: Pick<ProfilesService, 'active' | 'onChange'>;
  clients: Pick<ProfileClients, 'forProfile' | 'gateOf'>;
  /** The retention period in days (the setting). */
  retentionDays: () => number;
  /** Time and the waits between rounds (the system's by default; tests move their own). */
  clock?: GateClock;
  /** Waited before a failed fill or sweep tries again, and between two sweep rounds (ms). */
  retryMs?: number;
  sweepEveryMs?: number;
}

/** How long a person stays on a screen before the rows shown are re-read (ms). */
const SETTLE_MS = 1_000;
/** Spans of rows shown kept for that re-read: a screen's pages, and the screen before. */
const SHOWN_KEPT = 4;

/** What the app knows of the active profile's mirror. */
export interface MirrorStatus {
  /** Every chosen brand is filled: lists within the period answer from the mirror. */
  filled: boolean;
  /** When the mirror last heard from the service (epoch ms), null if never. */
  syncedAt: number | null;
}

/**
 * The inbox mirror of issue 25 (§1, §2 but the delta poll, §4's offline start): per profile, the
 * chosen brands' interactions in its database (mirror-store.ts), filled on the background lane,
 * re-read as people look at them and swept within a budget; lists, counts, search and Needs
 * reply answered from it where it covers the query (mirror-query.ts), the same answer the
 * service would give. Every answer the service gives about an interaction, wherever main
 * received it, goes through `apply`.
 */
export function createInboxMirror(deps: InboxMirrorDeps) {
  const clock = deps.clock ?? systemClock;
  const now = () => clock.now();
  const retryMs = deps.retryMs ?? 30_000;
  const sweepEveryMs = deps.sweepEveryMs ?? 5 * 60_000;
  const stores = new Map<string, MirrorStore>();
  let running: {
    profileId: string;
    brands: string;
    controller: AbortController;
    filled: Promise<void>;
  } | null = null;
  let closed = false;
  /** Aborted on close: re-reads of shown rows still at the service are given up. */
  const closing = new AbortController();
  /** Ranges of rows served lately, so the same screen is not re-read at every scroll. */
  const revalidated = new Map<string, number>();
  /**
   * How many of a filter's rows are older than the retention period, as the service counted them
   * (see `list`), by profile, brands, period start and filter. Re-read when an older row came into
   * the mirror meanwhile (new activity on it: one fewer older row) and after a sweep's interval,
   * as the mirror's own rows are (teammates' triage on older rows moves no time either).
   */
  const olderCounts = new Map<string, { count: number; at: number; entered: number }>();

  /** Counts of older rows still at the service, by the key of `olderCounts`: asked once at a time. */
  const countingOlder = new Map<string, Promise<number>>();

  function olderKey(
    profileId: string,
    query: { brandIds: readonly number[]; filter: InboxFilter },
    since: number,
  ) {
    // The order does not change a count: every order shares one.
    const filter: InboxFilter = { ...query.filter, sort: undefined };
    return {
      filter,
      key: JSON.stringify([profileId, [...query.brandIds].sort((a, b) => a - b), since, filter]),
    };
  }

  /** The kept count of a filter's rows older than the period, if it is still good. */
  function olderCountKept(profileId: string, key: string): number | undefined {
    const kept = olderCounts.get(key);
    const fresh =
      kept && kept.entered === storeOf(profileId).olderRowsEntered && kept.at > now() - sweepEveryMs;
    return fresh ? kept.count : undefined;
  }

  function olderCount(
    profileId: string,
    query: { brandIds: readonly number[]; filter: InboxFilter },
    since: number,
    countOlder: (filter: InboxFilter) => Promise<number>,
  ): Promise<number> {
    const { filter, key } = olderKey(profileId, query, since);
    const kept = olderCountKept(profileId, key);
    if (kept !== undefined) return Promise.resolve(kept);
    // Asked already: that answer, or this caller's own ask if it fails (it may have been the
    // other caller's, cancelled with its call).
    const asked = countingOlder.get(key);
    if (asked) return asked.catch(() => olderCount(profileId, query, since, countOlder));
    const store = storeOf(profileId);
    const to =
      filter.to !== undefined && Date.parse(filter.to) < since ? filter.to : new Date(since).toISOString();
    const entered = store.olderRowsEntered;
    const counting = countOlder({ ...filter, to })
      .then((count) => {
        olderCounts.set(key, { count, at: now(), entered });
        if (olderCounts.size > 200) olderCounts.delete(olderCounts.keys().next().value as string);
        return count;
      })
      .finally(() => countingOlder.delete(key));
    countingOlder.set(key, counting);
    return counting;
  }

  function storeOf(profileId: string): MirrorStore {
    let store = stores.get(profileId);
    if (!store) {
      store = new MirrorStore(deps.databases.open(profileId));
      stores.set(profileId, store);
    }
    return store;
  }

  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const cancel = clock.setTimer(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        cancel();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });

  function syncDeps(profileId: string, signal: AbortSignal): MirrorSyncDeps {
    return {
      store: storeOf(profileId),
      community: deps.clients.forProfile(profileId).community,
      retentionDays: deps.retentionDays,
      now,
      signal,
    };
  }

  /**
   * Fills every chosen brand (brands no longer chosen leave first), then sweeps, round after
   * round. Every read is on the bulk sync lane: while a person is active the rate gate holds it
   * (with the delta and the re-reading of shown rows) to the sync share of each window, spread
   * over the window, one request at a time and never while the person's own call is at the
   * service.
   */
  async function sync(
    profileId: string,
    brandIds: readonly number[],
    signal: AbortSignal,
    filled: () => void,
  ) {
    const store = storeOf(profileId);
    for (const state of store.brandStates())
      if (!brandIds.includes(state.brandId)) store.removeBrand(state.brandId);
    const sync = syncDeps(profileId, signal);
    let readJustNow = false;
    for (;;) {
      try {
        for (const brandId of brandIds) if (await fillBrand(sync, brandId)) readJustNow = true;
        break;
      } catch (error) {
        if (signal.aborted) throw error;
        // Offline or refused: the mirror keeps what it has, and the fill resumes later from there.
        await wait(retryMs, signal);
      }
    }
    filled();
    // A fill made just now read every row: sweeping them all again at once would spend most of a
    // rate window on nothing new, and keep main busy as the person starts. The first round comes
    // one interval later; a mirror filled before (the app started again) is swept at once.
    if (readJustNow) await wait(sweepEveryMs, signal);
    for (;;) {
      for (const brandId of brandIds) {
        let more = true;
        while (more) {
          try {
            more = await sweepPage(sync, brandId);
          } catch (error) {
            if (signal.aborted) throw error;
            await wait(retryMs, signal);
          }
        }
      }
      await wait(sweepEveryMs, signal);
    }
  }

  /** Starts (or restarts, for another profile or other brands) the sync of the active profile. */
  function start(): void {
    if (closed) return;
    const profile = deps.profiles.active();
    const brands = profile?.brandIds.join(',') ?? '';
    if (running && running.profileId === profile?.id && running.brands === brands) return;
    running?.controller.abort();
    running = null;
    if (!profile) return;
    const controller = new AbortController();
    let markFilled!: () => void;
    const filled = new Promise<void>((resolve) => (markFilled = resolve));
    running = { profileId: profile.id, brands, controller, filled };
    // The app has just opened this profile: a person is about to look at its first screen, which
    // the fill's first pages must not keep waiting.
    deps.clients.gateOf(profile.id).notePerson();
    sync(profile.id, profile.brandIds, controller.signal, markFilled).catch((error: unknown) => {
      if (!controller.signal.aborted)
        console.error('socialdesk: the inbox mirror stopped syncing:', (error as Error).message);
    });
  }

  deps.profiles.onChange((stored) => {
    // A removed profile's database goes with it (remove-with-profile.ts); its store is dropped here.
    for (const id of [...stores.keys()]) if (!stored.list.some((p) => p.id === id)) stores.delete(id);
    start();
  });

  /**
   * Spans of rows shown and not yet re-read, newest last: re-read once the person has stayed on a
   * screen for a moment (`SETTLE_MS`). Read at every answer, a person going through filters cost
   * main a service call and a page written per screen passed by (a fifth of its busy time then,
   * on the thread their next answer waits for), and the sync share went on screens already gone.
   */
  const shown = new Map<string, { profileId: string; brandIds: number[]; after: number; before: number }>();
  let cancelSettle: (() => void) | null = null;

  /**
   * Teammates' triage does not move `source_updated_at`, so only reading the rows a person is
   * shown again shows it: one call for the span of time of a page they stay on, the same span
   * not again within half a minute.
   */
  function revalidate(profileId: string, items: readonly InboxItem[]): void {
    const times = items.map((item) => msOf(item.source_updated_at)).filter((at): at is number => at !== null);
    if (times.length === 0) return;
    const brandIds = [...new Set(items.map((item) => item.brand_id))].sort((a, b) => a - b);
    const after = Math.min(...times);
    const before = Math.max(...times) + 1;
    const key = `${profileId}:${brandIds.join(',')}:${after}:${before}`;
    if ((revalidated.get(key) ?? -Infinity) > now() - 30_000) return;
    shown.delete(key);
    shown.set(key, { profileId, brandIds, after, before });
    // The last screens only: a page passed by on the way to another is not worth a call.
    while (shown.size > SHOWN_KEPT) shown.delete(shown.keys().next().value as string);
    cancelSettle?.();
    cancelSettle = clock.setTimer(rereadShown, SETTLE_MS);
  }

  function rereadShown(): void {
    cancelSettle = null;
    const spans = [...shown.entries()];
    shown.clear();
    for (const [key, span] of spans) {
      revalidated.set(key, now());
      if (revalidated.size > 200) revalidated.delete(revalidated.keys().next().value as string);
      rereadSpan(span).catch(() => {
        // Offline, refused, or the profile removed meanwhile: the rows stay as they were, and
        // the sweep reads them later.
      });
    }
  }

  /** One span re-read into its profile's copy (a promise: from a timer, nothing may throw). */
  async function rereadSpan(span: { profileId: string; brandIds: number[]; after: number; before: number }) {
    const page = await deps.clients.forProfile(span.profileId).community.listInteractions(
      {
        brand_ids: span.brandIds,
        source_updated_after: new Date(span.after).toISOString(),
        source_updated_before: new Date(span.before).toISOString(),
        sort: '-SOURCE_UPDATED_AT',
        offset: 0,
        limit: 100,
      },
      { lane: 'sync', signal: closing.signal },
    );
    if (!closed && stores.has(span.profileId)) storeOf(span.profileId).apply(page.data, now());
  }

  return {
    start,
    /**
     * A person's call came to the inbox, answered from the copy or not: the rate gate counts the
     * person as active, and the sync holds back to its share for a moment.
     */
    noteActivity(): void {
      const profile = deps.profiles.active();
      if (!closed && profile) deps.clients.gateOf(profile.id).notePerson();
    },

    /** Interactions as the service just answered them, wherever main received them. */
    apply(profileId: string, items: readonly InboxItem[]): void {
      if (closed || items.length === 0) return;
      storeOf(profileId).apply(items, now());
    },

    /**
     * A range of the inbox list and its count from the mirror; null where the mirror does not
     * answer it (the service does then, see `uncovered` for why). A query reaching before the
     * retention period of a brand with older rows (the inbox's default view: no range) is
     * answered from the rows the mirror holds whole (`heldSince`) where the page lies among them
     * (`heldPageOffset`), its count being the mirror's rows plus the older ones the service
     * counts (`countOlder`, one call kept per filter): the first pages newest first, the last
     * pages oldest first. Pages reaching older rows go to the service. With `countLater`, a first
     * screen is answered before anything is counted, the held rows' count or the older ones'.
     */
    async list(
      profileId: string,
      brandIds: readonly number[],
      filter: InboxFilter,
      offset: number,
      limit: number,
      options: {
        offline?: boolean;
        countOlder?: (filter: InboxFilter) => Promise<number>;
        /** The caller takes the rows now and the whole count with its next page (`countPending`). */
        countLater?: boolean;
        /** Read ahead of the person, not shown yet: its rows are not revalidated as seen. */
        ahead?: boolean;
      } = {},
    ): Promise<ListAnswer<InboxItem> | null> {
      if (closed) return null;
      const store = storeOf(profileId);
      const query = { brandIds, filter };
      let answer: ListAnswer<InboxItem>;
      // A first screen is answered without counting (see `firstScreenFromMirror`): the rest of
      // its page, asked once the person stays on the list, brings the count.
      const firstScreen = options.countLater === true && offset === 0;
      if (uncovered(store, query, options.offline) === null)
        answer = firstScreen
          ? firstScreenFromMirror(store, query, limit)
          : listFromMirror(store, query, offset, limit);
      else {
        const since = options.countOlder ? heldSince(store, query) : null;
        if (since === null || !options.countOlder) return null;
        const order = filter.sort === 'SOURCE_UPDATED_AT' ? 'oldest first' : 'newest first';
        const head =
          firstScreen &&
          order === 'newest first' &&
          olderCountKept(profileId, olderKey(profileId, query, since).key) === undefined
            ? firstScreenFromMirror(store, query, limit, since)
            : null;
        if (head && head.items.length === limit) {
          // The page is among the held rows whatever the older ones number: the rows at once,
          // the held ones' count if kept, and the service's count of the older ones with the
          // rest of the page, which asks for it.
          answer = { ...head, countPending: true };
        } else {
          const older = await olderCount(profileId, query, since, options.countOlder);
          if (closed) return null;
          // Counted again (kept, unless a row changed while the service counted).
          const heldNow = listFromMirror(store, query, 0, 0, since).count;
          const at = heldPageOffset(order, heldNow, older, offset, limit);
          if (at === null) return null;
          answer = { count: heldNow + older, items: listFromMirror(store, query, at, limit, since).items };
        }
      }
      if (!options.offline && !options.ahead) revalidate(profileId, answer.items);
      return answer;
    },

    /** The overview's waiting queue from the mirror; null where it does not cover the brands. */
    waitingSummary(
      profileId: string,
      brandIds: readonly number[],
      options: { offline?: boolean } = {},
    ): InboxWaitingSummary | null {
      if (closed) return null;
      const store = storeOf(profileId);
      if (uncovered(store, { brandIds, filter: { needsReply: true } }, options.offline) !== null) return null;
      return waitingSummaryFromMirror(store, brandIds);
    },

    /**
     * The waiting queue of the rows the mirror holds whole, where it does not cover the brands
     * (older rows on the service): the rows last active from `since` on, which the service's
     * older ones (before `since`) complete. Null where it holds no such part.
     */
    heldWaitingSummary(
      profileId: string,
      brandIds: readonly number[],
    ): { since: number; summary: InboxWaitingSummary } | null {
      if (closed) return null;
      const store = storeOf(profileId);
      const since = heldSince(store, { brandIds, filter: { needsReply: true } });
      return since === null ? null : { since, summary: waitingSummaryFromMirror(store, brandIds, since) };
    },

    /** Op 18's unread counts from the mirror; null where it does not cover the brands and range. */
    unreadCounts(
      profileId: string,
      scope: { brandIds: readonly number[]; from?: string; to?: string },
      types: readonly string[],
      options: { offline?: boolean } = {},
    ) {
      if (closed) return null;
      const store = storeOf(profileId);
      const filter: InboxFilter = { from: scope.from, to: scope.to };
      if (uncovered(store, { brandIds: scope.brandIds, filter }, options.offline) !== null) return null;
      return unreadFromMirror(store, scope.brandIds, types, scope);
    },

    /** The overview's counts offline (the service's own figures otherwise); null where it holds no brand's copy. */
    offlineOverview(profileId: string, brandIds: readonly number[]) {
      if (closed) return null;
      const store = storeOf(profileId);
      if (uncovered(store, { brandIds, filter: {} }, true) !== null) return null;
      return overviewFromMirror(store, brandIds);
    },

    /** One interaction as the mirror holds it (the open item offline); null when it holds none. */
    get(profileId: string, id: number): InboxItem | null {
      return closed ? null : storeOf(profileId).get(id);
    },

    status(profileId: string): MirrorStatus {
      if (closed) return { filled: false, syncedAt: null };
      const store = storeOf(profileId);
      const profile = deps.profiles.active();
      const states = store.brandStates();
      const filled =
        profile !== undefined &&
        profile.brandIds.every((brandId) => states.some((s) => s.brandId === brandId && s.filledAt !== null));
      return { filled, syncedAt: store.lastSyncedAt() };
    },

    /** Resolves when the active profile's first fill has ended (tests and the benchmark wait on it). */
    filled(): Promise<void> {
      return running?.filled ?? Promise.resolve();
    },

    /**
     * Changes one row here, before the service has taken the change (triage done offline):
     * answers the row as it now reads, or null when the mirror does not hold it. An edit that
     * answers null takes the row out (the service no longer has it).
     */
    applyLocal(profileId: string, id: number, edit: (item: InboxItem) => InboxItem | null): InboxItem | null {
      if (closed) return null;
      const store = storeOf(profileId);
      const before = store.get(id);
      if (!before) return null;
      const after = edit(before);
      store.writeLocal(id, after);
      return after;
    },

    close(): void {
      closed = true;
      cancelSettle?.();
      shown.clear();
      closing.abort();
      running?.controller.abort();
      running = null;
      stores.clear();
    },
  };
}

export type InboxMirror = ReturnType<typeof createInboxMirror>;
