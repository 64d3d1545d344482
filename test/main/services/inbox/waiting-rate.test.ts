import { afterAll, expect, it } from 'vitest';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { serviceList } from './service-reads.ts';

/**
 * The Needs reply walk reads many pages; it must never keep the person's own calls waiting. A
 * window of 30 calls that does not reset during the test: the walk stops where the person's
 * reserve begins, and the person's call still goes.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true, rateLimit: 30, rateWindow: 3600 });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

it('a walk that spent the window leaves the person a call that goes at once', async () => {
  const [someone] = (await serviceList(sandbox, 'brand_ids=101&limit=1')).data;
  const leaving = new AbortController();
  const walk = app.call(
    'inbox:list',
    { query: { brandIds: [101, 102, 103], filter: { needsReply: true } }, offset: 0, limit: 50 },
    { signal: leaving.signal },
  );
  // The walk waits at the gate, its pages queued behind the reserve kept for people.
  await expect
    .poll(async () => valueOf(await app.call('accounts:rate-status')).queuedBackground)
    .toBeGreaterThan(0);
  const opened = valueOf(await app.call('inbox:get', { brandIds: [101], id: someone!.id }));
  expect(opened?.id).toBe(someone!.id);
  // Nobody waits for the walk any more: it leaves the gate's queue.
  leaving.abort();
  expect((await walk).ok).toBe(false);
  await expect.poll(async () => valueOf(await app.call('accounts:rate-status')).queuedBackground).toBe(0);
});
