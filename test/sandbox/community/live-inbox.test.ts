import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityInteractionListSchema,
  tiktokCommentSchema,
  unreadInteractionCountsResponseSchema,
} from '../../../src/shared/domain/index.ts';
import type { LiveMinute } from '../../../src/sandbox/areas/community/live-inbox.ts';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from './community-sandbox.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- items are checked with the shared schemas first
type Item = Record<string, any> & { id: number };

const now = '2026-03-02T09:00:20Z';
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * `--live N`: the sandbox's clock never runs here (frozen); each test makes the next minute
 * happen through the control route, as an end-to-end test does, and reads the result back
 * through the interface's own operations.
 */
describe('community: a sandbox that lives', () => {
  let sb: TestSandbox;

  beforeAll(async () => {
    sb = await startCommunitySandbox({ now, live: 6, liveTickMs: 0, rateLimit: 100_000 });
  });
  afterAll(() => sb.close());

  const nextMinute = async (on: TestSandbox = sb): Promise<LiveMinute> => {
    const answer = await on.call('POST', '/community/_sandbox/live/next-minute');
    expect(answer.status).toBe(200);
    return answer.body.data as LiveMinute;
  };
  const list = async (query: Record<string, string | number | boolean>, on: TestSandbox = sb) => {
    const answer = await on.call('GET', '/community/community_interactions', {
      query: { brand_ids: on.brands.join(','), limit: 100, ...query },
    });
    expect(answer.status).toBe(200);
    return communityInteractionListSchema.parse(answer.body);
  };
  const byId = async (id: number) => (await list({ id })).data[0] as Item;

  it('brings N interactions a minute, spread over brands and types, unread, in that minute', async () => {
    const before = await list({ limit: 0 });
    const unreadBefore = unreadInteractionCountsResponseSchema.parse(
      (
        await sb.call('POST', '/community/community_interactions/unread_interaction_counts', {
          body: { brand_ids: sb.brands },
        })
      ).body,
    ).data.total;
    const minutes = [await nextMinute(), await nextMinute(), await nextMinute()];
    const created = minutes.flatMap((minute) => minute.created);
    const replied = minutes.flatMap((minute) => minute.replied);
    expect(created.length + replied.length).toBe(18);
    expect(created.length).toBeGreaterThan(0);

    // The minutes follow each other on the sandbox clock, starting with the one under way.
    expect(minutes.map((minute) => minute.minute)).toEqual([
      '2026-03-02T09:00:00Z',
      '2026-03-02T09:01:00Z',
      '2026-03-02T09:02:00Z',
    ]);
    const after = await list({ limit: 0 });
    expect(after.paging.count).toBe(before.paging.count + created.length);

    const items = await Promise.all(created.map(byId));
    for (const item of items) {
      expect(item.is_read).toBe(false);
      expect(item.is_archived).toBe(false);
      expect(item.source_updated_at >= '2026-03-02T09:00:00Z').toBe(true);
      expect(item.source_updated_at < '2026-03-02T09:03:00Z').toBe(true);
    }
    expect(new Set(items.map((item) => item.brand_id)).size).toBeGreaterThan(1);
    expect(new Set(items.map((item) => item.type)).size).toBeGreaterThan(1);

    // Newest first, the list starts with what just arrived.
    const newest = await list({ sort: '-SOURCE_UPDATED_AT', limit: 18 });
    expect(new Set(newest.data.map((item) => item.id))).toEqual(new Set([...created, ...replied]));

    const unreadAfter = unreadInteractionCountsResponseSchema.parse(
      (
        await sb.call('POST', '/community/community_interactions/unread_interaction_counts', {
          body: { brand_ids: sb.brands },
        })
      ).body,
    ).data.total;
    expect(unreadAfter).toBeGreaterThanOrEqual(unreadBefore + created.length);
  });

  it('a new interaction is found by a search for its words', async () => {
    const { created } = await nextMinute();
    const withText = (await Promise.all(created.map(byId))).find((item) => typeof item.text === 'string');
    expect(withText).toBeDefined();
    const word = String(withText!.text)
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((token) => token.length >= 5)[0]!;
    const found = await list({
      query: word,
      source_updated_after: iso(Date.parse(withText!.source_updated_at)),
    });
    expect(found.data.map((item) => item.id)).toContain(withText!.id);
  });

  it('a reply in a TikTok thread moves the thread up and is read as a reply of that thread', async () => {
    let replied: number | undefined;
    for (let tries = 0; replied === undefined && tries < 10; tries++)
      replied = (await nextMinute()).replied[0];
    expect(replied).toBeDefined();
    const thread = await byId(replied!);
    expect(thread.type).toBe('TIKTOK_COMMENT');
    expect(thread.is_read).toBe(false);
    const comment = tiktokCommentSchema.parse(
      (await sb.call('GET', `/community/tiktok_comments/${replied}`)).body,
    ) as Item;
    const last = (comment.replies as Item[]).at(-1)!;
    expect(last.source_created_at ?? last.created_at).toBeDefined();
    const asReply = await sb.call('GET', `/community/tiktok_comments/${last.id}`);
    expect(asReply.status).toBe(200);
    expect(asReply.body.id).toBe(last.id);
  });

  it("teammates' triage changes rows without moving source_updated_at", async () => {
    const { minute, triaged } = await nextMinute();
    expect(triaged.length).toBeGreaterThan(0);
    const minuteEnd = iso(Date.parse(minute) + 60_000);
    for (const id of triaged) {
      const after = await byId(id);
      // Changed at the minute's end, while its latest activity stays before that minute.
      expect(after.updated_at).toBe(minuteEnd);
      expect(after.source_updated_at < minute).toBe(true);
    }
  });

  it('the same seed and the same minutes give the same arrivals', async () => {
    const a = await startCommunitySandbox({ now, live: 4, liveTickMs: 0, seed: 7 });
    const b = await startCommunitySandbox({ now, live: 4, liveTickMs: 0, seed: 7 });
    try {
      const fromA = [await nextMinute(a), await nextMinute(a)];
      const fromB = [await nextMinute(b), await nextMinute(b)];
      expect(fromB).toEqual(fromA);
      const ids = fromA.flatMap((minute) => [...minute.created, ...minute.replied]);
      const read = async (on: TestSandbox) =>
        (await list({ sort: '-SOURCE_UPDATED_AT', limit: ids.length }, on)).data;
      expect(await read(b)).toEqual(await read(a));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('the minutes passed on a running clock arrive by themselves', async () => {
    const running = await startCommunitySandbox({ now, live: 2, liveTickMs: 0 });
    try {
      running.sandbox.clock.advance(3 * 60_000);
      const minutes = running.sandbox.live!.catchUp();
      expect(minutes.map((minute) => minute.minute)).toEqual([
        '2026-03-02T09:00:00Z',
        '2026-03-02T09:01:00Z',
        '2026-03-02T09:02:00Z',
      ]);
      expect(running.sandbox.live!.catchUp()).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it('a sandbox that does not live has no control route', async () => {
    const still = await startCommunitySandbox({ now });
    try {
      expect((await still.call('POST', '/community/_sandbox/live/next-minute')).status).toBe(404);
    } finally {
      await still.close();
    }
  });
});
