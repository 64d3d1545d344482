import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebShell } from '../../../src/main/web/server.ts';
import { IMPORT_FILE_MAX_CHARS } from '../../../src/shared/contract/index.ts';
import { startConnectedShell } from './support/connected-shell.ts';

let shell: WebShell;
let cookie: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ shell, cookie, close } = await startConnectedShell('bridge-size'));
});
afterAll(() => close());

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
