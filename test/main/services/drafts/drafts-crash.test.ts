import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { getDraft, listDrafts } from '../../../../src/main/services/drafts/draft-store.ts';
import { PROFILE, profileDatabase, reopen } from './support/drafts-fixture.ts';

const DRAFTS = 100;
const SAVES = 10_000;
/** Acknowledged saves after which the process is killed: well inside the run. */
const KILL_AFTER = 2_500;

it('keeps every acknowledged save when the process hosting the drafts is killed (SIGKILL) mid-way', async () => {
  const { databases, directory } = profileDatabase();
  databases.close(); // the child opens the folder; the test only reads it afterwards
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./support/save-drafts-child.ts', import.meta.url)),
      ...[directory, PROFILE, String(DRAFTS), String(SAVES)],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');

  // The last acknowledged save of each draft, and each draft's creation.
  const created = new Set<string>();
  const lastAcked = new Map<string, number>();
  let acked = 0;
  let finished = false;
  for await (const line of createInterface({ input: child.stdout })) {
    const [kind, a, b] = line.split(' ');
    if (kind === 'created') created.add(a!);
    if (kind === 'saved') {
      lastAcked.set(b!, Number(a));
      if (++acked === KILL_AFTER) child.kill('SIGKILL');
    }
    if (kind === 'finished') finished = true;
  }
  expect((await exited)[1]).toBe('SIGKILL');
  expect(finished).toBe(false);
  expect(created.size).toBe(DRAFTS);
  expect(acked).toBeGreaterThanOrEqual(KILL_AFTER);

  const { db } = reopen(directory);
  expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
  expect(listDrafts(db, { search: '' }, 0, 0).count).toBe(DRAFTS);
  const ids = [...created];
  ids.forEach((id, k) => {
    const draft = getDraft(db, id)!;
    const n = draft.fields.n as number;
    // At least the last acknowledged save (a later one may have committed unacknowledged) ...
    expect(n).toBeGreaterThanOrEqual(lastAcked.get(id) ?? -1);
    // ... and whole: fields and revision of one and the same save of this draft.
    if (n === -1) return expect(draft.revision).toBe(1);
    expect(n % DRAFTS).toBe(k);
    expect(draft.fields.text).toBe(`Save number ${n}`);
    expect(draft.revision).toBe(2 + (n - k) / DRAFTS);
  });
}, 180_000);
