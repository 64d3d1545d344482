import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate, type Migration } from './migrations.ts';

/** How long a connection waits for another one's write lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens a database file (creating it and its folder when new) with the app's settings, and
 * migrates it to the latest version of `migrations`. On any failure the connection is closed
 * again, so a broken file leaves no handle behind.
 *
 * - WAL: readers never block the writer, and a commit is one append to the -wal file.
 * - synchronous = FULL: in WAL mode NORMAL already survives the app being killed (kill -9): a
 *   commit has reached the operating system's file cache before it returns, and the next open
 *   recovers it from the -wal file. What NORMAL can lose is the last commits before a power cut
 *   or an OS crash, because it syncs the -wal file only at checkpoints. FULL syncs it at every
 *   commit, so a draft the app has acknowledged is on the disk. The cost is one fsync a commit;
 *   drafts and outbox rows are written at a person's pace, and caches write many rows per
 *   transaction, so that cost is not felt.
 * - foreign_keys on: SQLite's default is off, per connection.
 */
export function openDatabase(path: string, migrations: readonly Migration[]): DatabaseSync {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const { journal_mode } = db.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string };
    // SQLite answers the mode it is in; a file it cannot put in WAL (some network filesystems)
    // would quietly keep a rollback journal, and the durability above would not hold.
    if (journal_mode !== 'wal') throw new Error(`${path} cannot use WAL mode (it is in ${journal_mode}).`);
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
