import { createMirrorTables } from '../mirror/mirror-schema.ts';
import type { Migration } from './migrations.ts';

/**
 * The schema of each profile's database (drafts, outbox, caches), step by step. An area adds its
 * tables as the next numbered step at the end of this list; released steps are never edited.
 *
 * Each step runs inside a transaction with foreign keys on. A step that rebuilds a table (SQLite's
 * create-copy-drop-rename) cannot turn foreign keys off there: it sets
 * `PRAGMA defer_foreign_keys = ON` instead, so the keys are checked once, at its commit.
 */
export const profileMigrations: readonly Migration[] = [
  {
    version: 1,
    up(db) {
      // Small facts about this file (when it was created, which sync it last finished, ...).
      db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT');
    },
  },
  {
    version: 2,
    up(db) {
      // Drafts of scheduled posts (issue 15). `fields` is the post's request body as the composer
      // last saved it (JSON, possibly half-written); the base columns are the service's version
      // the draft started from (or last synced), so an update sends only what changed and sees
      // when the service's copy moved on. Times are local UNIX milliseconds.
      db.exec(`
        CREATE TABLE drafts (
          id TEXT PRIMARY KEY,
          channel TEXT NOT NULL
            CHECK (channel IN ('threads', 'instagram', 'twitter', 'linkedin', 'snapchat')),
          brand_id INTEGER NOT NULL,
          fields TEXT NOT NULL,
          search_text TEXT NOT NULL,
          revision INTEGER NOT NULL,
          state TEXT NOT NULL
            CHECK (state IN ('local', 'queued', 'syncing', 'synced', 'conflict', 'failed')),
          error TEXT,
          post_id INTEGER,
          base_updated_at TEXT,
          base_fields TEXT,
          remote TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          synced_at INTEGER
        ) STRICT
      `);
      db.exec('CREATE INDEX drafts_by_update ON drafts (updated_at DESC, id)');
      db.exec('CREATE INDEX drafts_by_state ON drafts (state)');
      // The sync outbox: one row per draft waiting to reach the service, sent in `seq` order.
      // create_pending: a POST may have reached the service without its answer reaching us, so
      // the post is looked up by source_id before another POST. update_pending: the same for a
      // PATCH, so our own change is not taken for someone else's.
      db.exec(`
        CREATE TABLE outbox (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          draft_id TEXT NOT NULL UNIQUE REFERENCES drafts (id) ON DELETE CASCADE,
          sent_revision INTEGER,
          sent_fields TEXT,
          create_pending INTEGER NOT NULL DEFAULT 0,
          update_pending INTEGER NOT NULL DEFAULT 0,
          attempts INTEGER NOT NULL DEFAULT 0,
          queued_at INTEGER NOT NULL
        ) STRICT
      `);
    },
  },
  {
    version: 3,
    up(db) {
      // Finished report exports (issue 16): what "recent exports" lists and the only files
      // "show in folder" opens. `config` is the report configuration (JSON) the file was made
      // from; `finished_at` is local UNIX milliseconds.
      db.exec(`
        CREATE TABLE report_exports (
          id TEXT PRIMARY KEY,
          path TEXT NOT NULL,
          file_name TEXT NOT NULL,
          report_type TEXT NOT NULL,
          bytes INTEGER NOT NULL CHECK (bytes >= 0),
          rows INTEGER NOT NULL CHECK (rows >= 0),
          finished_at INTEGER NOT NULL,
          config TEXT NOT NULL
        ) STRICT
      `);
      db.exec('CREATE INDEX report_exports_by_finish ON report_exports (finished_at DESC)');
      db.exec('CREATE INDEX report_exports_by_path ON report_exports (path)');
    },
  },
  {
    version: 4,
    up(db) {
      // Named things a person saves and reopens in one click: the inbox's saved views and the
      // report builder's saved configurations (issues 14 and 16). One table for both: `kind`
      // says whose it is, `body` is the JSON each area defines; times are UNIX milliseconds.
      db.exec(`
        CREATE TABLE saved_items (
          id TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          name TEXT NOT NULL,
          body TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT
      `);
      db.exec('CREATE UNIQUE INDEX saved_items_by_name ON saved_items (kind, name)');
    },
  },
  {
    version: 5,
    up(db) {
      // Replies written in the app (issue 24): the reply outbox sends them in `seq` order, exactly
      // once. send_pending: a POST may have reached the service without its answer reaching us,
      // so the interaction is looked at before another POST. `sent` is the service's reply (JSON)
      // once it has it; `error` the refusal kept for the person. Times are UNIX milliseconds.
      db.exec(`
        CREATE TABLE replies (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          interaction_id INTEGER NOT NULL,
          brand_id INTEGER NOT NULL,
          type TEXT NOT NULL,
          text TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'waiting', 'sent', 'failed')),
          error TEXT,
          send_pending INTEGER NOT NULL DEFAULT 0,
          attempts INTEGER NOT NULL DEFAULT 0,
          sent TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT
      `);
      db.exec('CREATE INDEX replies_by_interaction ON replies (interaction_id, seq)');
      db.exec('CREATE INDEX replies_by_state ON replies (state, seq)');
      // Canned replies: the person's own presets, with {first_name} and {brand} placeholders.
      db.exec(`
        CREATE TABLE canned_replies (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          text TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT
      `);
    },
  },
  {
    version: 6,
    up(db) {
      // The address book (issue 24 §5): the service names users by id only, so a person names
      // them here. `is_me` marks the one id that is the person using the app (at most one row).
      // A row may have no name yet: "this is me" can come before a name.
      db.exec(`
        CREATE TABLE people (
          user_id INTEGER PRIMARY KEY,
          name TEXT,
          is_me INTEGER NOT NULL DEFAULT 0 CHECK (is_me IN (0, 1)),
          updated_at INTEGER NOT NULL
        ) STRICT
      `);
      db.exec('CREATE UNIQUE INDEX people_by_name ON people (name COLLATE NOCASE) WHERE name IS NOT NULL');
      db.exec('CREATE UNIQUE INDEX people_me ON people (is_me) WHERE is_me = 1');
      // Users seen on a brand (as assignee or brand replier in the interactions read), so the
      // assign dialog offers a brand's own people first. Written once per pair.
      db.exec(`
        CREATE TABLE people_seen (
          brand_id INTEGER NOT NULL,
          user_id INTEGER NOT NULL,
          first_seen_at INTEGER NOT NULL,
          PRIMARY KEY (brand_id, user_id)
        ) STRICT, WITHOUT ROWID
      `);
    },
  },
  {
    version: 7,
    up(db) {
      // The inbox mirror (issue 25): the profile's brands' interactions kept locally, so lists,
      // search and counts answer without the service. Its tables are described where they are
      // made; a mirror found unsound later is dropped and refilled with the same function.
      createMirrorTables(db);
    },
  },
  {
    version: 8,
    up(db) {
      // Posting schedules (issue 26 §2): the times of the week a channel and brand post at, as
      // a day (1 Monday ... 7 Sunday) and a minute of the day, in the schedule's time zone (kept
      // in `meta` as posting_time_zone; the machine's zone until the person picks one).
      db.exec(`
        CREATE TABLE posting_slots (
          channel TEXT NOT NULL
            CHECK (channel IN ('threads', 'instagram', 'twitter', 'linkedin', 'snapchat')),
          brand_id INTEGER NOT NULL,
          weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
          minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),
          PRIMARY KEY (channel, brand_id, weekday, minute)
        ) STRICT, WITHOUT ROWID
      `);
    },
  },
  {
    version: 9,
    up(db) {
      // Names for the ids the service lists nowhere (content tags, boards), kept beside `people`
      // (reviewers are users and are named there). One name per id of a kind; a name is unique
      // within its kind, case aside, so a picker never offers two of the same.
      db.exec(`
        CREATE TABLE named_ids (
          kind TEXT NOT NULL,
          id INTEGER NOT NULL,
          name TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (kind, id)
        ) STRICT, WITHOUT ROWID
      `);
      db.exec('CREATE UNIQUE INDEX named_ids_by_name ON named_ids (kind, name COLLATE NOCASE)');
    },
  },
  {
    version: 10,
    up(db) {
      // Triage done while the service could not be reached (issue 25 §4), in line in `seq`
      // order. `change` holds only the fields the person touched (JSON; tags as added and
      // removed, so a teammate's other tags stay). send_pending: the PATCH may have reached the
      // service unanswered, so the interaction is read first and the change is not sent again if
      // it is there. `error` is the service's refusal (JSON), kept for Retry. Times: local ms.
      db.exec(`
        CREATE TABLE triage_queue (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          interaction_id INTEGER NOT NULL,
          brand_id INTEGER NOT NULL,
          change TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('waiting', 'refused')),
          send_pending INTEGER NOT NULL DEFAULT 0,
          error TEXT,
          queued_at INTEGER NOT NULL
        ) STRICT
      `);
      db.exec('CREATE INDEX triage_queue_by_interaction ON triage_queue (interaction_id)');
    },
  },
];
