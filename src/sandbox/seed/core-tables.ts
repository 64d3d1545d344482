import type { DatabaseSync } from 'node:sqlite';
import { createTokenTable } from './token-store.ts';

/**
 * The tables every area builds on: who may call (applications, users, token hashes) and what
 * they may reach (brands, user_brands). `meta` records which seed steps a database has had, and
 * with which seed (the tokens derive from it, see readCore).
 */
export function createCoreTables(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS applications (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS brands (
      id INTEGER PRIMARY KEY,
      application_id INTEGER NOT NULL REFERENCES applications(id),
      name TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS users (
      id INTEGER PRIMARY KEY,
      application_id INTEGER NOT NULL REFERENCES applications(id),
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      is_application_user INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS user_brands (
      user_id INTEGER NOT NULL REFERENCES users(id),
      brand_id INTEGER NOT NULL REFERENCES brands(id),
      PRIMARY KEY (user_id, brand_id)
    ) WITHOUT ROWID;
  `);
  createTokenTable(db);
}
