import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Migration } from './migrations.ts';
import { openDatabase } from './open-database.ts';
import { profileMigrations } from './profile-migrations.ts';

/** Each profile's local database (drafts, outbox, caches), one file a profile. */
export interface ProfileDatabases {
  /**
   * The profile's database, migrated to the latest version. Opened on first use and kept open
   * (one connection a profile) until `remove` or `close`.
   */
  open(profileId: string): DatabaseSync;
  /**
   * Closes the profile's database and deletes its files. Called when the profile is removed; the
   * id is refused afterwards, so a late call for that profile cannot create a new file.
   */
  remove(profileId: string): void;
  /** Closes every database this opened; `open` refuses afterwards (the app is shutting down). */
  close(): void;
  /** The profile's database file. */
  pathOf(profileId: string): string;
}

// Profile ids become file names. The app makes them with randomUUID; anything else is refused
// rather than mapped: no character that could leave the folder, and lower case only, so two ids
// never share a file on a case-insensitive disk (macOS, Windows).
const profileIdPattern = /^[a-z0-9_-]{1,100}$/;

export function createProfileDatabases(options: {
  /** The folder for the files, inside the user-data folder. */
  directory: string;
  migrations?: readonly Migration[];
}): ProfileDatabases {
  const migrations = options.migrations ?? profileMigrations;
  const opened = new Map<string, DatabaseSync>();
  const removed = new Set<string>();
  let closed = false;

  function pathOf(profileId: string): string {
    if (!profileIdPattern.test(profileId)) throw new Error(`Not a profile id: ${JSON.stringify(profileId)}.`);
    return join(options.directory, `${profileId}.sqlite`);
  }

  function open(profileId: string): DatabaseSync {
    const path = pathOf(profileId);
    if (closed) throw new Error('The profile databases are closed: the app is shutting down.');
    if (removed.has(profileId))
      throw new Error(`Profile ${profileId} was removed, and its database with it.`);
    let db = opened.get(profileId);
    if (!db) {
      db = openDatabase(path, migrations);
      opened.set(profileId, db);
    }
    return db;
  }

  function remove(profileId: string): void {
    const path = pathOf(profileId);
    removed.add(profileId);
    const db = opened.get(profileId);
    opened.delete(profileId);
    if (db?.isOpen) db.close();
    // The -wal and -shm files hold committed rows too (drafts not yet checkpointed).
    for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
  }

  function close(): void {
    closed = true;
    const errors: unknown[] = [];
    for (const db of opened.values()) {
      try {
        if (db.isOpen) db.close();
      } catch (error) {
        errors.push(error);
      }
    }
    opened.clear();
    if (errors.length) throw new AggregateError(errors, 'Some profile databases did not close.');
  }

  return { open, remove, close, pathOf };
}
