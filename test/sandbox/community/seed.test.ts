import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from './community-sandbox.ts';

/** The seeded inbox: reproducible from the seed, and sized by --scale. */
describe('community: seeded data', () => {
  const now = '2025-06-01T12:00:00Z';
  let first: TestSandbox;
  let again: TestSandbox;
  let other: TestSandbox;

  beforeAll(async () => {
    [first, again, other] = await Promise.all([
      startCommunitySandbox({ now }),
      startCommunitySandbox({ now }),
      startCommunitySandbox({ now, seed: 7 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), again.close(), other.close()]);
  });

  const snapshot = async (sb: TestSandbox) => {
    const brandIds = sb.brands.join(',');
    const list = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brandIds, limit: 100, sort: 'SAMPLE' },
    });
    const tags = await sb.call('GET', '/community/tags', { query: { brand_ids: brandIds } });
    const keywords = await sb.call('POST', '/community/top_keywords', { body: { brand_ids: sb.brands } });
    // Paging links name each sandbox's own port: compare what they count, not where they point.
    return {
      list: { data: list.body.data, count: list.body.paging.count },
      tags: tags.body,
      keywords: keywords.body,
    };
  };

  it('gives the same interactions, tags and statistics for the same seed, others for another', async () => {
    const [a, b, c] = await Promise.all([snapshot(first), snapshot(again), snapshot(other)]);
    expect(b).toEqual(a);
    expect(c.list.data).not.toEqual(a.list.data);
    expect(c.tags.data).not.toEqual(a.tags.data);
  });

  it('seeds about 5,000 interactions per sandbox, a thousand TikTok comments among them, the foreign brand included', () => {
    const db = first.sandbox.db;
    const total = Number(db.prepare('SELECT count(*) AS n FROM community_interactions').get()?.n);
    const tiktok = Number(
      db.prepare("SELECT count(*) AS n FROM community_interactions WHERE type = 'TIKTOK_COMMENT'").get()?.n,
    );
    const foreign = Number(
      db
        .prepare('SELECT count(*) AS n FROM community_interactions WHERE brand_id = ?')
        .get(first.sandbox.foreignBrand)?.n,
    );
    expect(total).toBe(5000);
    expect(tiktok).toBeGreaterThanOrEqual(1000);
    expect(foreign).toBeGreaterThan(0);
  });

  it('lets the tokens reach over a thousand TikTok comments, many with replies and brand replies', async () => {
    // Counted through the list operation, as a client sees them, over the brands the token reaches.
    const reachable = async (query: Record<string, string | number | boolean>) => {
      const result = await first.call('GET', '/community/community_interactions', {
        query: { brand_ids: first.brands.join(','), types: 'TIKTOK_COMMENT', limit: 0, ...query },
      });
      expect(result.status).toBe(200);
      return Number(result.body.paging.count);
    };
    const tiktok = await reachable({});
    expect(tiktok).toBeGreaterThanOrEqual(1000);
    // Threads with replies and brand replies, read from the stored rows of the reachable brands.
    const db = first.sandbox.db;
    const placeholders = first.brands.map(() => '?').join(',');
    const threads = db
      .prepare(
        `SELECT count(*) AS n, sum(reply_count > 0) AS replied, sum(response_seconds IS NOT NULL) AS answered
           FROM community_interactions WHERE type = 'TIKTOK_COMMENT' AND brand_id IN (${placeholders})`,
      )
      .get(...first.brands);
    expect(Number(threads?.n)).toBe(tiktok);
    expect(Number(threads?.replied)).toBeGreaterThan(tiktok * 0.4);
    expect(Number(threads?.answered)).toBeGreaterThan(tiktok * 0.2);
  });

  it('multiplies the volume with --scale', async () => {
    const scaled = await startCommunitySandbox({ now, scale: 2 });
    try {
      const total = Number(
        scaled.sandbox.db.prepare('SELECT count(*) AS n FROM community_interactions').get()?.n,
      );
      expect(total).toBe(10_000);
    } finally {
      await scaled.close();
    }
  });
});
