import type { DatabaseSync } from 'node:sqlite';

/**
 * The inbox mirror's tables in a profile's database (issue 25 §1): the interactions of the
 * profile's brands within the retention period, as the service last answered them.
 *
 * - `mirror_interactions`: one row per interaction, a column for each list filter (so a filter
 *   reads narrow rows and indexes); `mirror_bodies` holds the interaction's JSON exactly as the service gave
 *   it, which is what a list answers, deflated with a dictionary kept in `mirror_meta` (mirror-bodies.ts:
 *   the bodies are nine tenths of the mirror, and alike enough to shrink about eightfold). Times are
 *   epoch milliseconds (the service compares them so). `documents` is how many full-text documents
 *   the row has, so replacing a row deletes exactly those (a range delete scans the whole index);
 *   `digest` is a digest of the body, so a row read again unchanged (the sweep's, nearly all) is
 *   not written again.
 *   `waiting_since` is the waiting rule's answer (`shared/domain/waiting.ts`), kept with the row
 *   because it reads only the row: Needs reply is then an indexed filter, not a walk.
 * - `mirror_interaction_tags` (AND filter) and `mirror_interaction_tickets` (OR filter).
 * - `mirror_documents`: the free-text index, one document per text a search can match (the
 *   comment, each message of a conversation, each reply of a TikTok thread), numbered
 *   interaction id * 64 + k, as the service searches each text on its own (all words of a search
 *   in one text, not spread over a thread).
 * - `mirror_tags`: the brands' tags (op 15), so a filter naming tags resolves them offline too.
 * - `mirror_brands`: the sync state per brand: where the first fill has got to, when it ended,
 *   the retention period's start it used and whether the service holds anything older.
 * - `mirror_meta`: the mirror's schema version, checked at open (a mismatch drops and refills).
 */
export const MIRROR_SCHEMA_VERSION = 3;

const tablesSql = `
  CREATE TABLE IF NOT EXISTS mirror_interactions (
    id INTEGER PRIMARY KEY,
    brand_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    is_ad INTEGER NOT NULL,
    source_updated_at INTEGER,
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
    waiting_since INTEGER,
    documents INTEGER NOT NULL,
    digest TEXT NOT NULL,
    checked_at INTEGER NOT NULL
  ) STRICT;
  -- The bodies apart: a filter or count reads the narrow rows only, a page its few bodies.
  CREATE TABLE IF NOT EXISTS mirror_bodies (id INTEGER PRIMARY KEY, body BLOB NOT NULL) STRICT;
  CREATE INDEX IF NOT EXISTS mirror_interactions_time ON mirror_interactions (source_updated_at, id);
  CREATE INDEX IF NOT EXISTS mirror_interactions_brand_time
    ON mirror_interactions (brand_id, source_updated_at, id);
  CREATE INDEX IF NOT EXISTS mirror_interactions_waiting
    ON mirror_interactions (waiting_since) WHERE waiting_since IS NOT NULL;
  CREATE INDEX IF NOT EXISTS mirror_interactions_assignee
    ON mirror_interactions (assignee_id) WHERE assignee_id IS NOT NULL;
  CREATE TABLE IF NOT EXISTS mirror_interaction_tags (
    tag_id INTEGER NOT NULL,
    interaction_id INTEGER NOT NULL,
    PRIMARY KEY (tag_id, interaction_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS mirror_interaction_tags_by_interaction ON mirror_interaction_tags (interaction_id);
  CREATE TABLE IF NOT EXISTS mirror_interaction_tickets (
    source_id TEXT NOT NULL,
    interaction_id INTEGER NOT NULL,
    PRIMARY KEY (source_id, interaction_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS mirror_interaction_tickets_by_interaction
    ON mirror_interaction_tickets (interaction_id);
  -- Contentless: the texts are in the bodies already; rows can still be deleted one by one.
  CREATE VIRTUAL TABLE IF NOT EXISTS mirror_documents USING fts5(
    text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
  );
  CREATE TABLE IF NOT EXISTS mirror_tags (
    id INTEGER PRIMARY KEY,
    brand_id INTEGER NOT NULL,
    name TEXT NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS mirror_brands (
    brand_id INTEGER PRIMARY KEY,
    window_start INTEGER NOT NULL,
    filled_to INTEGER,
    filled_at INTEGER,
    older_count INTEGER,
    swept_to INTEGER
  ) STRICT;
  CREATE TABLE IF NOT EXISTS mirror_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
`;

/** Creates the mirror's tables (empty) and records their version. */
export function createMirrorTables(db: DatabaseSync): void {
  db.exec(tablesSql);
  db.prepare(
    "INSERT INTO mirror_meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(String(MIRROR_SCHEMA_VERSION));
}

const mirrorTables = [
  'mirror_interactions',
  'mirror_bodies',
  'mirror_interaction_tags',
  'mirror_interaction_tickets',
  'mirror_documents',
  'mirror_tags',
  'mirror_brands',
  'mirror_meta',
];

/** Drops every table of the mirror: what it held is refilled from the service. */
export function dropMirrorTables(db: DatabaseSync): void {
  for (const table of mirrorTables) db.exec(`DROP TABLE IF EXISTS ${table}`);
}

/**
 * Whether the mirror can be trusted: its schema is the one this code writes, SQLite finds its
 * tables and indexes sound, and the full-text index agrees with itself. Anything else (a file
 * damaged on disk, a half-applied change, an older layout) is a reason to rebuild it, never to
 * answer from it.
 */
export function mirrorIsSound(db: DatabaseSync): boolean {
  try {
    const version = db.prepare("SELECT value FROM mirror_meta WHERE key = 'schema'").get() as
      { value: string } | undefined;
    if (version?.value !== String(MIRROR_SCHEMA_VERSION)) return false;
    for (const table of mirrorTables.filter((name) => name !== 'mirror_documents')) {
      const rows = db.prepare(`PRAGMA quick_check(${table})`).all() as { quick_check: string }[];
      if (rows.length !== 1 || rows[0]!.quick_check !== 'ok') return false;
    }
    db.exec("INSERT INTO mirror_documents (mirror_documents) VALUES ('integrity-check')");
    return true;
  } catch {
    return false;
  }
}
