import type {
  InboxFilter,
  InboxItem,
  InboxWaitingSummary,
  ListAnswer,
} from '../../../shared/contract/index.ts';
import type { InteractionListType } from '../../../shared/domain/index.ts';
import { DOCUMENTS_PER_INTERACTION, type MirrorStore } from './mirror-store.ts';
import { msOf, textsOf } from './mirror-rows.ts';

/**
 * Lists, counts and searches answered from the mirror, with the service's meaning (op 16 as the
 * interface and conventions §6 describe it, and as the sandbox implements it): the same ids, in
 * the same order, with the same count. `uncovered` says when the mirror cannot give that answer;
 * the query then goes to the service, as before the mirror.
 */

export interface MirrorQuery {
  brandIds: readonly number[];
  filter: InboxFilter;
}

/**
 * Why the mirror cannot answer a query the service's way (null: it can).
 * - A brand not mirrored, or whose first fill has not ended: rows would be missing.
 * - A range reaching before the retention period, where the service held older rows at the fill.
 * - RELEVANCE: the service ranks by scores over its whole corpus (bm25 and its own weights) that
 *   it does not give; no local ranking would put the rows in its order.
 * - SAMPLE: an order of the service's own choosing, not described by the interface.
 * - Message dates (`filter_messages_by_date`) with a range: the service bounds each message of a
 *   conversation by times the list does not give for every kind of message.
 * `offline`: the service cannot be reached, so the retention period is the whole answer there is
 * (the inbox says it is this computer's copy); the orders above still go to the service.
 */
export function uncovered(store: MirrorStore, query: MirrorQuery, offline = false): string | null {
  const { filter } = query;
  if (filter.sort === 'RELEVANCE') return 'relevance is ranked by the service';
  if (filter.sort === 'SAMPLE') return "a sample is the service's own order";
  if (filter.messageDates && (filter.from || filter.to)) return 'message dates are bounded by the service';
  const from = filter.from ? Date.parse(filter.from) : null;
  for (const brandId of query.brandIds) {
    const state = store.brandState(brandId);
    if (!state || state.filledAt === null) return `brand ${brandId} is not mirrored yet`;
    // Offline there is no other answer: the period kept is what the inbox shows, and says so.
    if (!offline && state.olderCount !== 0 && (from === null || from < state.windowStart))
      return `the range reaches before brand ${brandId}'s retention period`;
  }
  return null;
}

const sentimentColumn = { positive: 'is_positive', negative: 'is_negative', neutral: 'is_neutral' } as const;

/** Ads comments are Facebook or Instagram comments left on an ad (the service's own reading). */
const adsTypes: Partial<Record<InteractionListType, string>> = {
  FACEBOOK_ADS_COMMENT: 'FACEBOOK_COMMENT',
  INSTAGRAM_ADS_COMMENT: 'INSTAGRAM_COMMENT',
};

/**
 * The service's full-text expression for a search (conventions §6, as the sandbox reads it):
 * every word of plain text must occur in one text, each prefix-matched; a keyword list matches
 * any keyword, a keyword of several words as a phrase. Words are quoted so a person's text is
 * never read as search syntax. Null: the text has no word at all (it then matches nothing).
 */
export function searchExpression(text: string, keywordList: boolean): string | null {
  const wordsOf = (part: string) => part.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (keywordList) {
    const phrases = text
      .split(',')
      .map(wordsOf)
      .filter((words) => words.length > 0)
      .map((words) => `"${words.join(' ')}"*`);
    return phrases.length > 0 ? phrases.join(' OR ') : null;
  }
  const words = wordsOf(text);
  return words.length > 0 ? words.map((word) => `"${word}"*`).join(' AND ') : null;
}

/** ~120 characters around the first searched word, as the service's `search_result_snippet`. */
function snippetOf(item: InboxItem, text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const candidate of textsOf(item)) {
    const lower = candidate.toLowerCase();
    for (const word of words) {
      const at = lower.indexOf(word);
      if (at < 0) continue;
      const start = Math.max(0, at - 50);
      const end = Math.min(candidate.length, at + word.length + 70);
      return `${start > 0 ? '…' : ''}${candidate.slice(start, end)}${end < candidate.length ? '…' : ''}`;
    }
  }
  return null;
}

interface Where {
  sql: string;
  params: (string | number)[];
  /** The full-text expression searched, if any (its condition is `SEARCHED`). */
  searched?: string;
}

/** The condition a search adds: the interactions with a document matching. */
const SEARCHED = `ci.id IN (SELECT rowid / ${DOCUMENTS_PER_INTERACTION} FROM mirror_documents WHERE mirror_documents MATCH ?)`;

const marks = (values: readonly unknown[]) => values.map(() => '?').join(',');
const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The brands and tags a filter reads: tags chosen by name are each brand's own tags of those
 * names (inbox-query.ts, serviceQueriesOf), so brands group by the ids they resolve to, and a
 * brand lacking a name has nothing that matches.
 */
function brandGroups(store: MirrorStore, query: MirrorQuery): { brandIds: number[]; tagIds: number[] }[] {
  const names = query.filter.tagNames ?? [];
  const plain = query.filter.tagIds ?? [];
  if (names.length === 0) return [{ brandIds: [...query.brandIds], tagIds: [...plain] }];
  const wanted = [...new Set(names.map(nameKey))];
  const tags = store.tags(query.brandIds);
  const groups = new Map<string, { brandIds: number[]; tagIds: number[] }>();
  for (const brandId of query.brandIds) {
    const ids = wanted.map(
      (name) => tags.find((tag) => tag.brand_id === brandId && nameKey(tag.name) === name)?.id,
    );
    if (ids.some((id) => id === undefined)) continue;
    const tagIds = [...new Set([...plain, ...(ids as number[])])].sort((a, b) => a - b);
    const key = tagIds.join(',');
    const group = groups.get(key) ?? { brandIds: [], tagIds };
    group.brandIds.push(brandId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The part of a query the mirror holds whole when it does not hold all of it: every row last
 * active from the returned time on (epoch ms), for queries `uncovered` leaves to the service only
 * because their range reaches before the retention period of a brand with older rows. Each brand
 * holds every row from its own period's start, so from the latest of those starts on, every
 * brand's rows are all there. Null: no such part helps (the query is covered whole, or not at all
 * for another reason, or its order does not put the held rows at one end):
 * - newest first (the default, Needs reply too): rows from that time on come before every older
 *   row, so the first pages, as long as they end within it, are the service's pages;
 * - oldest first: they come after every older row, so pages from the older rows' count on are;
 * - oldest waiting first: an older row may have waited longer than any held one, so the held
 *   rows are not at either end; relevance and sample are the service's own orders anyway.
 */
export function heldSince(store: MirrorStore, query: MirrorQuery): number | null {
  const { filter } = query;
  if (filter.sort === 'OLDEST_WAITING' || filter.sort === 'RELEVANCE' || filter.sort === 'SAMPLE')
    return null;
  if (filter.messageDates && (filter.from || filter.to)) return null;
  if (query.brandIds.length === 0) return null;
  let since = -Infinity;
  for (const brandId of query.brandIds) {
    const state = store.brandState(brandId);
    if (!state || state.filledAt === null) return null;
    since = Math.max(since, state.windowStart);
  }
  return uncovered(store, query) === null ? null : since;
}

/**
 * Where a page of a query split at `heldSince` lies: `held` of its rows are in the mirror (last
 * active from then on) and `older` only on the service, and in the service's order the held ones
 * come first (newest first) or last (oldest first). Answers the offset among the held rows where
 * the page starts when every row of it is a held one, null when it needs an older row (the
 * service answers that page). A page past the end needs no row at all.
 */
export function heldPageOffset(
  order: 'newest first' | 'oldest first',
  held: number,
  older: number,
  offset: number,
  limit: number,
): number | null {
  const needed = Math.max(0, Math.min(limit, held + older - offset));
  if (order === 'newest first') return offset + needed <= held ? offset : null;
  if (needed === 0) return Math.max(0, offset - older);
  return offset >= older ? offset - older : null;
}

/** The filter as a WHERE clause over `mirror_interactions ci`; rows from `since` (epoch ms) on when given. */
function whereOf(store: MirrorStore, query: MirrorQuery, waiting: boolean, since?: number): Where {
  const { filter } = query;
  const conditions: string[] = [];
  const params: (string | number)[] = [];

  const groups = brandGroups(store, query);
  if (groups.length === 0) return { sql: '0', params: [] };
  const groupSql = groups.map((group) => {
    params.push(...group.brandIds);
    let sql = `ci.brand_id IN (${marks(group.brandIds)})`;
    if (group.tagIds.length > 0) {
      sql += ` AND ci.id IN (${group.tagIds
        .map(() => 'SELECT interaction_id FROM mirror_interaction_tags WHERE tag_id = ?')
        .join(' INTERSECT ')})`;
      params.push(...group.tagIds);
    }
    return `(${sql})`;
  });
  conditions.push(`(${groupSql.join(' OR ')})`);

  if (filter.types?.length) {
    const plain = filter.types.filter((type) => !adsTypes[type]);
    const alternatives: string[] = [];
    if (plain.length > 0) {
      alternatives.push(`ci.type IN (${marks(plain)})`);
      params.push(...plain);
    }
    for (const type of filter.types) {
      const base = adsTypes[type];
      if (!base) continue;
      alternatives.push('(ci.type = ? AND ci.is_ad = 1)');
      params.push(base);
    }
    conditions.push(`(${alternatives.join(' OR ')})`);
  }
  const archived = waiting ? (filter.archived ?? false) : filter.archived;
  const flags: [boolean | undefined, string][] = [
    [archived, 'is_archived'],
    [filter.followUp, 'is_follow_up'],
    [filter.read, 'is_read'],
    [filter.question, 'is_question'],
  ];
  for (const [value, column] of flags) {
    if (value === undefined) continue;
    conditions.push(`ci.${column} = ?`);
    params.push(value ? 1 : 0);
  }
  if (filter.sentiment) conditions.push(`ci.${sentimentColumn[filter.sentiment]} = 1`);
  if (filter.assigneeId !== undefined) {
    conditions.push('ci.assignee_id = ?');
    params.push(filter.assigneeId);
  }
  if (filter.mediaIds?.length) {
    conditions.push(`ci.media_id IN (${marks(filter.mediaIds)})`);
    params.push(...filter.mediaIds);
  }
  if (filter.mustIncludeText) conditions.push('ci.has_text = 1');
  if (filter.ticketId) {
    // The service reads ticket_id as a comma-separated list: any of them matches.
    const tickets = filter.ticketId
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (tickets.length > 0) {
      conditions.push(
        `ci.id IN (SELECT interaction_id FROM mirror_interaction_tickets WHERE source_id IN (${marks(tickets)}))`,
      );
      params.push(...tickets);
    }
  }
  if (filter.from) {
    conditions.push('ci.source_updated_at >= ?');
    params.push(msOf(filter.from)!);
  }
  if (filter.to) {
    conditions.push('ci.source_updated_at < ?');
    params.push(msOf(filter.to)!);
  }
  if (since !== undefined) {
    conditions.push('ci.source_updated_at >= ?');
    params.push(since);
  }
  let searched: string | undefined;
  if (filter.text) {
    const match = searchExpression(filter.text, filter.keywordList ?? false);
    if (match === null) conditions.push('0');
    else {
      conditions.push(SEARCHED);
      params.push(match);
      searched = match;
    }
  }
  if (waiting) conditions.push('ci.waiting_since IS NOT NULL');
  return { sql: conditions.join(' AND '), params, searched };
}

function orderOf(filter: InboxFilter): string {
  if (filter.sort === 'OLDEST_WAITING') return 'ci.waiting_since ASC, ci.id ASC';
  if (filter.sort === 'SOURCE_UPDATED_AT') return 'ci.source_updated_at ASC, ci.id ASC';
  return 'ci.source_updated_at DESC, ci.id DESC';
}

/** Whether a filter asks for the waiting ones only (as waiting-list.ts reads it). */
const asksForWaiting = (filter: InboxFilter) =>
  filter.needsReply === true || filter.sort === 'OLDEST_WAITING';

/**
 * Rows `offset` to `offset + limit` of a covered query and their count, as the service (or, for
 * Needs reply and Oldest waiting first, main's walk of it) would answer; of its rows last active
 * from `since` on only, when given (see `heldSince`).
 */
export function listFromMirror(
  store: MirrorStore,
  query: MirrorQuery,
  offset: number,
  limit: number,
  since?: number,
): ListAnswer<InboxItem> {
  const where = whereOf(store, query, asksForWaiting(query.filter), since);
  const count = store.countWhere(where.sql, where.params);
  if (limit === 0 || offset >= count) return { count, items: [] };
  return { count, items: pageOf(store, query, where, offset, limit) };
}

/**
 * A first screen of a covered query (or of its rows from `since` on) without counting its rows:
 * counting costs most of the answer for a filter not counted before, and the person waits for the
 * rows. The count is the rows known so far, pending while the page is full (more may follow),
 * unless it was kept from an earlier answer; `count` is exact when the page is not full.
 */
export function firstScreenFromMirror(
  store: MirrorStore,
  query: MirrorQuery,
  limit: number,
  since?: number,
): ListAnswer<InboxItem> {
  const where = whereOf(store, query, asksForWaiting(query.filter), since);
  const kept = store.keptCount(where.sql, where.params);
  const items = limit > 0 && kept !== 0 ? pageOf(store, query, where, 0, limit) : [];
  if (kept !== undefined) return { count: kept, items };
  return items.length === limit
    ? { count: limit, countPending: true, items }
    : { count: items.length, items };
}

/** Documents matching a search from which its first pages are read along the time index. */
const ALONG_TIME_FROM_MATCHES = 300;

/**
 * Whether a search's page is read along the time index (newest or oldest first), stopping at the
 * page's end, rather than from its matches, each looked up and all of them sorted: at 100,000
 * rows a word in 10,000 of them took 5 ms that way, 1 ms along the time. A search matching few
 * rows is read from its matches (walking the time index would find few rows to stop at), and so
 * is a page deep in the list.
 */
function alongTime(
  store: MirrorStore,
  filter: InboxFilter,
  where: Where,
  offset: number,
  limit: number,
): boolean {
  if (where.searched === undefined || filter.sort === 'OLDEST_WAITING' || offset + limit > 200) return false;
  const { matches } = store
    .statement('SELECT count(*) AS matches FROM mirror_documents WHERE mirror_documents MATCH ?')
    .get(where.searched) as { matches: number };
  return matches >= ALONG_TIME_FROM_MATCHES;
}

/** The page's ids from the narrow rows, in order; then only their bodies. */
function pageOf(store: MirrorStore, query: MirrorQuery, where: Where, offset: number, limit: number) {
  // The unary plus keeps SQLite from reading the interactions by the search's ids.
  const sql = alongTime(store, query.filter, where, offset, limit)
    ? where.sql.replace(SEARCHED, `+${SEARCHED}`)
    : where.sql;
  const ids = (
    store
      .statement(
        `SELECT ci.id FROM mirror_interactions ci WHERE ${sql} ORDER BY ${orderOf(query.filter)} LIMIT ? OFFSET ?`,
      )
      .all(...where.params, limit, offset) as { id: number }[]
  ).map((row) => Number(row.id));
  const bodies = store.bodies(ids);
  const text = query.filter.text;
  return ids.map((id) => {
    const item = bodies.get(id)!;
    // The service gives a snippet around the searched words with a search, none without.
    return { ...item, search_result_snippet: text ? snippetOf(item, text) : null } as InboxItem;
  });
}

/**
 * The overview's waiting queue (the To do view's waiting ones): how many, and who waited longest;
 * of the rows last active from `since` on only, when given (see `heldSince`).
 */
export function waitingSummaryFromMirror(
  store: MirrorStore,
  brandIds: readonly number[],
  since?: number,
): InboxWaitingSummary {
  const query: MirrorQuery = { brandIds, filter: { needsReply: true } };
  const where = whereOf(store, query, true, since);
  const count = store.countWhere(where.sql, where.params);
  const oldest = store
    .statement(
      `SELECT ci.id, ci.waiting_since FROM mirror_interactions ci
        WHERE ${where.sql} ORDER BY ci.waiting_since ASC, ci.id ASC LIMIT 1`,
    )
    .get(...where.params) as { id: number; waiting_since: number } | undefined;
  const item = oldest ? store.get(Number(oldest.id)) : null;
  return {
    count,
    oldest: oldest && item ? { item, since: new Date(Number(oldest.waiting_since)).toISOString() } : null,
  };
}

/**
 * Op 18 from the mirror: the unread (not read, not archived) interactions of the brands within an
 * optional range, by type and by brand. An ads comment counts under its own type and under the
 * ads type too, as the service counts it; every type of `types` is named, with 0 where none.
 */
export function unreadFromMirror(
  store: MirrorStore,
  brandIds: readonly number[],
  types: readonly string[],
  range: { from?: string; to?: string },
): { total: number; byType: Record<string, number>; byBrand: Record<string, number> } {
  const conditions = [`brand_id IN (${marks(brandIds)})`, 'is_read = 0', 'is_archived = 0'];
  const params: number[] = [...brandIds];
  if (range.from) {
    conditions.push('source_updated_at >= ?');
    params.push(msOf(range.from)!);
  }
  if (range.to) {
    conditions.push('source_updated_at < ?');
    params.push(msOf(range.to)!);
  }
  const groups = store
    .statement(
      `SELECT brand_id, type, is_ad, count(*) AS n FROM mirror_interactions WHERE ${conditions.join(' AND ')}
        GROUP BY brand_id, type, is_ad`,
    )
    .all(...params) as { brand_id: number; type: string; is_ad: number; n: number }[];
  const byType: Record<string, number> = Object.fromEntries(types.map((type) => [type, 0]));
  const byBrand: Record<string, number> = Object.fromEntries(brandIds.map((id) => [String(id), 0]));
  let total = 0;
  for (const group of groups) {
    const n = Number(group.n);
    const matching = types.filter((type) =>
      adsTypes[type as InteractionListType]
        ? group.type === adsTypes[type as InteractionListType] && Number(group.is_ad) === 1
        : group.type === type,
    );
    if (matching.length === 0) continue;
    for (const type of matching) byType[type] = (byType[type] ?? 0) + n;
    byBrand[String(group.brand_id)] = (byBrand[String(group.brand_id)] ?? 0) + n;
    total += n;
  }
  return { total, byType, byBrand };
}

/**
 * The overview's figures from the mirror, for when the service cannot be reached: unread, follow-up
 * and total counts of the brands as the copy holds them. The average response time is the
 * service's own figure over replies the list does not date for every kind: none offline.
 */
export function overviewFromMirror(store: MirrorStore, brandIds: readonly number[]) {
  const row = store
    .statement(
      `SELECT count(*) AS total, coalesce(sum(is_follow_up), 0) AS follow_up,
              coalesce(sum(is_read = 0 AND is_archived = 0), 0) AS unread
         FROM mirror_interactions WHERE brand_id IN (${marks(brandIds)})`,
    )
    .get(...brandIds) as { total: number; follow_up: number; unread: number };
  return {
    unreadCount: Number(row.unread),
    followUpCount: Number(row.follow_up),
    totalCount: Number(row.total),
    averageResponseTime: null,
  };
}
