import type { DatabaseSync } from 'node:sqlite';

/**
 * The community area's tables. An interaction is split in two:
 * - `community_interactions`: one narrow row per interaction with a column for every list filter
 *   and every mutable field (flags, assignee). Filters and counts scan only these small rows, so a
 *   count over 100k interactions stays within a few milliseconds.
 * - `community_interaction_bodies`: the immutable rest of the interaction's JSON shape, read only
 *   for the page being answered.
 * Tags (AND filter), tickets (OR filter), keywords (top_keywords) and searchable documents (free
 * text, one per comment or per conversation message) live in join tables keyed by interaction.
 * Times are epoch milliseconds, so range filters and day buckets are plain integer arithmetic.
 */
export function createCommunityTables(db: DatabaseSync): void {
  db.exec(tablesSql);
  db.exec(interactionIndexesSql);
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
    CREATE INDEX IF NOT EXISTS community_interactions_assignee
      ON community_interactions (assignee_id) WHERE assignee_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS community_interactions_media
      ON community_interactions (media_id);
`;

/**
 * Runs a bulk load with the interaction indexes dropped and builds them afterwards: one sort per
 * index instead of 100k scattered inserts (the sample_key index is random by design).
 */
export function withoutInteractionIndexes(db: DatabaseSync, load: () => void): void {
  const names = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'community_interactions' AND sql IS NOT NULL",
    )
    .all()
    .map((row) => String(row.name));
  for (const name of names) db.exec(`DROP INDEX ${name}`);
  load();
  db.exec(interactionIndexesSql);
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
    -- interaction id * 64 + k; at = its own time (filter_messages_by_date bounds it).
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
