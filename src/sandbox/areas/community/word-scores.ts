import type { DatabaseSync } from 'node:sqlite';
import { brandStride, documentBrandStride, documentIdMask, statement } from './interaction-store.ts';

/**
 * RELEVANCE of a one-word search, scored ahead of time. Ranking by bm25 at query time scores
 * every match (~8 ms for the 10k interactions a common word finds at --scale 20) to keep 20 of
 * them. The searchable documents are written only while seeding, so bm25 (which depends on the
 * word's document frequency and the average document length) gives every document the same
 * score for a word until the next seed: each word's scores are computed once, after the seed,
 * by FTS5's own bm25(), and kept in score order. A page then reads the best scores first and
 * stops, the way a search engine's impact-ordered postings do.
 *
 * The scores are exactly those a query-time bm25 gives the search `"word"*` when no other word
 * starts with that word (a search matches prefixes: see wordNamedBy). Writing a document outside
 * the seed makes every score stale, so it clears them (clearWordScores), and RELEVANCE scores at
 * query time until the next seed fills them again.
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
    -- How many interactions of each brand have each word: counts a search of brands and a word.
    CREATE TABLE IF NOT EXISTS community_word_counts (
      word_id INTEGER NOT NULL,
      brand_id INTEGER NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (word_id, brand_id)
    ) WITHOUT ROWID;
`;

export function clearWordScores(db: DatabaseSync): void {
  db.exec(
    'DELETE FROM community_word_counts; DELETE FROM community_word_scores; DELETE FROM community_words;',
  );
}

/**
 * Scores every word of the documents (after a seed). A file whose document ids do not carry the
 * brand (documentBrandStride) keeps no scores: its searches are scored at query time.
 */
export function refillWordScores(db: DatabaseSync): void {
  clearWordScores(db);
  if (documentBrandStride(db) === 0) return;
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
