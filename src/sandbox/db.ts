import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Faker, base, en } from '@faker-js/faker';
import type { SandboxArea } from './area.ts';
import { hashString } from './random.ts';
import { createCoreTables } from './seed/core-tables.ts';
import { transaction } from './sql.ts';
import { readCore, seedCore, type CoreSeed } from './seed/core.ts';
import { hashPlainTokens } from './seed/token-store.ts';

export interface OpenDatabaseOptions {
  /** A file path, or ':memory:'. */
  path: string;
  areas: readonly SandboxArea[];
  seed: number;
  scale: number;
  /** The sandbox clock at opening time; seeded data is dated around it. */
  now: Date;
}

export interface OpenedDatabase {
  db: DatabaseSync;
  core: CoreSeed;
  /** True when this open seeded anything (a new database, or an area new to this file). */
  seeded: boolean;
  /** Milliseconds spent seeding, for the benchmark. */
  seedMs: number;
}

/** A faker per seed step, seeded from (`--seed`, step name): each area's data is stable on its own. */
export function seededFaker(seed: number, step: string, now: Date): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(hashString(`${seed}:${step}`));
  faker.setDefaultRefDate(now);
  return faker;
}

/**
 * Opens (and, when new, seeds) the sandbox database. Each seed step runs in one transaction and
 * records itself in `meta` in that same transaction, so a file is never seeded twice and a crash
 * mid-seed leaves no half-seeded area; an area added to the sandbox later gets seeded into an
 * existing file on its next start, while everything already there is kept as it is.
 */
export function openDatabase(options: OpenDatabaseOptions): OpenedDatabase {
  const { path, areas, seed, scale, now } = options;
  if (path !== ':memory:' && !existsSync(dirname(path))) mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // Connection settings live here, not in a seed step (which runs only on a new file): the
  // default 2 MB page cache thrashes on a 100k-interaction seed and on the list queries after it;
  // 64 MB keeps the working set in memory, whether this start seeds or reopens a file.
  db.exec('PRAGMA cache_size = -65536');

  createCoreTables(db);
  hashPlainTokens(db);
  for (const area of areas) area.createTables(db);

  const started = performance.now();
  const isSeeded = db.prepare('SELECT 1 AS done FROM meta WHERE key = ?');
  const markSeeded = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  const stamp = JSON.stringify({ seed, scale, at: now.toISOString() });
  let seeded = false;

  let core: CoreSeed;
  if (!isSeeded.get('seeded:core')) {
    core = transaction(db, () => {
      const result = seedCore(db, seededFaker(seed, 'core', now), seed);
      markSeeded.run('seeded:core', stamp);
      return result;
    });
    seeded = true;
  } else {
    core = readCore(db);
  }
  const { brandIds, userIds } = core;

  for (const area of areas) {
    const key = `seeded:${area.name}`;
    if (isSeeded.get(key)) continue;
    transaction(db, () => {
      area.seed({ db, faker: seededFaker(seed, area.name, now), scale, now, brandIds, userIds });
      markSeeded.run(key, stamp);
    });
    seeded = true;
  }
  // Fresh statistics let SQLite's planner pick the filter indexes on the first query.
  if (seeded) {
    db.exec('ANALYZE');
    // A seed leaves its last transaction (~200 MB at --scale 20) in the WAL, where every read
    // would find its pages through the WAL index: fold it into the database file now.
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }
  return { db, core, seeded, seedMs: performance.now() - started };
}
