import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { userVersion, type Migration } from '../../../../src/main/services/storage/migrations.ts';
import {
  createProfileDatabases,
  type ProfileDatabases,
} from '../../../../src/main/services/storage/profile-databases.ts';
import { profileMigrations } from '../../../../src/main/services/storage/profile-migrations.ts';
import { tempDir } from './support/temp-dir.ts';

const made: ProfileDatabases[] = [];
afterEach(() => {
  for (const databases of made.splice(0)) databases.close();
});

function databases(options: { migrations?: readonly Migration[] } = {}) {
  const directory = tempDir();
  const created = createProfileDatabases({ directory, ...options });
  made.push(created);
  return Object.assign(created, { directory });
}

const pragma = (db: ReturnType<ProfileDatabases['open']>, name: string) =>
  Object.values(db.prepare(`PRAGMA ${name}`).get() as object)[0];

const profileA = '3f0c2a4e-1111-4a5b-9c3d-000000000001';
const profileB = '3f0c2a4e-1111-4a5b-9c3d-000000000002';

describe('profile databases', () => {
  it('open a migrated database in WAL mode with FULL sync, foreign keys and a busy timeout', () => {
    const storage = databases();
    const db = storage.open(profileA);
    expect(pragma(db, 'journal_mode')).toBe('wal');
    expect(pragma(db, 'synchronous')).toBe(2); // FULL
    expect(pragma(db, 'foreign_keys')).toBe(1);
    expect(pragma(db, 'busy_timeout')).toBe(5000);
    expect(userVersion(db)).toBe(profileMigrations.length);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('k', 'v');
    // A write goes to the -wal file beside the database.
    expect(existsSync(`${storage.pathOf(profileA)}-wal`)).toBe(true);
  });

  it('give each profile its own file in the folder, and one connection a profile', () => {
    const storage = databases();
    const a = storage.open(profileA);
    const b = storage.open(profileB);
    expect(storage.open(profileA)).toBe(a);
    a.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('who', 'A');
    expect(b.prepare('SELECT * FROM meta').all()).toEqual([]);
    expect(
      readdirSync(storage.directory)
        .filter((f) => f.endsWith('.sqlite'))
        .sort(),
    ).toEqual([`${profileA}.sqlite`, `${profileB}.sqlite`]);
  });

  it('refuse an id that could name a file elsewhere', () => {
    const storage = databases();
    for (const id of ['../escape', 'a/b', 'a\\b', '', 'x\0y', 'UPPER', '.']) {
      expect(() => storage.open(id)).toThrow(/Not a profile id/);
    }
    expect(readdirSync(storage.directory)).toEqual([]);
  });

  it('keep rows across a close and a reopen', () => {
    const directory = tempDir();
    const first = createProfileDatabases({ directory });
    first.open(profileA).prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('k', 'kept');
    first.close();
    const second = createProfileDatabases({ directory });
    made.push(second);
    expect(second.open(profileA).prepare('SELECT value FROM meta').all()).toEqual([{ value: 'kept' }]);
  });

  it('remove a profile: its connection closed, its files deleted, the id refused afterwards', () => {
    const storage = databases();
    const a = storage.open(profileA);
    const b = storage.open(profileB);
    a.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('draft', 'secret plans');
    const path = storage.pathOf(profileA);
    expect(existsSync(`${path}-wal`)).toBe(true);

    storage.remove(profileA);
    expect(a.isOpen).toBe(false);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(existsSync(file)).toBe(false);
    expect(() => storage.open(profileA)).toThrow(/removed/);
    expect(existsSync(path)).toBe(false);
    // The others are untouched.
    expect(b.isOpen).toBe(true);
    expect(existsSync(storage.pathOf(profileB))).toBe(true);
  });

  it('remove a profile whose database was never opened in this run', () => {
    const directory = tempDir();
    const earlier = createProfileDatabases({ directory });
    earlier.open(profileA);
    earlier.close();
    const storage = createProfileDatabases({ directory });
    made.push(storage);
    storage.remove(profileA);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('close every database it opened, and refuse to open more', () => {
    const storage = databases();
    const opened = [storage.open(profileA), storage.open(profileB)];
    storage.close();
    expect(opened.map((db) => db.isOpen)).toEqual([false, false]);
    expect(() => storage.open(profileA)).toThrow(/closed/);
  });

  it('leave a database whose migration fails at its version, with no connection kept', () => {
    const broken: Migration[] = [
      ...profileMigrations,
      {
        version: profileMigrations.length + 1,
        up: () => {
          throw new Error('bad step');
        },
      },
    ];
    const directory = tempDir();
    const storage = createProfileDatabases({ directory, migrations: broken });
    made.push(storage);
    expect(() => storage.open(profileA)).toThrow('bad step');

    const fixed = createProfileDatabases({ directory });
    made.push(fixed);
    expect(userVersion(fixed.open(profileA))).toBe(profileMigrations.length);
  });

  it('keep a committed row when the app is killed (SIGKILL) before closing', async () => {
    const directory = tempDir();
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('./support/commit-then-wait-child.ts', import.meta.url)),
        directory,
        profileA,
        'draft 1',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8');
    for await (const chunk of child.stdout) {
      output += chunk;
      if (output.includes('committed\n')) break;
    }
    expect(output).toBe('committed\n');
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    expect((await exited)[1]).toBe('SIGKILL');

    const storage = createProfileDatabases({ directory });
    made.push(storage);
    // Never checkpointed: the row is in the -wal file, and reopening recovers it from there.
    expect(existsSync(`${storage.pathOf(profileA)}-wal`)).toBe(true);
    expect(storage.open(profileA).prepare('SELECT key, value FROM meta').all()).toEqual([
      { key: 'draft', value: 'draft 1' },
    ]);
  });
});
