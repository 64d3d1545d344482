import type { DatabaseSync } from 'node:sqlite';
import type { CommunityInteractionListQuery, InteractionListSort } from '../../../shared/domain/index.ts';
import {
  buildWhere,
  documentInteraction,
  onlyBrandsBesidesText,
  orderBy,
  orderedIndex,
  searchSql,
  unionOf,
  type Extent,
  type InteractionFilter,
  type SearchPart,
  type WhereClause,
} from './interaction-filter.ts';
import { listRanked } from './interaction-ranking.ts';
import { brandRows, documentBrandStride, statement, tempTable } from './interaction-store.ts';
import { countWordMatches, searchedWord, wordCount, wordHitsOf } from './word-scores.ts';

/**
 * Runs the interactions list: the count of every match and the ids of one page, in order. What
 * keeps it fast at 100k interactions (issue 3), each statement starting from an index:
 * - counts of brand, type, flag and sentiment filters sum the summaries in tables.ts instead of
 *   visiting every matching row; other filters count a narrowing index range;
 * - pages read an index already in the requested order and stop when the page is full, unless
 *   the filter names a few rows directly (id, tags, tickets, media, assignee);
 * - free text reads only the requested brands' documents (their ids carry the brand), drops
 *   other documents by interaction id when a short time window allows, and with nothing but
 *   brands besides the text is counted without looking at a single interaction; a one-word
 *   search needs no full-text query at all, its word's rows (word-scores.ts) telling its matches;
 * - RELEVANCE reads a one-word search's scores best first (word-scores.ts), scores any other
 *   search's matches once, and looks up times only for the page's candidates
 *   (interaction-ranking.ts).
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

export type Page = { limit: number; offset: number };

/**
 * Free text in time or sample order. When the matches are dense (a common word), the page reads
 * the time or sample index in order, checks each interaction for the text and stops when the
 * page is full; when they are few, it starts from them and sorts them. A one-word search knows
 * its matches from the word's rows (word-scores.ts); any other search puts them in a temporary
 * table first (searchHits).
 */
function listSearched(
  db: DatabaseSync,
  filter: InteractionFilter,
  sort: InteractionListSort,
  page: Page,
  search: Search,
): ListPage {
  const found =
    search.wordId === undefined
      ? searchHits(db, filter, search.stride, search.parts)
      : wordMatches(db, filter, search.wordId);
  const { count, hits } = found;
  if (page.limit === 0 || page.offset >= count) return { count, ids: [] };
  // Read in index order, about (offset + limit) * rows / count entries give the page (every
  // one of them when matches are rare); from the hits, each hit is looked up and sorted.
  const rows = brandRows(db, filter.brandIds);
  const inOrder = !narrowedBy(filter) && (page.offset + page.limit) * (rows / count) < 2 * hits;
  const where = buildWhere(filter);
  const matched = found.matched(inOrder);
  const ids = statement(
    db,
    `SELECT ci.id FROM community_interactions ci ${inOrder ? `INDEXED BY ${orderedIndex(filter, sort)}` : ''}
      WHERE ${where.sql} AND ${matched.sql} ORDER BY ${orderBy(sort)} LIMIT ? OFFSET ?`,
  ).all(...where.params, ...matched.params, page.limit, page.offset);
  return { count, ids: ids.map((row) => Number(row.id)) };
}

/**
 * The matches of a search: how many pass the filter, how many the text alone has in the
 * brands, and the condition on `ci` that tells a match.
 */
interface SearchMatches {
  count: number;
  hits: number;
  /** For an interaction read in index order (`inOrder`), or for starting from the hits. */
  matched(inOrder: boolean): WhereClause;
}

/**
 * The interactions with a matching document, in a temporary table (documents come in rowid
 * order, so within a brand ids arrive ascending and inserts append). Where document ids carry
 * the brand, only the requested brands' documents are read, so a filter of brands and text alone
 * is counted by that table's size; otherwise the count looks each hit up.
 */
function searchHits(
  db: DatabaseSync,
  filter: InteractionFilter,
  stride: number,
  parts: readonly SearchPart[],
): SearchMatches {
  const table = tempTable(db, 'community_search_hits', 'id INTEGER PRIMARY KEY');
  statement(db, `DELETE FROM ${table}`).run();
  const found = unionOf(parts, `${documentInteraction}`);
  const hits = Number(
    statement(db, `INSERT OR IGNORE INTO ${table} (id) ${found.sql}`).run(...found.params).changes,
  );
  const matched: WhereClause = { sql: `ci.id IN (SELECT id FROM ${table})`, params: [] };
  if (stride > 0 && onlyBrandsBesidesText(filter)) return { count: hits, hits, matched: () => matched };
  const where = buildWhere(filter);
  const counted = statement(
    db,
    `SELECT count(*) AS n FROM community_interactions ci WHERE ${where.sql} AND ${matched.sql}`,
  ).get(...where.params);
  return { count: Number(counted?.n ?? 0), hits, matched: () => matched };
}

/**
 * A one-word search's matches: an interaction read in index order is probed for the word; the
 * word's rows are the hits to start from.
 */
function wordMatches(db: DatabaseSync, filter: InteractionFilter, wordId: number): SearchMatches {
  const { from, where } = wordHitsOf(filter, wordId);
  const hits = wordCount(db, filter, wordId);
  return {
    count: onlyBrandsBesidesText(filter) ? hits : countWordMatches(db, filter, wordId),
    hits,
    matched: (inOrder) =>
      inOrder
        ? {
            sql: `EXISTS (SELECT 1 FROM ${from} WHERE hits.word_id = ? AND hits.interaction_id = ci.id)`,
            params: [wordId],
          }
        : {
            sql: `ci.id IN (SELECT hits.interaction_id FROM ${from} WHERE ${where.sql})`,
            params: where.params,
          },
  };
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

/**
 * How a search finds its matches: a one-word search from its word's rows (word-scores.ts), any
 * other from the full-text index (searchSql's parts).
 */
export type Search =
  { wordId: number } | { wordId?: undefined; stride: number; parts: readonly SearchPart[] };

/**
 * The search of a filter, null when it has no searchable text. Only a full-text search needs to
 * know how document ids are numbered, and which ids its bounds allow.
 */
function searchOf(db: DatabaseSync, filter: InteractionFilter): Search | null {
  if (!filter.query) return null;
  const wordId = searchedWord(db, filter);
  if (wordId !== undefined) return { wordId };
  const stride = documentBrandStride(db);
  const parts = searchSql(filter, stride, interactionRange(db, filter));
  return parts && { stride, parts };
}

export function listInteractionIds(
  db: DatabaseSync,
  filter: InteractionFilter,
  sort: InteractionListSort,
  page: Page,
): ListPage {
  const search = searchOf(db, filter);
  if (search) {
    return sort === 'RELEVANCE'
      ? listRanked(db, filter, page, search)
      : listSearched(db, filter, sort, page, search);
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
