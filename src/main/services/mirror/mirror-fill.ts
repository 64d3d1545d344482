import type { InboxItem } from '../../../shared/contract/index.ts';
import type { CommunityApi } from '../api/community.ts';
import type { RateStatus } from '../api/rate-gate.ts';
import { INTERACTIONS_MAX_PAGE } from '../inbox/walk-interactions.ts';
import type { MirrorStore } from './mirror-store.ts';
import { msOf } from './mirror-rows.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Pages of the first fill in flight while nobody is using the app: enough to keep up with the gate. */
export const FILL_PAGES_AT_ONCE = 4;

export interface MirrorSyncDeps {
  store: MirrorStore;
  community: CommunityApi;
  /** The retention period (days), read at each fill: the setting may change. */
  retentionDays: () => number;
  now: () => number;
  /**
   * Whether a person is using the inbox (a call of theirs came a moment ago): the fill then
   * keeps one page in flight and the sweep its budget, so a person's call never queues behind
   * several of the mirror's.
   */
  personActive: () => boolean;
  /** Resolves once no person's call has come for a moment (at once when none has). */
  personIdle: (signal: AbortSignal) => Promise<void>;
  /** The rate gate's status: the limit and reset of the current window, for the sweep's budget. */
  rateStatus: () => RateStatus;
  signal: AbortSignal;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The first fill of one brand (issue 25 §2): op 16 on the background lane, oldest activity first
 * from the retention period's start (or from where an earlier fill got to: the sync state is
 * written after each page read in order, so a restart resumes there, the boundary's rows read
 * again rather than missed). Oldest first, so an interaction updated meanwhile moves behind the
 * pages still to read (it is read there) rather than ahead of them. When every page is in, the
 * service is asked how many of the brand's rows are older than the period: none, and the mirror
 * answers queries with no range too. The brand's tags are read last.
 */
export async function fillBrand(deps: MirrorSyncDeps, brandId: number): Promise<void> {
  const { store, community, signal } = deps;
  const windowStart = deps.now() - deps.retentionDays() * DAY_MS;
  const state = store.holdBrand(brandId, windowStart);
  if (state.filledAt !== null) return;
  const from = Math.max(state.windowStart, state.filledTo ?? state.windowStart);
  const query = {
    brand_ids: [brandId],
    sort: 'SOURCE_UPDATED_AT' as const,
    source_updated_after: iso(from),
  };
  const read = (offset: number) =>
    community.listInteractions(
      { ...query, offset, limit: INTERACTIONS_MAX_PAGE },
      { signal, lane: 'background' },
    );
  const first = await read(0);
  store.apply(first.data, deps.now());
  progress(store, brandId, first.data);
  const pageCount = Math.ceil(first.paging.count / INTERACTIONS_MAX_PAGE);
  // Pages done out of order are kept until the ones before them are in: the sync state only
  // ever says "everything up to here".
  const done = new Map<number, InboxItem[]>();
  let nextToRead = 1;
  let nextInOrder = 1;
  const reader = async (lane: number) => {
    while (nextToRead < pageCount) {
      // A person at work: one page in flight, the others wait their turn.
      if (lane > 0 && deps.personActive()) {
        await deps.personIdle(signal);
        continue;
      }
      const at = nextToRead++;
      const page = await read(at * INTERACTIONS_MAX_PAGE);
      store.apply(page.data, deps.now());
      done.set(at, page.data);
      while (done.has(nextInOrder)) {
        progress(store, brandId, done.get(nextInOrder)!);
        done.delete(nextInOrder++);
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(FILL_PAGES_AT_ONCE, Math.max(0, pageCount - 1)) }, (_, lane) =>
      reader(lane),
    ),
  );
  const older = await community.listInteractions(
    { brand_ids: [brandId], source_updated_before: iso(state.windowStart), offset: 0, limit: 0 },
    { signal, lane: 'background' },
  );
  const tags = await community.listTags([brandId], { signal, lane: 'background' });
  store.replaceTags(
    [brandId],
    tags.map((tag) => ({ id: tag.id, brand_id: tag.brand_id, name: tag.name })),
  );
  store.fillDone(brandId, older.paging.count, deps.now());
}

function progress(store: MirrorStore, brandId: number, page: readonly InboxItem[]): void {
  const last = page.at(-1);
  const at = last ? msOf(last.source_updated_at) : null;
  if (at !== null) store.fillProgress(brandId, at);
}

/**
 * The sweep's budget: while a person is active, at most a tenth of each rate window (issue 25 §2),
 * counted per window (a window is known by its reset); while nobody is, the background lane's
 * own share. Before any answer told the limit, the interface's 1000 a minute is assumed.
 */
export class SweepBudget {
  #window = -1;
  #spent = 0;

  readonly #share: number;

  constructor(share = 0.1) {
    this.#share = share;
  }

  /** Whether one more call fits now; counts it when it does. */
  take(status: RateStatus, personActive: boolean): boolean {
    if (status.resetAt !== this.#window) {
      this.#window = status.resetAt;
      this.#spent = 0;
    }
    const limit = status.limit > 0 ? status.limit : 1000;
    if (personActive && this.#spent + 1 > Math.floor(limit * this.#share)) return false;
    this.#spent++;
    return true;
  }
}

/**
 * One page of the background sweep of a brand's retention period (teammates' triage does not move
 * `source_updated_at`, so only reading the rows again shows it): the next page after where the
 * sweep got to, oldest first. Rows the service no longer lists strictly inside the page's time
 * span are gone from the service and leave the mirror. Returns false when the round is over.
 */
export async function sweepPage(deps: MirrorSyncDeps, brandId: number): Promise<boolean> {
  const { store } = deps;
  const state = store.brandState(brandId);
  if (!state || state.filledAt === null) return false;
  const from = state.sweptTo ?? state.windowStart;
  const page = await deps.community.listInteractions(
    {
      brand_ids: [brandId],
      sort: 'SOURCE_UPDATED_AT',
      source_updated_after: iso(from),
      offset: 0,
      limit: INTERACTIONS_MAX_PAGE,
    },
    { signal: deps.signal, lane: 'background' },
  );
  store.apply(page.data, deps.now());
  const times = page.data
    .map((item) => msOf(item.source_updated_at))
    .filter((at): at is number => at !== null);
  if (times.length >= 2)
    store.dropMissingBetween(
      brandId,
      times[0]!,
      times.at(-1)!,
      page.data.map((item) => item.id),
    );
  const last = times.at(-1);
  const over = page.data.length < INTERACTIONS_MAX_PAGE || last === undefined || last === from;
  store.sweepProgress(brandId, over ? null : last);
  return !over;
}
