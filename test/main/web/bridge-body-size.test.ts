import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWebShell, type WebShell } from '../../../src/main/web/server.ts';
import { IMPORT_FILE_MAX_CHARS } from '../../../src/shared/contract/index.ts';
import { exchange } from './support/exchange.ts';

let shell: WebShell;
let dir: string;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'socialdesk-bridge-size-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Socialdesk</title>');
  shell = await startWebShell({
    rendererDir,
    userDataDir: join(dir, 'data'),
    appVersion: '9.9.9',
    keychainService: 'Socialdesk-test-bridge-size',
  });
  cookie = (await exchange(shell.issueLink().url)).cookie!;
});
afterAll(async () => {
  await shell.close();
  rmSync(dir, { recursive: true, force: true });
});

it('takes a CSV file as large as an import takes, written in any script, through to its call', async () => {
  // The largest text the import's contract takes, in three-byte characters: 9 MB of JSON.
  const text = '€'.repeat(IMPORT_FILE_MAX_CHARS);
  const response = await fetch(`${shell.origin}/bridge/call/drafts-import:check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ input: { fileName: 'posts.csv', text, timeZone: 'UTC' } }),
  });
  expect(response.status).toBe(200);
  // It reached the import, which needs a profile first: this shell has none yet.
  expect(await response.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
}, 60_000);
