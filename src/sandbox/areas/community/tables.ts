import type { DatabaseSync } from 'node:sqlite';
import { beginDocumentBatch, endDocumentBatch } from './interaction-store.ts';
import { replyTablesSql } from './reply-store.ts';
import { refillWordScores, wordScoreTablesSql } from './word-scores.ts';
import { transaction } from '../../sql.ts';

/**
 * The community area's tables. An interaction is split in two:
 * - `community_interactions`: one narrow row per interaction with a column for every list filter
 *   and every mutable field (flags, assignee). Filters read only these small rows.
 * - `community_interaction_bodies`: the immutable rest of the interaction's JSON shape, read only
 *   for the page being answered.
 * Tags (AND filter), tickets (OR filter), keywords (top_keywords) and searchable documents (free
 * text, one per comment or per conversation message) live in join tables keyed by interaction.
 * Summaries kept by triggers answer what would otherwise visit every row: how many interactions
 * share each combination of brand, type and flags (list counts), and the longest an interaction
 * lasts (filter_messages_by_date ranges). Each word's bm25 scores, computed after the seed, rank
 * one-word searches (word-scores.ts).
 * Times are epoch milliseconds, so range filters and day buckets are plain integer arithmetic.
 */
export function createCommunityTables(db: DatabaseSync): void {
  // One transaction: a start stopped half-way must not leave a summary table that exists but
  // was never filled (it would be taken as filled on the next start).
  transaction(db, () => {
    const hadSummaries =
      tableExists(db, 'community_interaction_counts') && tableExists(db, 'community_interaction_span');
    const hadWordScores = tableExists(db, 'community_word_scores');
    db.exec(tablesSql);
    db.exec(replyTablesSql);
    db.exec(wordScoreTablesSql);
    db.exec(interactionIndexesSql);
    // A file seeded before the summaries or word scores existed gets them filled once.
    if (!hadSummaries) refillSummaries(db);
    if (!hadWordScores) refillWordScores(db);
    db.exec(summaryTriggersSql);
  });
}

function tableExists(db: DatabaseSync, name: string): boolean {
  return (
    db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
    undefined
  );
}

/**
 * Indexes of the narrow interactions table: every filter of the list and every sort has one to
 * start from; ANALYZE (after seeding) lets the planner choose among them per query.
 */
const filterColumns =
  'type, is_ad, is_archived, is_read, is_follow_up, is_positive, is_negative, is_neutral, is_question, ' +
  'has_text, first_at, assignee_id, media_id, sample_key';
const interactionIndexesSql = `
    -- Counts, statistics and single-brand pages: a range per brand, every filter column (and the
    -- response time of overview_stats) in the index, so no row is looked up in the table.
    CREATE INDEX IF NOT EXISTS community_interactions_brand_time
      ON community_interactions (brand_id, source_updated_at, ${filterColumns}, response_seconds);
    -- Multi-brand pages by time: read in time order until the page is full.
    CREATE INDEX IF NOT EXISTS community_interactions_time
      ON community_interactions (source_updated_at, brand_id, ${filterColumns});
    -- sort=SAMPLE: read in sample order until the page is full.
    CREATE INDEX IF NOT EXISTS community_interactions_sample
      ON community_interactions (sample_key, brand_id, source_updated_at, ${filterColumns});
    -- One assignee's interactions: counted and paged from the index alone, the open / unread /
    -- follow-up views of that assignee included.
    CREATE INDEX IF NOT EXISTS community_interactions_assignee
      ON community_interactions (assignee_id, brand_id, source_updated_at, is_archived, is_read, is_follow_up)
      WHERE assignee_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS community_interactions_media
      ON community_interactions (media_id);
`;

/**
 * The columns of `community_interaction_counts`: every list filter that is not a range, an id or
 * a join (brand, type, flags, sentiment, text). A filter on these alone is counted by summing
 * the few hundred groups it selects instead of visiting each of up to 100k matching rows.
 */
export const countedColumns = [
  'brand_id',
  'type',
  'is_ad',
  'is_read',
  'is_archived',
  'is_follow_up',
  'is_positive',
  'is_negative',
  'is_neutral',
  'is_question',
  'has_text',
] as const;
const counted = countedColumns.join(', ');
const countedOf = (row: 'NEW' | 'OLD') => countedColumns.map((column) => `${row}.${column}`).join(', ');

/**
 * Triggers keep the summaries true whoever writes the interactions (seed, PATCH). Counts: an
 * insert adds one to its group, a delete takes one away, an update of a counted column moves
 * one. Span: the longest time from an interaction's first document to its last, an upper bound
 * that only grows (a delete leaves it as it is, still a bound).
 */
const summaryTriggersSql = `
    CREATE TRIGGER IF NOT EXISTS community_interaction_summaries_insert
      AFTER INSERT ON community_interactions BEGIN
        INSERT INTO community_interaction_counts (${counted}, n) VALUES (${countedOf('NEW')}, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
        UPDATE community_interaction_span SET max_span = max(max_span, NEW.source_updated_at - NEW.first_at);
      END;
    CREATE TRIGGER IF NOT EXISTS community_interaction_summaries_delete
      AFTER DELETE ON community_interactions BEGIN
        UPDATE community_interaction_counts SET n = n - 1
          WHERE (${counted}) = (${countedOf('OLD')});
      END;
    CREATE TRIGGER IF NOT EXISTS community_interaction_summaries_update
      AFTER UPDATE OF ${counted} ON community_interactions
      WHEN (${countedOf('OLD')}) IS NOT (${countedOf('NEW')}) BEGIN
        UPDATE community_interaction_counts SET n = n - 1
          WHERE (${counted}) = (${countedOf('OLD')});
        INSERT INTO community_interaction_counts (${counted}, n) VALUES (${countedOf('NEW')}, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;
    CREATE TRIGGER IF NOT EXISTS community_interaction_summaries_span
      AFTER UPDATE OF first_at, source_updated_at ON community_interactions BEGIN
        UPDATE community_interaction_span SET max_span = max(max_span, NEW.source_updated_at - NEW.first_at);
      END;
`;
const summaryTriggers = ['insert', 'delete', 'update', 'span'].map(
  (what) => `community_interaction_summaries_${what}`,
);

function refillSummaries(db: DatabaseSync): void {
  db.exec(`DELETE FROM community_interaction_counts;
    INSERT INTO community_interaction_counts (${counted}, n)
      SELECT ${counted}, count(*) FROM community_interactions GROUP BY ${counted};
    DELETE FROM community_interaction_span;
    INSERT INTO community_interaction_span (id, max_span)
      SELECT 1, coalesce(max(source_updated_at - first_at), 0) FROM community_interactions;`);
}

/**
 * Runs a bulk load with the interaction indexes and summary triggers dropped, and builds them
 * afterwards: one sort per index instead of 100k scattered inserts (the sample_key index is
 * random by design), and one GROUP BY for the summaries instead of a trigger per row. Searchable
 * documents are written in id order (interaction-store.ts, beginDocumentBatch), and their words
 * scored once they are all there (word-scores.ts).
 */
export function withoutInteractionIndexes(db: DatabaseSync, load: () => void): void {
  const names = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'community_interactions' AND sql IS NOT NULL",
    )
    .all()
    .map((row) => String(row.name));
  for (const name of names) db.exec(`DROP INDEX ${name}`);
  for (const name of summaryTriggers) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
  beginDocumentBatch(db);
  try {
    load();
  } catch (error) {
    endDocumentBatch(db, false);
    throw error;
  }
  endDocumentBatch(db);
  refillWordScores(db);
  db.exec(interactionIndexesSql);
  refillSummaries(db);
  db.exec(summaryTriggersSql);
}

const tablesSql = `
    CREATE TABLE IF NOT EXISTS community_tags (
      id INTEGER PRIMARY KEY,
      brand_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      color TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS community_tags_brand_name
      ON community_tags (brand_id, name COLLATE NOCASE);

    CREATE TABLE IF NOT EXISTS community_interactions (
      id INTEGER PRIMARY KEY,
      brand_id INTEGER NOT NULL,
      type TEXT NOT NULL,
      -- 1 for a Facebook or Instagram comment left on an ad (types=FACEBOOK_ADS_COMMENT, ...)
      is_ad INTEGER NOT NULL,
      source_updated_at INTEGER NOT NULL,
      -- the earliest document (message, reply) of the interaction; source_updated_at is the latest
      first_at INTEGER NOT NULL,
      is_read INTEGER NOT NULL,
      is_archived INTEGER NOT NULL,
      is_follow_up INTEGER NOT NULL,
      is_positive INTEGER NOT NULL,
      is_negative INTEGER NOT NULL,
      is_neutral INTEGER NOT NULL,
      is_question INTEGER NOT NULL,
      assignee_id INTEGER,
      media_id INTEGER,
      has_text INTEGER NOT NULL,
      -- deterministic pseudo-random order for sort=SAMPLE
      sample_key INTEGER NOT NULL,
      -- TikTok: replies under a top-level comment (its comment_count)
      reply_count INTEGER NOT NULL,
      -- seconds between the interaction and the brand's reply; null when nobody replied
      response_seconds INTEGER,
      updated_at INTEGER NOT NULL
    );
    -- How many interactions share each combination of the counted columns (see countedColumns).
    CREATE TABLE IF NOT EXISTS community_interaction_counts (
      brand_id INTEGER NOT NULL,
      type TEXT NOT NULL,
      is_ad INTEGER NOT NULL,
      is_read INTEGER NOT NULL,
      is_archived INTEGER NOT NULL,
      is_follow_up INTEGER NOT NULL,
      is_positive INTEGER NOT NULL,
      is_negative INTEGER NOT NULL,
      is_neutral INTEGER NOT NULL,
      is_question INTEGER NOT NULL,
      has_text INTEGER NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (brand_id, type, is_ad, is_read, is_archived, is_follow_up, is_positive, is_negative,
        is_neutral, is_question, has_text)
    ) WITHOUT ROWID;
    -- One row: the longest span (ms) from an interaction's first document to its last, so a
    -- search for documents in [after, before) reads interactions updated in
    -- [after, before + max_span) only.
    CREATE TABLE IF NOT EXISTS community_interaction_span (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      max_span INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS community_interaction_bodies (
      id INTEGER PRIMARY KEY,
      body TEXT NOT NULL
    );

    CREATE TABLE IF NOT EXISTS community_interaction_tags (
      tag_id INTEGER NOT NULL,
      interaction_id INTEGER NOT NULL,
      PRIMARY KEY (tag_id, interaction_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS community_interaction_tags_interaction
      ON community_interaction_tags (interaction_id, tag_id);

    CREATE TABLE IF NOT EXISTS community_interaction_tickets (
      source_id TEXT NOT NULL,
      interaction_id INTEGER NOT NULL,
      PRIMARY KEY (source_id, interaction_id)
    ) WITHOUT ROWID;

    -- Keywords of each interaction's text, denormalised with brand and time so top_keywords
    -- groups over one covering index.
    CREATE TABLE IF NOT EXISTS community_interaction_keywords (
      brand_id INTEGER NOT NULL,
      source_updated_at INTEGER NOT NULL,
      keyword TEXT NOT NULL,
      interaction_id INTEGER NOT NULL,
      PRIMARY KEY (brand_id, source_updated_at, keyword, interaction_id)
    ) WITHOUT ROWID;

    -- One searchable text per comment, reply, mention or conversation message, numbered
    -- brand id * 2^38 + interaction id * 64 + k (interaction-store.ts, documentId); at = its own
    -- time (filter_messages_by_date bounds it).
    CREATE TABLE IF NOT EXISTS community_documents (
      id INTEGER PRIMARY KEY,
      at INTEGER NOT NULL
    );
    CREATE VIRTUAL TABLE IF NOT EXISTS community_documents_fts USING fts5(
      text, content='', tokenize='unicode61 remove_diacritics 2'
    );

    -- The TikTok videos comments hang under (post_media, pinned comment).
    CREATE TABLE IF NOT EXISTS community_media (
      id INTEGER PRIMARY KEY,
      brand_id INTEGER NOT NULL,
      pinned_comment_id INTEGER,
      body TEXT NOT NULL
    );
`;
