import type { DatabaseSync } from 'node:sqlite';
import type { CommunityInteractionListQuery, InteractionListSort } from '../../../shared/domain/index.ts';
import { buildWhere, orderBy, searchSql, type InteractionFilter } from './interaction-filter.ts';
import { statement } from './interaction-store.ts';

/** Runs the interactions list: the count of every match and the ids of one page, in order. */

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

/**
 * The planner, left alone, reads every match of several brands from the per-brand index and
 * sorts them, which costs ~20 ms for 20k matches. Reading an index that is already in the
 * requested order (and holds every filter column) stops as soon as the page is full. Filters
 * that name a few rows directly (ids, tags, tickets, media, assignee, a rare word) are left to
 * the planner: starting from those rows is cheaper.
 */
function indexHint(filter: InteractionFilter, sort: InteractionListSort, searchHits: number | null): string {
  const narrowed =
    filter.id !== undefined ||
    (filter.tagIds?.length ?? 0) > 0 ||
    (filter.ticketIds?.length ?? 0) > 0 ||
    (filter.mediaIds?.length ?? 0) > 0 ||
    filter.assigneeId !== undefined ||
    (searchHits !== null && searchHits < 2000);
  if (narrowed) return '';
  if (sort === 'SAMPLE') return 'INDEXED BY community_interactions_sample';
  if (filter.brandIds.length > 1) return 'INDEXED BY community_interactions_time';
  return '';
}

export interface ListPage {
  count: number;
  ids: number[];
}

const withHitsTable = new WeakSet<DatabaseSync>();

/**
 * Runs the text search once into a temporary table (one per connection; requests run one at a
 * time on it), so the count and the page both start from its rows without searching again.
 * Each interaction keeps its best document's score (bm25: negative, lower is better).
 */
function runSearch(db: DatabaseSync, search: { sql: string; params: (string | number)[] }): number {
  if (!withHitsTable.has(db)) {
    db.exec(
      'CREATE TEMP TABLE IF NOT EXISTS community_search_hits (id INTEGER PRIMARY KEY, score REAL NOT NULL)',
    );
    withHitsTable.add(db);
  }
  statement(db, 'DELETE FROM temp.community_search_hits').run();
  const result = statement(
    db,
    `WITH matches AS MATERIALIZED (${search.sql})
     INSERT INTO temp.community_search_hits (id, score)
     SELECT interaction_id, min(score) FROM matches GROUP BY interaction_id`,
  ).run(...search.params);
  return Number(result.changes);
}

export function listInteractionIds(
  db: DatabaseSync,
  filter: InteractionFilter,
  sort: InteractionListSort,
  page: { limit: number; offset: number },
): ListPage {
  const search = searchSql(filter, sort === 'RELEVANCE');
  const hits = search ? runSearch(db, search) : null;
  const where = buildWhere(filter, search !== null);
  const count = Number(
    statement(db, `SELECT count(*) AS n FROM community_interactions ci WHERE ${where.sql}`).get(
      ...where.params,
    )?.n ?? 0,
  );
  if (page.limit === 0 || page.offset >= count) return { count, ids: [] };
  const sql =
    sort === 'RELEVANCE' && search
      ? `SELECT ci.id FROM community_interactions ci JOIN temp.community_search_hits hits ON hits.id = ci.id
          WHERE ${where.sql} ORDER BY hits.score ASC, ci.source_updated_at DESC, ci.id DESC LIMIT ? OFFSET ?`
      : `SELECT ci.id FROM community_interactions ci ${indexHint(filter, sort, hits)} WHERE ${where.sql}
          ORDER BY ${orderBy(sort)} LIMIT ? OFFSET ?`;
  const rows = statement(db, sql).all(...where.params, page.limit, page.offset);
  return { count, ids: rows.map((row) => Number(row.id)) };
}
