import type { DatabaseSync } from 'node:sqlite';
import type { CommunityInteractionListQuery, InteractionListSort } from '../../../shared/domain/index.ts';
import {
  buildWhere,
  documentInteraction,
  documentScore,
  orderBy,
  searchSql,
  type Extent,
  type InteractionFilter,
  type SearchPart,
  type WhereClause,
} from './interaction-filter.ts';
import { documentBrandStride, statement } from './interaction-store.ts';

/**
 * Runs the interactions list: the count of every match and the ids of one page, in order. What
 * keeps it fast at 100k interactions (issue 3), each statement starting from an index:
 * - counts of brand, type, flag and sentiment filters sum the summaries in tables.ts instead of
 *   visiting every matching row; other filters count a narrowing index range;
 * - pages read an index already in the requested order and stop when the page is full, unless
 *   the filter names a few rows directly (id, tags, tickets, media, assignee);
 * - free text reads only the requested brands' documents (their ids carry the brand), drops
 *   other documents by interaction id when a short time window allows, and with nothing but
 *   brands besides the text is counted without looking at a single interaction;
 * - RELEVANCE scores every match once and looks up times only for the page's candidates.
 */

/** The list query (already validated) as a filter. ticket_id may name several tickets: any matches. */
export function filterOf(query: CommunityInteractionListQuery): InteractionFilter {
  const ms = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value));
  return {
    brandIds: query.brand_ids,
    types: query.types,
    tagIds: query.tag_ids,
    sourceUpdatedAfter: ms(query.source_updated_after),
    sourceUpdatedBefore: ms(query.source_updated_before),
    isArchived: query.is_archived,
    isFollowUp: query.is_follow_up,
    isRead: query.is_read,
    query: query.query,
    multipleKeywords: query.multiple_keywords,
    mediaIds: query.media_ids,
    isPositive: query.is_positive,
    isNegative: query.is_negative,
    isNeutral: query.is_neutral,
    isQuestion: query.is_question,
    ticketIds: query.ticket_id
      ?.split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
    assigneeId: query.assignee_id,
    filterMessagesByDate: query.filter_messages_by_date,
    id: query.id,
    mustIncludeText: query.must_include_text,
  };
}

/** Filters the counts table can answer: brand, type, flags, sentiment and text presence only. */
function countable(filter: InteractionFilter): boolean {
  return (
    filter.id === undefined &&
    (filter.tagIds?.length ?? 0) === 0 &&
    (filter.ticketIds?.length ?? 0) === 0 &&
    (filter.mediaIds?.length ?? 0) === 0 &&
    filter.assigneeId === undefined &&
    filter.sourceUpdatedAfter === undefined &&
    filter.sourceUpdatedBefore === undefined
  );
}

/**
 * The number of matches. A filter on counted columns only (tables.ts, countedColumns) sums the
 * groups of community_interaction_counts, which the same WHERE clause selects since the columns
 * keep their names: a few hundred rows instead of up to 100k. Any other filter starts from an
 * index that narrows it (a time range, tags, tickets, media, assignee, id).
 */
function countMatches(db: DatabaseSync, filter: InteractionFilter, where: WhereClause): number {
  const sql = countable(filter)
    ? `SELECT coalesce(sum(ci.n), 0) AS n FROM community_interaction_counts ci WHERE ${where.sql}`
    : `SELECT count(*) AS n FROM community_interactions ci WHERE ${where.sql}`;
  return Number(statement(db, sql).get(...where.params)?.n ?? 0);
}

const narrowedBy = (filter: InteractionFilter) =>
  filter.id !== undefined ||
  (filter.tagIds?.length ?? 0) > 0 ||
  (filter.ticketIds?.length ?? 0) > 0 ||
  (filter.mediaIds?.length ?? 0) > 0 ||
  filter.assigneeId !== undefined;

/**
 * Reading an index that is already in the requested order (and holds every filter column) stops
 * as soon as the page is full; the planner, left alone, reads every match of several brands from
 * the per-brand index and sorts them (~20 ms for 20k matches). A single brand's time order is its
 * own index's order.
 */
function orderedIndex(filter: InteractionFilter, sort: InteractionListSort): string {
  if (sort === 'SAMPLE') return 'community_interactions_sample';
  return filter.brandIds.length > 1 ? 'community_interactions_time' : 'community_interactions_brand_time';
}

/**
 * Filters that name a few rows directly (id, tags, tickets, media, assignee) are left to the
 * planner: starting from those rows is cheaper than reading an index in order.
 */
function indexHint(filter: InteractionFilter, sort: InteractionListSort): string {
  if (narrowedBy(filter) || (filter.brandIds.length === 1 && sort !== 'SAMPLE')) return '';
  return `INDEXED BY ${orderedIndex(filter, sort)}`;
}

export interface ListPage {
  count: number;
  ids: number[];
}

type Page = { limit: number; offset: number };

/** Temporary tables for search hits, one set per connection (requests run one at a time on it). */
const withHitsTables = new WeakSet<DatabaseSync>();
function hitsTables(db: DatabaseSync): void {
  if (withHitsTables.has(db)) return;
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS community_search_hits (id INTEGER PRIMARY KEY);
    CREATE TEMP TABLE IF NOT EXISTS community_ranked_hits (id INTEGER PRIMARY KEY, score REAL NOT NULL)`);
  withHitsTables.add(db);
}

/** The parts of a search as one SELECT of `columns` (UNION ALL), each part joined as `join` says. */
function unionOf(parts: readonly SearchPart[], columns: string, join = '', where?: WhereClause) {
  return {
    sql: parts
      .map(
        (part) =>
          `SELECT ${columns} FROM ${part.from} ${join} WHERE ${part.where}${where ? ` AND ${where.sql}` : ''}`,
      )
      .join(' UNION ALL '),
    params: parts.flatMap((part) => [...part.params, ...(where?.params ?? [])]),
  };
}

/**
 * True when nothing but the brands (and the text, with its own bounds under
 * filter_messages_by_date) narrows the filter: a brand-limited search then finds exactly the
 * matches, with no interaction to look at.
 */
function onlyBrandsBesidesText(filter: InteractionFilter): boolean {
  const onDocuments = filter.filterMessagesByDate === true;
  return (
    filter.id === undefined &&
    !filter.types?.length &&
    !filter.tagIds?.length &&
    !filter.ticketIds?.length &&
    !filter.mediaIds?.length &&
    filter.assigneeId === undefined &&
    (onDocuments || (filter.sourceUpdatedAfter === undefined && filter.sourceUpdatedBefore === undefined)) &&
    [filter.isArchived, filter.isFollowUp, filter.isRead, filter.isQuestion].every(
      (flag) => flag === undefined,
    ) &&
    [filter.isPositive, filter.isNegative, filter.isNeutral].every((flag) => flag === undefined) &&
    filter.mustIncludeText !== true
  );
}

/**
 * Free text in time or sample order. The interactions with a matching document go into a
 * temporary table first (documents come in rowid order, so within a brand ids arrive ascending
 * and inserts append). Where document ids carry the brand, only the requested brands' documents are read,
 * so a filter of brands and text alone is counted by that table's size; otherwise the count
 * looks each hit up. When the matches are dense (a common word), the page reads the time or
 * sample index in order and stops when it is full; when they are few, it starts from them and
 * sorts them.
 */
function listSearched(
  db: DatabaseSync,
  filter: InteractionFilter,
  sort: InteractionListSort,
  page: Page,
  stride: number,
  parts: readonly SearchPart[],
): ListPage {
  hitsTables(db);
  statement(db, 'DELETE FROM temp.community_search_hits').run();
  const found = unionOf(parts, `${documentInteraction}`);
  const hits = Number(
    statement(db, `INSERT OR IGNORE INTO temp.community_search_hits (id) ${found.sql}`).run(...found.params)
      .changes,
  );
  const where = buildWhere(filter);
  const matched = `${where.sql} AND ci.id IN (SELECT id FROM temp.community_search_hits)`;
  const count =
    stride > 0 && onlyBrandsBesidesText(filter)
      ? hits
      : Number(
          statement(db, `SELECT count(*) AS n FROM community_interactions ci WHERE ${matched}`).get(
            ...where.params,
          )?.n ?? 0,
        );
  if (page.limit === 0 || page.offset >= count) return { count, ids: [] };
  // Read in index order, about (offset + limit) * rows / count entries give the page (every
  // one of them when matches are rare); from the hits, each hit is looked up and sorted.
  const rows = brandRows(db, filter.brandIds);
  const inOrder = !narrowedBy(filter) && (page.offset + page.limit) * (rows / count) < 2 * hits;
  const ids = statement(
    db,
    `SELECT ci.id FROM community_interactions ci ${inOrder ? `INDEXED BY ${orderedIndex(filter, sort)}` : ''}
      WHERE ${matched} ORDER BY ${orderBy(sort)} LIMIT ? OFFSET ?`,
  ).all(...where.params, page.limit, page.offset);
  return { count, ids: ids.map((row) => Number(row.id)) };
}

/** filter_messages_by_date with a bound and no text: matched on the interactions' spans. */
function needsExtent(filter: InteractionFilter): boolean {
  return (
    filter.filterMessagesByDate === true &&
    (filter.sourceUpdatedAfter !== undefined || filter.sourceUpdatedBefore !== undefined)
  );
}

/** The longest an interaction lasts, first document to last (tables.ts keeps it). */
function maxSpanOf(db: DatabaseSync): number {
  const row = statement(db, 'SELECT max_span FROM community_interaction_span WHERE id = 1').get();
  return row ? Number(row.max_span) : Number.MAX_SAFE_INTEGER;
}

function extentOf(db: DatabaseSync): Extent {
  return { maxSpan: maxSpanOf(db), stride: documentBrandStride(db) };
}

/**
 * The lowest and highest id among the requested brands' interactions that the time bounds allow,
 * when the bounds keep a small part of the time the data spans (else undefined: reading their
 * ids would cost more than it saves). Ids rise with time, so a short window is a short range of
 * ids, and a search drops other documents by their id alone. Under filter_messages_by_date a
 * document in [after, before) belongs to an interaction updated in [after, before + the longest
 * span).
 */
function interactionRange(db: DatabaseSync, filter: InteractionFilter): [number, number] | undefined {
  const after = filter.sourceUpdatedAfter;
  let before = filter.sourceUpdatedBefore;
  if (after === undefined && before === undefined) return undefined;
  if (before !== undefined && filter.filterMessagesByDate === true)
    before = Math.min(before + maxSpanOf(db), Number.MAX_SAFE_INTEGER);
  const span = statement(
    db,
    `SELECT (SELECT min(source_updated_at) FROM community_interactions) AS first,
            (SELECT max(source_updated_at) FROM community_interactions) AS last`,
  ).get();
  const first = Number(span?.first ?? 0);
  const last = Number(span?.last ?? 0);
  const kept = Math.min(before ?? last, last) - Math.max(after ?? first, first);
  if (kept > (last - first) / 4) return undefined;
  const conditions = ['ci.brand_id IN (SELECT value FROM json_each(?))'];
  const params: number[] = [];
  if (after !== undefined) {
    conditions.push('ci.source_updated_at >= ?');
    params.push(after);
  }
  if (before !== undefined) {
    conditions.push('ci.source_updated_at < ?');
    params.push(before);
  }
  const row = statement(
    db,
    `SELECT min(ci.id) AS lowest, max(ci.id) AS highest FROM community_interactions ci WHERE ${conditions.join(' AND ')}`,
  ).get(JSON.stringify(filter.brandIds), ...params);
  // No interaction within the bounds: an empty range.
  return row?.lowest === null || row?.lowest === undefined
    ? [1, 0]
    : [Number(row.lowest), Number(row.highest)];
}

/** How many interactions the brands have: the counts table's groups of those brands. */
function brandRows(db: DatabaseSync, brandIds: readonly number[]): number {
  const row = statement(
    db,
    'SELECT coalesce(sum(n), 0) AS n FROM community_interaction_counts WHERE brand_id IN (SELECT value FROM json_each(?))',
  ).get(JSON.stringify(brandIds));
  return Number(row?.n ?? 0);
}

/**
 * Free text by RELEVANCE: every match is scored (bm25, the bulk of the work), each interaction
 * keeping its best document's score, in a temporary table; its size is the count. Where the
 * search reads only the requested brands' documents and nothing else narrows the filter, no
 * interaction is looked up while scoring; otherwise each document is joined to its interaction
 * and only those passing the filter are scored. The page takes the best scores, newest first
 * among equal ones: only the hits scoring at least as well as the last of the page are looked
 * up for their time.
 */
function listRanked(
  db: DatabaseSync,
  filter: InteractionFilter,
  page: Page,
  stride: number,
  parts: readonly SearchPart[],
): ListPage {
  hitsTables(db);
  statement(db, 'DELETE FROM temp.community_ranked_hits').run();
  const found =
    stride > 0 && onlyBrandsBesidesText(filter)
      ? unionOf(parts, `${documentInteraction}, ${documentScore}`)
      : unionOf(
          parts,
          `ci.id, ${documentScore}`,
          `CROSS JOIN community_interactions ci ON ci.id = ${documentInteraction}`,
          buildWhere(filter),
        );
  statement(
    db,
    `INSERT INTO temp.community_ranked_hits (id, score) SELECT * FROM (${found.sql}) WHERE true
     ON CONFLICT DO UPDATE SET score = min(score, excluded.score)`,
  ).run(...found.params);
  const count = Number(statement(db, 'SELECT count(*) AS n FROM temp.community_ranked_hits').get()?.n ?? 0);
  if (page.limit === 0 || page.offset >= count) return { count, ids: [] };
  return { count, ids: rankedPage(db, filter, page, count) };
}

/**
 * The page of ranked hits: the best scores first, newest first among equal scores. Scores below
 * the page's last one are few (fewer than offset + limit) and are sorted after looking up their
 * times. Texts that read the same score the same, so the last score is often shared by
 * thousands of hits: those are read newest first from the time index until enough are found
 * when they are dense, else looked up and sorted.
 */
function rankedPage(db: DatabaseSync, filter: InteractionFilter, page: Page, count: number): number[] {
  const need = Math.min(count, page.offset + page.limit);
  const last = Number(
    statement(db, 'SELECT score FROM temp.community_ranked_hits ORDER BY score ASC LIMIT 1 OFFSET ?').get(
      need - 1,
    )?.score,
  );
  const better = statement(
    db,
    `SELECT hits.id FROM temp.community_ranked_hits hits CROSS JOIN community_interactions ci ON ci.id = hits.id
      WHERE hits.score < ? ORDER BY hits.score ASC, ci.source_updated_at DESC, ci.id DESC`,
  )
    .all(last)
    .map((row) => Number(row.id));
  const ties = Number(
    statement(db, 'SELECT count(*) AS n FROM temp.community_ranked_hits WHERE score = ?').get(last)?.n ?? 0,
  );
  const wanted = need - better.length;
  const inOrder = wanted * (brandRows(db, filter.brandIds) / ties) < 2 * ties;
  const index = inOrder ? `INDEXED BY ${orderedIndex(filter, '-SOURCE_UPDATED_AT')}` : '';
  const tied = statement(
    db,
    `SELECT ci.id FROM community_interactions ci ${index}
      WHERE ci.brand_id IN (SELECT value FROM json_each(?))
        AND ci.id IN (SELECT id FROM temp.community_ranked_hits WHERE score = ?)
      ORDER BY ci.source_updated_at DESC, ci.id DESC LIMIT ?`,
  )
    .all(JSON.stringify(filter.brandIds), last, wanted)
    .map((row) => Number(row.id));
  return [...better, ...tied].slice(page.offset, page.offset + page.limit);
}

export function listInteractionIds(
  db: DatabaseSync,
  filter: InteractionFilter,
  sort: InteractionListSort,
  page: Page,
): ListPage {
  // Only a search needs to know how document ids are numbered, and which ids its bounds allow.
  const stride = filter.query ? documentBrandStride(db) : 0;
  const parts = searchSql(filter, stride, filter.query ? interactionRange(db, filter) : undefined);
  if (parts) {
    return sort === 'RELEVANCE'
      ? listRanked(db, filter, page, stride, parts)
      : listSearched(db, filter, sort, page, stride, parts);
  }
  const where = buildWhere(filter, needsExtent(filter) ? extentOf(db) : undefined);
  const count = countMatches(db, filter, where);
  if (page.limit === 0 || page.offset >= count) return { count, ids: [] };
  const ids = statement(
    db,
    `SELECT ci.id FROM community_interactions ci ${indexHint(filter, sort)} WHERE ${where.sql}
      ORDER BY ${orderBy(sort)} LIMIT ? OFFSET ?`,
  ).all(...where.params, page.limit, page.offset);
  return { count, ids: ids.map((row) => Number(row.id)) };
}
