import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import {
  latestVersion,
  migrate,
  NewerDatabaseError,
  userVersion,
  type Migration,
} from '../../../../src/main/services/storage/migrations.ts';
import { profileMigrations } from '../../../../src/main/services/storage/profile-migrations.ts';
import { tempDir } from './support/temp-dir.ts';

const open: DatabaseSync[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.isOpen) db.close();
});

function fileDb(): DatabaseSync {
  const db = new DatabaseSync(join(tempDir(), 'profile.sqlite'));
  open.push(db);
  return db;
}

/** Every table, index, view and trigger, as SQLite stores their definitions. */
function schemaOf(db: DatabaseSync): unknown[] {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all();
}

const tableNames = (db: DatabaseSync) =>
  (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as Array<{
      name: string;
    }>
  ).map((r) => r.name);

// A three-step history with data carried across steps, to exercise upgrades beyond the one step
// the app has today.
const history: Migration[] = [
  { version: 1, up: (db) => db.exec('CREATE TABLE drafts (id INTEGER PRIMARY KEY, body TEXT NOT NULL)') },
  {
    version: 2,
    up: (db) => db.exec("ALTER TABLE drafts ADD COLUMN channel TEXT NOT NULL DEFAULT 'twitter'"),
  },
  {
    version: 3,
    up: (db) => {
      db.exec('CREATE TABLE outbox (draft_id INTEGER NOT NULL REFERENCES drafts (id))');
      db.exec('INSERT INTO outbox (draft_id) SELECT id FROM drafts');
    },
  },
];

describe('profile migrations', () => {
  it('take a fresh database to the latest version, with the meta table', () => {
    const db = fileDb();
    expect(migrate(db, profileMigrations)).toBe(profileMigrations.length);
    expect(userVersion(db)).toBe(profileMigrations.length);
    expect(tableNames(db)).toContain('meta');
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('created', 'now');
  });

  // Holds for every step an area adds later: each earlier version upgrades to the same schema a
  // fresh database gets.
  it.each(Array.from({ length: profileMigrations.length }, (_, k) => k))(
    'upgrade a database built at version %i to the same schema as a fresh one',
    (k) => {
      const fresh = fileDb();
      migrate(fresh, profileMigrations);

      const old = fileDb();
      migrate(old, profileMigrations.slice(0, k));
      expect(userVersion(old)).toBe(k);
      expect(migrate(old, profileMigrations)).toBe(profileMigrations.length);
      expect(userVersion(old)).toBe(profileMigrations.length);
      expect(schemaOf(old)).toEqual(schemaOf(fresh));
    },
  );

  it('run again on a migrated database changes nothing', () => {
    const db = fileDb();
    migrate(db, profileMigrations);
    const before = schemaOf(db);
    migrate(db, profileMigrations);
    expect(schemaOf(db)).toEqual(before);
  });
});

describe('migrate', () => {
  it.each([0, 1, 2])('upgrades a database at version %i step by step, keeping its rows', (k) => {
    const db = fileDb();
    migrate(db, history.slice(0, k));
    if (k >= 1) db.exec("INSERT INTO drafts (id, body) VALUES (7, 'hello')");
    migrate(db, history);
    expect(userVersion(db)).toBe(3);
    expect(db.prepare('SELECT id, body, channel FROM drafts').all()).toEqual(
      k >= 1 ? [{ id: 7, body: 'hello', channel: 'twitter' }] : [],
    );
    expect(db.prepare('SELECT draft_id FROM outbox').all()).toEqual(k >= 1 ? [{ draft_id: 7 }] : []);
  });

  it('rolls a failing step back whole and leaves user_version where it was', () => {
    const db = fileDb();
    migrate(db, history.slice(0, 1));
    const failing: Migration = {
      version: 2,
      up: (db) => {
        db.exec('CREATE TABLE half_done (x INTEGER)');
        db.exec('ALTER TABLE drafts ADD COLUMN channel TEXT');
        throw new Error('step 2 broke');
      },
    };
    expect(() => migrate(db, [history[0]!, failing, history[2]!])).toThrow('step 2 broke');
    expect(userVersion(db)).toBe(1);
    expect(tableNames(db)).toEqual(['drafts']);
    expect(db.prepare('SELECT name FROM pragma_table_info(?)').all('drafts')).toEqual([
      { name: 'id' },
      { name: 'body' },
    ]);
    // The next start retries from there.
    migrate(db, history);
    expect(userVersion(db)).toBe(3);
  });

  it('keeps the steps before a failing one', () => {
    const db = fileDb();
    const failing: Migration = {
      version: 3,
      up: () => {
        throw new Error('step 3 broke');
      },
    };
    expect(() => migrate(db, [history[0]!, history[1]!, failing])).toThrow('step 3 broke');
    expect(userVersion(db)).toBe(2);
    expect(tableNames(db)).toEqual(['drafts']);
  });

  it('refuses a database written by a newer app, touching nothing', () => {
    const db = fileDb();
    migrate(db, history);
    expect(() => migrate(db, history.slice(0, 2))).toThrow(NewerDatabaseError);
    expect(userVersion(db)).toBe(3);
  });

  it('refuses a list that is not numbered 1, 2, 3, ... in order', () => {
    expect(() => latestVersion([history[0]!, history[2]!])).toThrow(/numbered/);
    expect(() => latestVersion([history[1]!, history[0]!])).toThrow(/numbered/);
    expect(latestVersion(history)).toBe(3);
    expect(latestVersion([])).toBe(0);
  });
});
