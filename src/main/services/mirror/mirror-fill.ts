import type { InboxItem } from '../../../shared/contract/index.ts';
import type { CommunityApi } from '../api/community.ts';
import { INTERACTIONS_MAX_PAGE } from '../inbox/walk-interactions.ts';
import type { MirrorStore, PackedBodies } from './mirror-store.ts';
import { msOf } from './mirror-rows.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Pages of the first fill asked for at once: enough to keep up with the gate while nobody is
 * using the app. While a person is, the rate gate lets one of them go at a time, within the
 * sync share of the window (every read here is on the `sync-bulk` lane).
 */
export const FILL_PAGES_AT_ONCE = 4;

export interface MirrorSyncDeps {
  store: MirrorStore;
  community: CommunityApi;
  /** The retention period (days), read at each fill: the setting may change. */
  retentionDays: () => number;
  now: () => number;
  signal: AbortSignal;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The first fill of one brand (issue 25 §2): op 16 on the bulk sync lane, oldest activity first
 * from the retention period's start (or from where an earlier fill got to: the sync state is
 * written after each page read in order, so a restart resumes there, the boundary's rows read
 * again rather than missed). Oldest first, so an interaction updated meanwhile moves behind the
 * pages still to read (it is read there) rather than ahead of them. When every page is in, the
 * service is asked how many of the brand's rows are older than the period: none, and the mirror
 * answers queries with no range too. The brand's tags are read last. Answers whether it read
 * anything (false: the brand was filled before).
 */
export async function fillBrand(deps: MirrorSyncDeps, brandId: number): Promise<boolean> {
  const { store, community, signal } = deps;
  const windowStart = deps.now() - deps.retentionDays() * DAY_MS;
  const state = store.holdBrand(brandId, windowStart);
  if (state.filledAt !== null) return false;
  const from = Math.max(state.windowStart, state.filledTo ?? state.windowStart);
  const query = {
    brand_ids: [brandId],
    sort: 'SOURCE_UPDATED_AT' as const,
    source_updated_after: iso(from),
  };
  const read = (offset: number) =>
    community.listInteractions(
      { ...query, offset, limit: INTERACTIONS_MAX_PAGE },
      { signal, lane: 'sync-bulk' },
    );
  const first = await read(0);
  const firstBodies = await packed(deps, first.data);
  store.apply(first.data, deps.now(), firstBodies);
  progress(store, brandId, first.data);
  const pageCount = Math.ceil(first.paging.count / INTERACTIONS_MAX_PAGE);
  // Pages done out of order are kept until the ones before them are in: the sync state only
  // ever says "everything up to here".
  const done = new Map<number, InboxItem[]>();
  let nextToRead = 1;
  let nextInOrder = 1;
  const reader = async () => {
    while (nextToRead < pageCount) {
      const at = nextToRead++;
      const page = await read(at * INTERACTIONS_MAX_PAGE);
      const bodies = await packed(deps, page.data);
      store.apply(page.data, deps.now(), bodies);
      done.set(at, page.data);
      while (done.has(nextInOrder)) {
        progress(store, brandId, done.get(nextInOrder)!);
        done.delete(nextInOrder++);
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(FILL_PAGES_AT_ONCE, Math.max(0, pageCount - 1)) }, () => reader()),
  );
  const older = await community.listInteractions(
    { brand_ids: [brandId], source_updated_before: iso(state.windowStart), offset: 0, limit: 0 },
    { signal, lane: 'sync-bulk' },
  );
  const tags = await community.listTags([brandId], { signal, lane: 'sync-bulk' });
  store.replaceTags(
    [brandId],
    tags.map((tag) => ({ id: tag.id, brand_id: tag.brand_id, name: tag.name })),
  );
  store.fillDone(brandId, older.paging.count, deps.now());
  return true;
}

/** A page's bodies, deflated off main's thread (`packBodies`); the fill stops here if aborted meanwhile. */
async function packed(deps: MirrorSyncDeps, page: readonly InboxItem[]): Promise<PackedBodies> {
  const bodies = await deps.store.packBodies(page);
  deps.signal.throwIfAborted();
  return bodies;
}

function progress(store: MirrorStore, brandId: number, page: readonly InboxItem[]): void {
  const last = page.at(-1);
  const at = last ? msOf(last.source_updated_at) : null;
  if (at !== null) store.fillProgress(brandId, at);
}

/**
 * One page of the background sweep of a brand's retention period (teammates' triage does not
 * move `source_updated_at`, so only reading the rows again shows it), on the bulk sync lane:
 * while a person is active the rate gate holds it to the sync share of each window. The next
 * page after where the sweep got to, oldest first. Rows the service no longer lists strictly
 * inside the page's time span are gone from the service and leave the mirror. Returns false when
 * the round is over.
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
    { signal: deps.signal, lane: 'sync-bulk' },
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
