import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxToken } from '../../src/sandbox/seed/core.ts';
import { startTestSandbox, type TestSandbox } from './helpers.ts';

/**
 * The database file may live in the app's user-data folder, and no token may land in a
 * plain-text file: the file keeps SHA-256 hashes only, and the tokens still work after a restart.
 */
describe('sandbox token storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-tokens-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Every byte the database keeps on disk: the file and, if present, its WAL. */
  const bytesOf = (file: string) =>
    Buffer.concat([file, `${file}-wal`].filter(existsSync).map((path) => readFileSync(path)));

  const campaignsStatus = async (sb: TestSandbox, token: string) =>
    (await sb.call('GET', `/library/brands/${sb.brands[0]}/campaigns`, { token, query: { limit: 0 } }))
      .status;

  it('writes no token into the database file, and its tokens keep working after a restart', async () => {
    const file = join(dir, 'hashed.db');
    const first = await startTestSandbox({ db: file, seed: 5 });
    const tokens = first.sandbox.tokens;
    await first.close();
    const bytes = bytesOf(file);
    expect(bytes.length).toBeGreaterThan(0);
    for (const token of [tokens.application, tokens.user, sandboxToken('foreign', 5)]) {
      expect(bytes.includes(token)).toBe(false);
    }

    // Started again with another --seed: the file's own tokens are the ones printed, and they work.
    const second = await startTestSandbox({ db: file, seed: 9 });
    try {
      expect(second.sandbox.seeded).toBe(false);
      expect(second.sandbox.tokens).toEqual(tokens);
      expect(await campaignsStatus(second, tokens.application)).toBe(200);
      expect(await campaignsStatus(second, tokens.user)).toBe(200);
      expect(await campaignsStatus(second, sandboxToken('user', 9))).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('hashes the plain tokens of a file made before tokens were hashed, leaving none in the file', async () => {
    const file = join(dir, 'legacy.db');
    const made = await startTestSandbox({ db: file, seed: 6 });
    const tokens = made.sandbox.tokens;
    await made.close();
    // The layout an older sandbox wrote: a plain `tokens` table.
    const legacy = new DatabaseSync(file);
    legacy.exec(`
      DELETE FROM token_hashes;
      CREATE TABLE tokens (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL) WITHOUT ROWID;
    `);
    const insert = legacy.prepare('INSERT INTO tokens (token, user_id) VALUES (?, ?)');
    insert.run(tokens.application, 1);
    insert.run(tokens.user, 2);
    legacy.close();
    expect(bytesOf(file).includes(tokens.user)).toBe(true);

    const reopened = await startTestSandbox({ db: file, seed: 6 });
    try {
      expect(reopened.sandbox.tokens).toEqual(tokens);
      expect(await campaignsStatus(reopened, tokens.application)).toBe(200);
      expect(await campaignsStatus(reopened, tokens.user)).toBe(200);
    } finally {
      await reopened.close();
    }
    const bytes = bytesOf(file);
    expect(bytes.includes(tokens.application)).toBe(false);
    expect(bytes.includes(tokens.user)).toBe(false);
  });
});
