import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { transaction } from '../../../../src/main/services/storage/transaction.ts';
import { tempDir } from './support/temp-dir.ts';

const open: DatabaseSync[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.isOpen) db.close();
});

function connect(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  open.push(db);
  return db;
}

function notesDb(): DatabaseSync {
  const db = connect(join(tempDir(), 'notes.sqlite'));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('CREATE TABLE notes (text TEXT NOT NULL)');
  return db;
}

const notes = (db: DatabaseSync) =>
  (db.prepare('SELECT text FROM notes ORDER BY rowid').all() as Array<{ text: string }>).map((r) => r.text);
const add = (db: DatabaseSync, text: string) => db.prepare('INSERT INTO notes (text) VALUES (?)').run(text);

describe('transaction', () => {
  it('commits what the work wrote and answers its result', () => {
    const db = notesDb();
    expect(transaction(db, () => (add(db, 'a'), add(db, 'b'), 'done'))).toBe('done');
    expect(notes(db)).toEqual(['a', 'b']);
    expect(db.isTransaction).toBe(false);
  });

  it('rolls everything back when the work throws, and rethrows the same error', () => {
    const db = notesDb();
    const failure = new Error('disk said no');
    expect(() =>
      transaction(db, () => {
        add(db, 'a');
        throw failure;
      }),
    ).toThrow(failure);
    expect(notes(db)).toEqual([]);
    expect(db.isTransaction).toBe(false);
  });

  it('takes the write lock at the start (BEGIN IMMEDIATE), before the work writes anything', () => {
    const path = join(tempDir(), 'lock.sqlite');
    const db = connect(path);
    db.exec('PRAGMA journal_mode = WAL');
    const other = connect(path);
    other.exec('PRAGMA busy_timeout = 0');
    transaction(db, () => {
      // A deferred BEGIN would hold no lock yet, and the other connection would get it.
      expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
    });
    other.exec('BEGIN IMMEDIATE');
    other.exec('ROLLBACK');
  });

  it('runs a nested call as a savepoint: its failure undoes only its own part', () => {
    const db = notesDb();
    transaction(db, () => {
      add(db, 'outer');
      expect(() =>
        transaction(db, () => {
          add(db, 'inner');
          throw new Error('inner fails');
        }),
      ).toThrow('inner fails');
      transaction(db, () => add(db, 'second inner'));
    });
    expect(notes(db)).toEqual(['outer', 'second inner']);
  });

  it('undoes a released inner part when the outer work throws', () => {
    const db = notesDb();
    expect(() =>
      transaction(db, () => {
        transaction(db, () => add(db, 'inner'));
        throw new Error('outer fails');
      }),
    ).toThrow('outer fails');
    expect(notes(db)).toEqual([]);
  });

  it('refuses work that returns a promise, and rolls back what it wrote before its first await', async () => {
    const db = notesDb();
    expect(() =>
      transaction(db, async () => {
        add(db, 'before await');
        await Promise.resolve();
      }),
    ).toThrow(/synchronous/);
    expect(notes(db)).toEqual([]);
    expect(db.isTransaction).toBe(false);
  });
});
