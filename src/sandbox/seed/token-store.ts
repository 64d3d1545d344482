import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../sql.ts';

/**
 * Bearer tokens as the database keeps them: a SHA-256 hash, never the token itself. A file
 * database may sit in the app's user-data folder, and no token lands in a plain-text file
 * (design.md, security baseline); the tokens themselves derive from the seed (seed/core.ts), so
 * nothing needs them stored. A plain hash (no salt, no slow KDF) is enough: the tokens are 128
 * random-looking bits, not passwords, and a lookup must stay cheap on every request.
 */

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createTokenTable(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS token_hashes (
      sha256 TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id)
    ) WITHOUT ROWID;
  `);
}

export function storeToken(db: DatabaseSync, token: string, userId: number): void {
  db.prepare('INSERT INTO token_hashes (sha256, user_id) VALUES (?, ?)').run(tokenHash(token), userId);
}

/** The user a token belongs to, or null when no stored hash matches. */
export function tokenUserId(db: DatabaseSync, token: string): number | null {
  const row = db.prepare('SELECT user_id FROM token_hashes WHERE sha256 = ?').get(tokenHash(token));
  return row ? Number(row.user_id) : null;
}

/**
 * A file seeded before tokens were hashed holds them in a plain `tokens` table: hash them into
 * `token_hashes`, drop the table and overwrite the freed pages (secure_delete, then a checkpoint
 * that empties the WAL), so the file no longer contains any token.
 */
export function hashPlainTokens(db: DatabaseSync): void {
  const legacy = db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'tokens'");
  if (!legacy.get()) return;
  const secureDelete = db.prepare('PRAGMA secure_delete').get()?.secure_delete;
  db.exec('PRAGMA secure_delete = ON');
  try {
    transaction(db, () => {
      const insert = db.prepare('INSERT OR IGNORE INTO token_hashes (sha256, user_id) VALUES (?, ?)');
      for (const row of db.prepare('SELECT token, user_id FROM tokens').all()) {
        insert.run(tokenHash(String(row.token)), Number(row.user_id));
      }
      db.exec('DROP TABLE tokens');
    });
  } finally {
    db.exec(`PRAGMA secure_delete = ${Number(secureDelete) === 1 ? 'ON' : 'OFF'}`);
  }
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
}
