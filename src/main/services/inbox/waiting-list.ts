import type {
  InboxChange,
  InboxFilter,
  InboxItem,
  InboxWaitingSummary,
  ListAnswer,
} from '../../../shared/contract/index.ts';
import { waitingSince } from '../../../shared/domain/index.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';
import { stableJson } from '../lists/list-call.ts';
import { SharedLoads } from '../lists/shared-loads.ts';
import { interactionOrder } from './merged-list.ts';
import { serviceQueriesOf, type InboxServiceQuery, type TagsOf } from './inbox-query.ts';
import { INTERACTIONS_MAX_PAGE, walkEach } from './walk-interactions.ts';
import { belongsToWalk, walkReadsBrand, type TriageField } from './waiting-walk-row.ts';

/**
 * The Needs reply list, its Oldest waiting first order and the overview's waiting queue.
 *
 * Done here, in main, because the service cannot answer it: op 16 has no filter for "the brand
 * has not answered" (the rule reads each interaction's messages, replies and brand reply, see
 * `shared/domain/waiting.ts`). So the filter's pages are walked (not archived unless the filter
 * says otherwise), the waiting ones kept, and the list's ranges and count served from what was
 * kept: the count is the kept rows', the one the list shows. The local mirror of the next issue
 * will answer the same question from the profile's own copy, without walking the service.
 *
 * What a walk costs, and why it does not starve the person: at `--scale 20` the To do view is
 * some 66,000 interactions, 660 pages (45,000 of them waiting). The walk reads a few pages at a
 * time on the rate gate's background lane, which serves every call a person waits for first,
 * leaves them the last tenth of each window, and lets background work keep only one request at
 * the service while the person is active (so a filter change waits behind one page, not four,
 * and the walk goes four at a time again once the person pauses); a walk nobody waits for any more (the filter changed
 * again, the view closed) is aborted and leaves the gate's queue.
 *
 * So a walk is kept, per query (the order is applied to it, so the three orders share one walk),
 * and walked again as seldom as can be. The app's own changes are mended into the kept walks row
 * by row (`updated` after a triage, `answered` after a reply the outbox sent), so working down
 * Needs reply costs no walk at all; only a bulk action forgets them (`forget`). Another tool's
 * changes are seen by one request before a kept walk is served (the query's count and latest
 * activity, one row): an interaction arriving or archived elsewhere changes one of them. A change
 * that touches neither (a reply sent elsewhere moves only the interaction's `updated_at`) shows
 * once `keptMs` has passed. At most two queries are kept, as a kept walk holds its waiting rows.
 */

interface Kept {
  /** The waiting rows in walk order (oldest activity first, or by relevance when searching). */
  rows: { item: InboxItem; since: number }[];
  /**
   * The query's state when the walk began (see `headOf`); null once the app's own change was
   * mended into the rows, and then the next head read is the walk's.
   */
  head: string | null;
}

export interface WaitingListDeps {
  community: () => CommunityApi;
  /** Names whose lists these are (`inbox:<profile id>`): two profiles never share a walk. */
  keyPrefix: () => string;
  /** The brands' tags, for filters that choose tags by name (one query per brand then). */
  tagsOf: (signal?: AbortSignal) => TagsOf;
  /** How long a walk's result is served before the pages are walked again (ms). */
  keptMs?: number;
  now?: () => number;
}

/** The waiting queue of two parts of the rows (none in both): the counts added, the longer wait kept. */
export function joinWaiting(one: InboxWaitingSummary, other: InboxWaitingSummary): InboxWaitingSummary {
  const oldest =
    one.oldest && other.oldest
      ? Date.parse(one.oldest.since) <= Date.parse(other.oldest.since)
        ? one.oldest
        : other.oldest
      : (one.oldest ?? other.oldest);
  return { count: one.count + other.count, oldest };
}

/** Whether a filter asks for the waiting ones only (the Oldest waiting first order does too). */
export function asksForWaiting(filter: InboxFilter): boolean {
  return filter.needsReply === true || filter.sort === 'OLDEST_WAITING';
}

/**
 * The service queries a waiting walk reads: the filter's (one per brand when tags are chosen by
 * name in brands whose ids differ), not archived unless it says otherwise, oldest activity first
 * (new interactions arriving meanwhile land after the pages already read, so none is skipped), by
 * relevance when the person asked for that order.
 */
export async function waitingWalkQueries(
  brandIds: readonly number[],
  filter: InboxFilter,
  tagsOf: TagsOf,
): Promise<InboxServiceQuery[]> {
  const queries = await serviceQueriesOf(brandIds, { ...filter, archived: filter.archived ?? false }, tagsOf);
  const sort = filter.sort === 'RELEVANCE' ? 'RELEVANCE' : 'SOURCE_UPDATED_AT';
  return queries.map((query) => ({ ...query, sort }));
}

/** Every interaction of `filter` a bulk action or an export would take, the waiting rule applied. */
export async function* walkFilter(
  community: CommunityApi,
  brandIds: readonly number[],
  filter: InboxFilter,
  tagsOf: TagsOf,
  context: Pick<CallContext, 'signal'>,
  onCount?: (count: number) => void,
): AsyncGenerator<InboxItem, void, undefined> {
  if (!asksForWaiting(filter)) {
    yield* walkEach(community, await serviceQueriesOf(brandIds, filter, tagsOf), context, onCount);
    return;
  }
  const queries = await waitingWalkQueries(brandIds, filter, tagsOf);
  for await (const item of walkEach(community, queries, context, onCount))
    if (waitingSince(item) !== null) yield item;
}

/**
 * Where a walk's pages wait at the rate gate: `background` when someone waits for its rows, `idle`
 * when it only completes a count or a summary beside rows the mirror already shows (the older
 * rows at 90 days kept): it then reads nothing while the person works, only in their pauses, as
 * its pages parsed in main compete with every filter change for the machine.
 */
export type WalkLane = 'background' | 'idle';

/** Pages read at once by a walk: a few, so it ends sooner, all of them behind the person's calls. */
const WALK_PAGES_AT_ONCE = 4;

/**
 * Every interaction of `query`, its pages read a few at a time on the background lane (one at a
 * time, 700 pages took some 50 s at `--scale 20`). In walk order: oldest activity first, so an
 * interaction arriving meanwhile lands after the last page (the next read's check sees it), and
 * one that moved onto the next page is not given twice.
 */
async function readAllPages(
  community: CommunityApi,
  query: InboxServiceQuery,
  signal: AbortSignal,
  lane: WalkLane,
): Promise<InboxItem[]> {
  const read = (offset: number) =>
    community.listInteractions({ ...query, offset, limit: INTERACTIONS_MAX_PAGE }, { signal, lane });
  const first = await read(0);
  const pageCount = Math.ceil(first.paging.count / INTERACTIONS_MAX_PAGE);
  const pages: InboxItem[][] = [first.data];
  let next = 1;
  const reader = async () => {
    while (next < pageCount) {
      const at = next++;
      pages[at] = (await read(at * INTERACTIONS_MAX_PAGE)).data;
    }
  };
  await Promise.all(Array.from({ length: Math.min(WALK_PAGES_AT_ONCE, pageCount - 1) }, reader));
  const seen = new Set<number>();
  return pages.flat().filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

const oldestActivityFirst = interactionOrder('SOURCE_UPDATED_AT');

function ordered(kept: Kept, filter: InboxFilter): Kept['rows'] {
  switch (filter.sort) {
    case 'OLDEST_WAITING':
      return [...kept.rows].sort((a, b) => a.since - b.since || a.item.id - b.item.id);
    case 'SOURCE_UPDATED_AT':
    case 'RELEVANCE':
      return kept.rows;
    default:
      // Newest first: the walk read oldest first.
      return [...kept.rows].reverse();
  }
}

/** A kept walk, with what the app needs to mend it in place after its own changes. */
interface KeptWalk extends Kept {
  queries: InboxServiceQuery[];
  /** In the order of the walk's first query (relevance cannot place a new row). */
  byRelevance: boolean;
  /** When it was walked (`now()`), for the changes no head shows (see `keptMs`). */
  walkedAt: number;
}

/** One change the app made, applied to every kept walk and to the walks still reading. */
type Mend = (walk: KeptWalk) => KeptWalk | null;

/** The app's own changes remembered for walks in flight: more than this while one reads, and it is not kept. */
const MENDS_REMEMBERED = 200;

export function createWaitingList(deps: WaitingListDeps) {
  const now = deps.now ?? Date.now;
  const keptMs = deps.keptMs ?? 60_000;
  // Walks in flight, shared by the reads waiting for the same one; what they found is kept below.
  const walks = new SharedLoads({ ttlMs: 0, now: deps.now });
  // At most two queries are kept, the last served last (a Map keeps insertion order).
  const kept = new Map<string, KeptWalk>();
  // Asked at every read, never kept: shared only by the reads in flight together (the ranges of
  // one screen), so a change elsewhere is seen at the very next read.
  const heads = new SharedLoads({ ttlMs: 0, now: deps.now });
  // The app's changes, numbered: a walk reading while one is made applies it before it is kept.
  let mends: { at: number; mend: Mend }[] = [];
  let mendCount = 0;
  /** Bumped by `forget`: a walk begun before it is not kept. */
  let generation = 0;

  function keep(key: string, walk: KeptWalk) {
    kept.delete(key);
    kept.set(key, walk);
    while (kept.size > 2) kept.delete(kept.keys().next().value as string);
  }

  /** Applies one of the app's changes to every kept walk, and remembers it for walks in flight. */
  function mendAll(mend: Mend) {
    mends.push({ at: ++mendCount, mend });
    if (mends.length > MENDS_REMEMBERED) mends = mends.slice(-MENDS_REMEMBERED);
    for (const [key, walk] of [...kept]) {
      const mended = mend(walk);
      if (mended) kept.set(key, mended);
      else kept.delete(key);
    }
  }

  /**
   * The query's count and its latest activity (one row, newest first): any reply, arrival or
   * archiving, here or in another tool, changes one of them.
   */
  function headOf(query: InboxServiceQuery, context: CallContext): Promise<string> {
    const newest = { ...query, sort: '-SOURCE_UPDATED_AT' as const };
    return heads.get(
      `${deps.keyPrefix()}:waiting-head:${stableJson(newest)}`,
      async (signal) => {
        const page = await deps
          .community()
          .listInteractions({ ...newest, offset: 0, limit: 1 }, { ...context, signal });
        const top = page.data[0];
        return `${page.paging.count}|${top?.id ?? ''}|${top?.source_updated_at ?? ''}|${top?.updated_at ?? ''}`;
      },
      context.signal,
    );
  }

  async function walked(
    brandIds: readonly number[],
    filter: InboxFilter,
    context: CallContext,
    maxAgeMs: number,
    lane: WalkLane,
  ): Promise<Kept> {
    const queries = await waitingWalkQueries(brandIds, filter, deps.tagsOf(context.signal));
    const key = `${deps.keyPrefix()}:waiting:${stableJson(queries)}`;
    const head = (await Promise.all(queries.map((query) => headOf(query, context)))).join('/');
    const found = kept.get(key);
    if (found && now() - found.walkedAt < maxAgeMs) {
      // The app's own change moved the head: the walk was mended for it, so the head it left is
      // taken as the walk's. (A change elsewhere in the moment between the two is seen with the
      // next one that moves the head, or once `keptMs` has passed.)
      if (found.head === null) found.head = head;
      if (found.head === head) {
        keep(key, found);
        return found;
      }
    }
    // Changed since that walk (here or in another tool), or never walked: walk again.
    kept.delete(key);
    // By lane too: a person waiting for rows never waits on a walk held for their pause.
    return walks.get(
      `${key}:${generation}:${lane}`,
      async (signal): Promise<Kept> => {
        const begun = { generation, mendCount };
        const rows: Kept['rows'] = [];
        for (const query of queries)
          for (const item of await readAllPages(deps.community(), query, signal, lane)) {
            const since = waitingSince(item);
            if (since !== null) rows.push({ item, since });
          }
        // Several brands' walks read as one: back in walk order (by relevance, each brand's
        // ranks cannot be compared, so they stay one brand after the other).
        const byRelevance = filter.sort === 'RELEVANCE';
        if (queries.length > 1 && !byRelevance) rows.sort((a, b) => oldestActivityFirst(a.item, b.item));
        let walk: KeptWalk | null = { rows, head, queries, byRelevance, walkedAt: now() };
        // The app's changes made while the pages were read: a page read before one still shows
        // the row as it was. Mending is idempotent, so a page read after it is mended alike.
        const missed = mends.filter((entry) => entry.at > begun.mendCount);
        const remembered = missed.length === mendCount - begun.mendCount;
        for (const { mend } of missed) walk = walk && mend(walk);
        // But a row that left the query (or joined it) meanwhile moved every later row by one
        // place under the pages still to read, so one may have been skipped: the walk keeps the
        // head it began with, and the next read, finding the count changed, walks again.
        if (walk && remembered && begun.generation === generation) keep(key, { ...walk, head });
        return walk ?? { rows, head };
      },
      context.signal,
    );
  }

  /** The row of `item` in `walk`: replaced, dropped, added in walk order, or null (walk again). */
  function mendRow(walk: KeptWalk, item: InboxItem, touched: ReadonlySet<TriageField>): KeptWalk | null {
    const at = walk.rows.findIndex((row) => row.item.id === item.id);
    const query = walk.queries.find((q) => walkReadsBrand(q, item.brand_id));
    if (!query) return walk; // not a brand this walk reads
    const belongs = belongsToWalk(query, item, at >= 0, touched);
    if (belongs === undefined) return null;
    const since = belongs ? waitingSince(item) : null;
    const rows = walk.rows.filter((row) => row.item.id !== item.id);
    if (since !== null) {
      if (at >= 0) rows.splice(at, 0, { item, since });
      else if (walk.byRelevance) return null;
      else {
        const place = rows.findIndex((row) => oldestActivityFirst(item, row.item) < 0);
        rows.splice(place < 0 ? rows.length : place, 0, { item, since });
      }
    } else if (at < 0) return walk;
    return { ...walk, rows, head: null };
  }

  return {
    /** A range of the Needs reply list and its count. */
    async list(
      input: { brandIds: readonly number[]; filter: InboxFilter; offset: number; limit: number },
      context: CallContext,
      lane: WalkLane = 'background',
    ): Promise<ListAnswer<InboxItem>> {
      const rows = ordered(await walked(input.brandIds, input.filter, context, keptMs, lane), input.filter);
      return {
        count: rows.length,
        items: rows.slice(input.offset, input.offset + input.limit).map((row) => row.item),
      };
    },

    /**
     * The overview's waiting queue: the To do view's waiting ones (not archived). Asked after
     * every triage and refresh, so it serves a kept walk whose head is unchanged however old
     * (the list, which the person works through, walks again after `keptMs`): the overview never
     * starts a walk of 600 pages only because time passed.
     */
    async summary(
      brandIds: readonly number[],
      context: CallContext,
      /** Only the rows last active before this (ISO): the mirror holds the rest, walked on `idle`. */
      before?: string,
    ): Promise<InboxWaitingSummary> {
      const filter: InboxFilter = before ? { needsReply: true, to: before } : { needsReply: true };
      const { rows } = await walked(brandIds, filter, context, Infinity, before ? 'idle' : 'background');
      let oldest: Kept['rows'][number] | null = null;
      for (const row of rows) if (!oldest || row.since < oldest.since) oldest = row;
      return {
        count: rows.length,
        oldest: oldest && { item: oldest.item, since: new Date(oldest.since).toISOString() },
      };
    },

    /**
     * The app changed one interaction (a triage): `item` is it as the service answered. Its row
     * is replaced in every kept walk, dropped where it no longer belongs, or added where it now
     * does; a walk that cannot tell (it searches, say) is dropped, that one only.
     */
    updated(item: InboxItem, change: InboxChange): void {
      const touched = new Set<TriageField>();
      if (change.read !== undefined) touched.add('is_read');
      if (change.archived !== undefined) touched.add('is_archived');
      if (change.followUp !== undefined) touched.add('is_follow_up');
      if (change.tagIds !== undefined) touched.add('tag_ids');
      if (change.assigneeId !== undefined) touched.add('assignee_id');
      mendAll((walk) => mendRow(walk, item, touched));
    },

    /** The brand answered this interaction (a reply the app sent): nobody waits on it any more. */
    answered(interactionId: number): void {
      mendAll((walk) =>
        walk.rows.some((row) => row.item.id === interactionId)
          ? { ...walk, rows: walk.rows.filter((row) => row.item.id !== interactionId), head: null }
          : walk,
      );
    },

    /** Forgets every kept walk: the inbox changed in ways not told row by row (a bulk action, another profile). */
    forget(): void {
      generation++;
      kept.clear();
    },
  };
}
