import type { DatabaseSync } from 'node:sqlite';
import {
  buildWhere,
  documentInteraction,
  documentScore,
  onlyBrandsBesidesText,
  orderedIndex,
  unionOf,
  type InteractionFilter,
  type SearchPart,
  type WhereClause,
} from './interaction-filter.ts';
import type { ListPage, Page, Search } from './interaction-list.ts';
import { brandRows, statement, tempTable } from './interaction-store.ts';
import { countWordMatches, wordHitsOf } from './word-scores.ts';

/**
 * The interactions list by RELEVANCE: the best bm25 score of any matching document first, newest
 * first among equal scores. A one-word search reads its word's scores, kept in score order
 * (word-scores.ts), and stops once the page is decided; any other search scores every match.
 */
export function listRanked(
  db: DatabaseSync,
  filter: InteractionFilter,
  page: Page,
  search: Search,
): ListPage {
  const { wordId } = search;
  const hits =
    wordId === undefined
      ? scoreEveryMatch(db, filter, search.stride, search.parts)
      : wordHits(filter, wordId);
  const count =
    wordId === undefined
      ? Number(statement(db, `SELECT count(*) AS n FROM ${hits.table}`).get()?.n ?? 0)
      : countWordMatches(db, filter, wordId);
  if (page.limit === 0 || page.offset >= count) return { count, ids: [] };
  return { count, ids: rankedPage(db, filter, page, count, hits) };
}

/**
 * Scored matches, one row per interaction (`hits`, lower scores first), and what narrows them
 * to the filter's.
 */
interface RankedHits {
  /** The table, named `hits`, with a `score` column. */
  table: string;
  /** The interaction id column of `hits`. */
  id: string;
  /** Which rows of `hits` are the search's matches. */
  match: WhereClause;
  /** What a match's interaction `ci` must pass too; null when every match already does. */
  filter: WhereClause | null;
}

const everything: WhereClause = { sql: 'true', params: [] };

/**
 * A one-word search's hits: its word's scores in the requested brands; any filter beyond the
 * brands is checked on each hit's interaction as the hits are read, best first.
 */
function wordHits(filter: InteractionFilter, wordId: number): RankedHits {
  const { from, where } = wordHitsOf(filter, wordId);
  return {
    table: from,
    id: 'hits.interaction_id',
    match: where,
    filter: onlyBrandsBesidesText(filter) ? null : buildWhere(filter),
  };
}

/**
 * Every match scored (bm25, the bulk of the work), each interaction keeping its best
 * document's score, in a temporary table. Where the search reads only the requested brands'
 * documents and nothing else narrows the filter, no interaction is looked up while scoring;
 * otherwise each document is joined to its interaction and only those passing the filter are
 * scored.
 */
function scoreEveryMatch(
  db: DatabaseSync,
  filter: InteractionFilter,
  stride: number,
  parts: readonly SearchPart[],
): RankedHits {
  const table = tempTable(db, 'community_ranked_hits', 'id INTEGER PRIMARY KEY, score REAL NOT NULL');
  statement(db, `DELETE FROM ${table}`).run();
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
    `INSERT INTO ${table} (id, score) SELECT * FROM (${found.sql}) WHERE true
     ON CONFLICT DO UPDATE SET score = min(score, excluded.score)`,
  ).run(...found.params);
  return { table: `${table} hits`, id: 'hits.id', match: everything, filter: null };
}

/** The hits that pass the filter, `extra` (on `hits` or `ci`) besides, as a FROM ... WHERE. */
function passing(hits: RankedHits, extra = 'true', joined = hits.filter !== null): WhereClause {
  const join = joined ? `CROSS JOIN community_interactions ci ON ci.id = ${hits.id}` : '';
  const filter = hits.filter ?? everything;
  return {
    sql: `FROM ${hits.table} ${join} WHERE ${hits.match.sql} AND ${filter.sql} AND ${extra}`,
    params: [...hits.match.params, ...filter.params],
  };
}

/**
 * The page of ranked hits: the best scores first, newest first among equal scores. Scores below
 * the page's last one are few (fewer than offset + limit) and are sorted after looking up their
 * times. Texts that read the same score the same, so the last score is often shared by
 * thousands of hits: those are read newest first from the time index until enough are found
 * when they are dense, else looked up and sorted.
 */
function rankedPage(
  db: DatabaseSync,
  filter: InteractionFilter,
  page: Page,
  count: number,
  hits: RankedHits,
): number[] {
  const need = Math.min(count, page.offset + page.limit);
  const scores = passing(hits);
  const last = Number(
    statement(db, `SELECT hits.score ${scores.sql} ORDER BY hits.score ASC LIMIT 1 OFFSET ?`).get(
      ...scores.params,
      need - 1,
    )?.score,
  );
  const betterHits = passing(hits, 'hits.score < ?', true);
  const better = statement(
    db,
    `SELECT ${hits.id} AS id ${betterHits.sql} ORDER BY hits.score ASC, ci.source_updated_at DESC, ci.id DESC`,
  )
    .all(...betterHits.params, last)
    .map((row) => Number(row.id));
  const tiedHits = passing(hits, 'hits.score = ?');
  const ties = Number(
    statement(db, `SELECT count(*) AS n ${tiedHits.sql}`).get(...tiedHits.params, last)?.n ?? 0,
  );
  const wanted = need - better.length;
  const inOrder = wanted * (brandRows(db, filter.brandIds) / ties) < 2 * ties;
  const index = inOrder ? `INDEXED BY ${orderedIndex(filter, '-SOURCE_UPDATED_AT')}` : '';
  const filterOfTied = hits.filter ?? everything;
  const tied = statement(
    db,
    `SELECT ci.id FROM community_interactions ci ${index}
      WHERE ci.brand_id IN (SELECT value FROM json_each(?)) AND ${filterOfTied.sql}
        AND ci.id IN (SELECT ${hits.id} FROM ${hits.table} WHERE ${hits.match.sql} AND hits.score = ?)
      ORDER BY ci.source_updated_at DESC, ci.id DESC LIMIT ?`,
  )
    .all(JSON.stringify(filter.brandIds), ...filterOfTied.params, ...hits.match.params, last, wanted)
    .map((row) => Number(row.id));
  return [...better, ...tied].slice(page.offset, page.offset + page.limit);
}
