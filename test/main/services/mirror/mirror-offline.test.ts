import { afterAll, describe, expect, it } from 'vitest';
import { startTestSandbox } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/**
 * Issue 25 §4: with the service unreachable, the inbox answers from the mirror: the list (its
 * retention period, the whole answer there is offline), search, filters, counts, Needs reply and
 * the open item. Without the mirror the same calls fail as offline.
 */
const sandbox = await startTestSandbox({ frozenClock: true });
const app = await servicesOnSandbox(sandbox, { syncMirror: true });
const without = await servicesOnSandbox(sandbox);
afterAll(async () => {
  await app.close();
  await without.close();
});
await app.mirror.filled();
const brands = [101, 102, 103];
const list = (filter: object, limit = 20) =>
  app.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit });
// The newest rows, read within the period: a list with no range online would keep the service's
// count of the older rows, and the first one offline would be answered with it (rightly: its rows
// and count are still the service's) before the app knows it is offline.
const online = valueOf(await list({ from: new Date(Date.now() - 30 * 86_400_000).toISOString() }, 5));
const serviceTotal = valueOf(
  await without.call('inbox:list', { query: { brandIds: brands, filter: {} }, offset: 0, limit: 0 }),
).count;
const unreadOnline = valueOf(await app.call('inbox:unread-counts', { brandIds: brands }));
await sandbox.close();

describe('with the service unreachable', () => {
  it('lists, searches and filters from the mirror, newest first, within the retention period', async () => {
    const rows = valueOf(await list({}));
    // The list's own try at the service told the app it is offline (the inbox says so).
    expect(valueOf(await app.call('accounts:connection')).state).toBe('offline');
    expect(rows.items.map((item) => item.id).slice(0, 5)).toEqual(online.items.map((item) => item.id));
    // 90 days of the sandbox's 180: fewer than the service's count, all of them recent.
    expect(rows.count).toBeGreaterThan(0);
    expect(rows.count).toBeLessThan(serviceTotal);
    const searched = valueOf(await list({ text: 'collection', types: ['INSTAGRAM_COMMENT'] }));
    expect(searched.count).toBeGreaterThan(0);
    for (const item of searched.items) {
      expect(item.type).toBe('INSTAGRAM_COMMENT');
      expect(item.search_result_snippet?.toLowerCase()).toContain('collection');
    }
    const unread = valueOf(await list({ read: false }));
    expect(unread.items.every((item) => item.is_read === false)).toBe(true);
    expect(unread.count).toBeLessThan(rows.count);
  });

  it('counts, lists who waits and opens an item from the mirror', async () => {
    const unread = valueOf(await app.call('inbox:unread-counts', { brandIds: brands }));
    expect(unread.total).toBeGreaterThan(0);
    expect(unread.total).toBeLessThanOrEqual(unreadOnline.total);
    const queue = valueOf(await app.call('inbox:waiting-summary', { brandIds: brands }));
    expect(queue.count).toBeGreaterThan(0);
    const waiting = valueOf(await list({ needsReply: true, sort: 'OLDEST_WAITING' }, 1));
    expect(waiting.items[0]?.id).toBe(queue.oldest?.item.id);
    const opened = valueOf(await app.call('inbox:get', { brandIds: brands, id: online.items[0]!.id }));
    expect(opened?.id).toBe(online.items[0]!.id);
    const tiktok = valueOf(await list({ types: ['TIKTOK_COMMENT'] }, 1)).items[0]!;
    const thread = valueOf(await app.call('inbox:thread', { id: tiktok.id }));
    expect(thread.id).toBe(tiktok.id);
  });

  it('says when the copy was last synced', async () => {
    const status = valueOf(await app.call('mirror:status'));
    expect(status.filled).toBe(true);
    expect(status.syncedAt).not.toBeNull();
  });

  it('fails as offline without a mirror', async () => {
    const answer = await without.call('inbox:list', {
      query: { brandIds: brands, filter: {} },
      offset: 0,
      limit: 5,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } });
  });
});
