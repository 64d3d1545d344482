import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { listDrafts } from '../../../../../src/main/services/drafts/draft-store.ts';
import { createDraftsService } from '../../../../../src/main/services/drafts/drafts-service.ts';
import { EventBus } from '../../../../../src/main/services/event-bus.ts';
import { sandboxForThisFile } from '../../support/sandbox.ts';
import { clientOn, PROFILE, profileDatabase, reopen } from '../support/drafts-fixture.ts';

const sandbox = await sandboxForThisFile({ rateLimit: 100_000 });
const ROWS = 1_000;
/** Drafts the service has when the process is killed: well inside the sync. */
const KILL_AFTER = 150;
const channels = ['threads', 'linkedin', 'twitter'] as const;

it('an import whose app is killed (SIGKILL) while its drafts go out sends each of them once after the restart', async () => {
  const { databases, directory } = profileDatabase();
  databases.close(); // the child opens the folder
  const csvPath = join(directory, 'posts.csv');
  const start = Date.now() + 86_400_000;
  const rows = ['channel,brand,time,text'];
  for (let i = 0; i < ROWS; i++) {
    rows.push(
      `${channels[i % 3]},${101 + (i % 2)},${new Date(start + i * 60_000).toISOString()},Import ${i}`,
    );
  }
  writeFileSync(csvPath, rows.join('\n'));

  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./support/import-child.ts', import.meta.url)),
      ...[directory, PROFILE, JSON.stringify(sandbox.urls), sandbox.tokens.user, csvPath],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  let imported = 0;
  let synced = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('imported ')) imported = Number(line.split(' ')[1]);
    if (line.startsWith('synced ') && ++synced === KILL_AFTER) child.kill('SIGKILL');
  }
  expect((await exited)[1]).toBe('SIGKILL');
  expect(imported).toBe(ROWS);

  // The next start: the outbox takes up where the killed one stopped.
  const { databases: again, db } = reopen(directory);
  const { client } = clientOn(sandbox);
  const drafts = createDraftsService({
    databases: again,
    activeProfileId: () => PROFILE,
    profileIds: () => [PROFILE],
    schedulerOf: () => client.scheduler,
    originsOf: () => [sandbox.origin],
    events: new EventBus(),
    outbox: { backoff: { firstMs: 1, maxMs: 10 }, settleMs: 0 },
  });
  expect(listDrafts(db, { search: '' }, 0, 0).count).toBe(ROWS);
  expect(listDrafts(db, { search: '', states: ['synced'] }, 0, 0).count).toBeLessThan(ROWS);
  await drafts.resume();
  await drafts.forProfile(PROFILE).outbox.whenIdle();
  expect(listDrafts(db, { search: '', states: ['synced'] }, 0, 0).count).toBe(ROWS);

  // On the service: one post per draft, none twice.
  const ids = new Set(listDrafts(db, { search: '' }, 0, ROWS).items.map((draft) => draft.id));
  const sourceIds: string[] = [];
  for (const channel of channels) {
    for (const brandId of [101, 102]) {
      for await (const post of client.scheduler.iterate(channel, { brand_id: brandId, limit: 1000 })) {
        const sourceId = (post as { source_id?: string | null }).source_id;
        if (sourceId && ids.has(sourceId)) sourceIds.push(sourceId);
      }
    }
  }
  expect(sourceIds).toHaveLength(ROWS);
  expect(new Set(sourceIds).size).toBe(ROWS);
  await drafts.close();
}, 180_000);
