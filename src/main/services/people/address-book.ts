import type { DatabaseSync } from 'node:sqlite';
import type { AddressBook, Person } from '../../../shared/contract/index.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { transaction } from '../storage/transaction.ts';

/** A user id seen on a brand, as the interactions read showed it. */
export interface SeenPair {
  brandId: number;
  userId: number;
}

/** Naming someone with the name another person already has (case aside). */
export class PersonNameTakenError extends Error {
  readonly name = 'PersonNameTakenError';
}

interface PersonRow {
  user_id: number;
  name: string | null;
  is_me: number;
}

/**
 * Each profile's address book (tables `people` and `people_seen`, profile migration 6): names for
 * the service's user ids, which id is the person using the app, and who was seen on which brand.
 * Every change answers the whole book, which a team keeps small.
 */
export function createAddressBook(databases: Pick<ProfileDatabases, 'open'>, now: () => number = Date.now) {
  // Pairs already written, per profile: lists pass through main many times a minute, and each
  // pair needs writing once, so a pass that brings nobody new costs no database work at all.
  const written = new Map<string, Set<string>>();

  function writtenPairs(profileId: string, db: DatabaseSync): Set<string> {
    let pairs = written.get(profileId);
    if (!pairs) {
      const rows = db.prepare('SELECT brand_id, user_id FROM people_seen').all() as {
        brand_id: number;
        user_id: number;
      }[];
      pairs = new Set(rows.map((row) => `${row.brand_id}:${row.user_id}`));
      written.set(profileId, pairs);
    }
    return pairs;
  }

  function read(profileId: string): AddressBook {
    const db = databases.open(profileId);
    const rows = db.prepare('SELECT user_id, name, is_me FROM people').all() as unknown as PersonRow[];
    const seen = db.prepare('SELECT brand_id, user_id FROM people_seen ORDER BY brand_id').all() as {
      brand_id: number;
      user_id: number;
    }[];
    const people = new Map<number, Person>();
    const personOf = (userId: number) => {
      let person = people.get(userId);
      if (!person) people.set(userId, (person = { userId, name: null, seenOnBrandIds: [] }));
      return person;
    };
    let me: number | null = null;
    for (const row of rows) {
      personOf(row.user_id).name = row.name;
      if (row.is_me === 1) me = row.user_id;
    }
    for (const row of seen) personOf(row.user_id).seenOnBrandIds.push(row.brand_id);
    return { me, people: [...people.values()].sort(byName) };
  }

  /** Removes a row left with nothing to say (no name, not me). */
  function dropIfEmpty(db: DatabaseSync, userId: number): void {
    db.prepare('DELETE FROM people WHERE user_id = ? AND name IS NULL AND is_me = 0').run(userId);
  }

  return {
    read,

    name(profileId: string, userId: number, name: string): AddressBook {
      const db = databases.open(profileId);
      transaction(db, () => {
        const taken = db
          .prepare('SELECT user_id FROM people WHERE name = ? COLLATE NOCASE AND user_id <> ?')
          .get(name, userId) as { user_id: number } | undefined;
        if (taken) throw new PersonNameTakenError(`User ${taken.user_id} is already named "${name}".`);
        db.prepare(
          `INSERT INTO people (user_id, name, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at`,
        ).run(userId, name, now());
      });
      return read(profileId);
    },

    forget(profileId: string, userId: number): AddressBook {
      const db = databases.open(profileId);
      transaction(db, () => {
        db.prepare('DELETE FROM people WHERE user_id = ?').run(userId);
        db.prepare('DELETE FROM people_seen WHERE user_id = ?').run(userId);
      });
      const pairs = written.get(profileId);
      if (pairs) for (const pair of [...pairs]) if (pair.endsWith(`:${userId}`)) pairs.delete(pair);
      return read(profileId);
    },

    setMe(profileId: string, userId: number | null): AddressBook {
      const db = databases.open(profileId);
      transaction(db, () => {
        const before = db.prepare('SELECT user_id FROM people WHERE is_me = 1').get() as
          { user_id: number } | undefined;
        db.prepare('UPDATE people SET is_me = 0, updated_at = ? WHERE is_me = 1').run(now());
        if (before) dropIfEmpty(db, before.user_id);
        if (userId !== null) {
          db.prepare(
            `INSERT INTO people (user_id, is_me, updated_at) VALUES (?, 1, ?)
             ON CONFLICT (user_id) DO UPDATE SET is_me = 1, updated_at = excluded.updated_at`,
          ).run(userId, now());
        }
      });
      return read(profileId);
    },

    /**
     * Records users seen on brands; answers whether any pair was new (the book changed). Pairs
     * written before are skipped in memory.
     */
    recordSeen(profileId: string, pairs: readonly SeenPair[]): boolean {
      if (pairs.length === 0) return false;
      const db = databases.open(profileId);
      const known = writtenPairs(profileId, db);
      const fresh = pairs.filter(({ brandId, userId }) => !known.has(`${brandId}:${userId}`));
      if (fresh.length === 0) return false;
      const at = now();
      transaction(db, () => {
        const insert = db.prepare(
          'INSERT OR IGNORE INTO people_seen (brand_id, user_id, first_seen_at) VALUES (?, ?, ?)',
        );
        for (const { brandId, userId } of fresh) insert.run(brandId, userId, at);
      });
      for (const { brandId, userId } of fresh) known.add(`${brandId}:${userId}`);
      return true;
    },
  };
}

export type AddressBookStore = ReturnType<typeof createAddressBook>;

/** Named people by name as people read them, then the unnamed by id. */
function byName(a: Person, b: Person): number {
  if (a.name !== null && b.name !== null) {
    return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.userId - b.userId;
  }
  if (a.name !== null) return -1;
  if (b.name !== null) return 1;
  return a.userId - b.userId;
}
