import type { DatabaseSync } from 'node:sqlite';
import {
  buildWhere,
  onlyBrandsBesidesText,
  singleSearchToken,
  type InteractionFilter,
  type WhereClause,
} from './interaction-filter.ts';
import { brandStride, documentBrandStride, documentIdMask, statement } from './interaction-store.ts';

/**
 * RELEVANCE of a one-word search, scored ahead of time. Ranking by bm25 at query time scores
 * every match (~8 ms for the 10k interactions a common word finds at --scale 20) to keep 20 of
 * them. The searchable documents are written only while seeding, so bm25 (which depends on the
 * word's document frequency and the average document length) gives every document the same
 * score for a word until the next seed: each word's scores are computed once, after the seed,
 * by FTS5's own bm25(), and kept in score order. A page then reads the best scores first and
 * stops, the way a search engine's impact-ordered postings do. The same rows tell which
 * interactions have the word, so a one-word search in time order needs no FTS5 query either.
 *
 * The scores are exactly those a query-time bm25 gives the search `"word"*` when no other word
 * starts with that word (a search matches prefixes: see wordNamedBy). A document written after
 * the seed would make every score stale, so the writer takes documents only in a bulk load,
 * after which they are scored again (tables.ts, withoutInteractionIndexes).
 */
export const wordScoreTablesSql = `
    -- The words of the searchable documents: FTS5's own vocabulary, tokenised as it tokenises.
    CREATE TABLE IF NOT EXISTS community_words (
      id INTEGER PRIMARY KEY,
      word TEXT NOT NULL UNIQUE
    );
    -- Per word, each interaction that has it and the best (lowest) bm25 score of its documents
    -- for it, read in score order.
    CREATE TABLE IF NOT EXISTS community_word_scores (
      word_id INTEGER NOT NULL,
      score REAL NOT NULL,
      interaction_id INTEGER NOT NULL,
      brand_id INTEGER NOT NULL,
      PRIMARY KEY (word_id, score, interaction_id)
    ) WITHOUT ROWID;
    -- Whether an interaction has the word: one probe per interaction read in time order.
    CREATE INDEX IF NOT EXISTS community_word_scores_interaction
      ON community_word_scores (word_id, interaction_id);
    -- How many interactions of each brand have each word: counts a search of brands and a word.
    CREATE TABLE IF NOT EXISTS community_word_counts (
      word_id INTEGER NOT NULL,
      brand_id INTEGER NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (word_id, brand_id)
    ) WITHOUT ROWID;
`;

/**
 * Scores every word of the documents (after a seed). A file whose document ids do not carry the
 * brand (documentBrandStride) keeps no scores: its searches are scored at query time.
 */
export function refillWordScores(db: DatabaseSync): void {
  db.exec(
    'DELETE FROM community_word_counts; DELETE FROM community_word_scores; DELETE FROM community_words',
  );
  if (documentBrandStride(db) === 0) return;
  // One sort after the load builds the index faster than 1.5M scattered inserts into it.
  db.exec('DROP INDEX IF EXISTS community_word_scores_interaction');
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.community_vocabulary
      USING fts5vocab(main, community_documents_fts, row);
    INSERT INTO community_words (word) SELECT term FROM temp.community_vocabulary ORDER BY term;
    DROP TABLE temp.community_vocabulary;`);
  // MATERIALIZED keeps bm25() next to its MATCH; rows go in in key order, so the b-tree appends.
  const scoreWord = db.prepare(`
    INSERT INTO community_word_scores (word_id, score, interaction_id, brand_id)
    WITH scored AS MATERIALIZED (
      SELECT f.rowid AS document, bm25(community_documents_fts) AS score
        FROM community_documents_fts f WHERE community_documents_fts MATCH ?)
    SELECT ?, min(score), (document & ${documentIdMask}) >> 6 AS interaction, document / ${brandStride}
      FROM scored GROUP BY interaction ORDER BY 2, 3`);
  for (const row of db.prepare('SELECT id, word FROM community_words ORDER BY id').all())
    scoreWord.run(`"${String(row.word).replaceAll('"', '""')}"`, Number(row.id));
  db.exec(`INSERT INTO community_word_counts (word_id, brand_id, n)
    SELECT word_id, brand_id, count(*) FROM community_word_scores GROUP BY word_id, brand_id`);
  db.exec(wordScoreTablesSql);
}

/**
 * The word a search token stands for: a search matches every word starting with its token, so
 * the scores of a word stand for the token only when it is the one word starting with it
 * ("love" and no "lovely"). Undefined when none or several do, or no scores are kept.
 */
export function wordNamedBy(db: DatabaseSync, token: string): number | undefined {
  const following = statement(
    db,
    'SELECT id, word FROM community_words WHERE word >= ? ORDER BY word LIMIT 2',
  )
    .all(token)
    .filter((row) => String(row.word).startsWith(token));
  return following.length === 1 ? Number(following[0]?.id) : undefined;
}

/** The word whose kept scores answer the filter's search: a one-word search (see wordNamedBy). */
export function searchedWord(db: DatabaseSync, filter: InteractionFilter): number | undefined {
  const token = singleSearchToken(filter);
  return token === undefined ? undefined : wordNamedBy(db, token);
}

/** The rows of the word (one per interaction that has it) in the filter's brands, as `hits`. */
export function wordHitsOf(filter: InteractionFilter, wordId: number): { from: string; where: WhereClause } {
  return {
    from: 'community_word_scores hits',
    where: {
      sql: 'hits.word_id = ? AND hits.brand_id IN (SELECT value FROM json_each(?))',
      params: [wordId, JSON.stringify(filter.brandIds)],
    },
  };
}

/** How many interactions of the filter's brands have the word (its counts per brand). */
export function wordCount(db: DatabaseSync, filter: InteractionFilter, wordId: number): number {
  const row = statement(
    db,
    `SELECT coalesce(sum(n), 0) AS n FROM community_word_counts
      WHERE word_id = ? AND brand_id IN (SELECT value FROM json_each(?))`,
  ).get(wordId, JSON.stringify(filter.brandIds));
  return Number(row?.n ?? 0);
}

/**
 * How many interactions that have the word pass the filter: the word's count when nothing but
 * brands narrows the filter, else each of them looked up.
 */
export function countWordMatches(db: DatabaseSync, filter: InteractionFilter, wordId: number): number {
  if (onlyBrandsBesidesText(filter)) return wordCount(db, filter, wordId);
  const { from, where } = wordHitsOf(filter, wordId);
  const passing = buildWhere(filter);
  const row = statement(
    db,
    `SELECT count(*) AS n FROM ${from} CROSS JOIN community_interactions ci ON ci.id = hits.interaction_id
      WHERE ${where.sql} AND ${passing.sql}`,
  ).get(...where.params, ...passing.params);
  return Number(row?.n ?? 0);
}
