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
];
