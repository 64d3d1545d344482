import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityInteractionListSchema,
  communityOverviewStatsResponseSchema,
  errorObjectSchema,
  interactionTypes,
  sentimentDistributionResponseSchema,
  sentimentTimeSeriesResponseSchema,
  topKeywordsResponseSchema,
  unreadInteractionCountsResponseSchema,
  volumeTimeSeriesResponseSchema,
} from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from './community-sandbox.ts';

/** Ops 18 to 20: every statistic must agree with what the interactions list counts. */
describe('community: statistics', () => {
  let sb: TestSandbox;
  let pair: number[];
  const now = '2025-06-01T12:00:00Z';
  const range = {
    source_updated_after: '2025-03-01T00:00:00Z',
    source_updated_before: '2025-04-01T00:00:00Z',
  };

  beforeAll(async () => {
    sb = await startCommunitySandbox({ now, rateLimit: 100_000 });
    pair = sb.brands.slice(0, 2);
  });
  afterAll(() => sb.close());

  /** The list's count for a filter over `brandIds`. */
  async function count(query: Record<string, string | boolean>, brandIds = pair) {
    const result = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brandIds.join(','), limit: 0, ...query },
    });
    expect(result.status, result.text).toBe(200);
    return communityInteractionListSchema.parse(result.body).paging.count;
  }
  const post = (path: string, body: unknown) => sb.call('POST', `/community${path}`, { body });

  it('counts unread interactions by type and by brand, as the list does', async () => {
    const types = 'TIKTOK_COMMENT,FACEBOOK_ADS_COMMENT,TIKTOK_COMMENT_MENTION';
    const result = await post('/community_interactions/unread_interaction_counts', {
      brand_ids: pair,
      types,
      ...range,
    });
    expect(result.status).toBe(200);
    const { data } = unreadInteractionCountsResponseSchema.parse(result.body);
    const unread = { is_read: false, is_archived: false, ...range };
    expect(data.by_type.TIKTOK_COMMENT).toBe(await count({ ...unread, types: 'TIKTOK_COMMENT' }));
    expect(data.by_type.FACEBOOK_ADS_COMMENT).toBe(await count({ ...unread, types: 'FACEBOOK_ADS_COMMENT' }));
    expect(data.by_type.TIKTOK_COMMENT_MENTION).toBe(0);
    expect(data.total).toBe(await count({ ...unread, types: 'TIKTOK_COMMENT,FACEBOOK_ADS_COMMENT' }));
    for (const brand of pair) {
      expect(data.by_brand[String(brand)]).toBe(
        await count({ ...unread, types: 'TIKTOK_COMMENT,FACEBOOK_ADS_COMMENT' }, [brand]),
      );
    }
    const everyType = unreadInteractionCountsResponseSchema.parse(
      (await post('/community_interactions/unread_interaction_counts', { brand_ids: pair })).body,
    ).data;
    expect(Object.keys(everyType.by_type).sort()).toEqual([...interactionTypes].sort());
    expect(Object.values(everyType.by_type).reduce((a, b) => a + b, 0)).toBe(everyType.total);
    expect(everyType.total).toBe(await count({ is_read: false, is_archived: false }));
  });

  it('answers overview stats for several brands', async () => {
    const result = await sb.call('GET', '/community/overview_stats', {
      query: { brand_ids: pair.join(',') },
    });
    expect(result.status).toBe(200);
    const { data } = communityOverviewStatsResponseSchema.parse(result.body);
    expect(data.total_count).toBe(await count({}));
    expect(data.follow_up_count).toBe(await count({ is_follow_up: true }));
    expect(data.unread_count).toBe(await count({ is_read: false, is_archived: false }));
    expect(data.average_response_time).toBeGreaterThan(0);
  });

  it('distributes sentiment, by range and per day, consistently with the list', async () => {
    const distribution = sentimentDistributionResponseSchema.parse(
      (await post('/sentiment_distribution_stats', { brand_ids: pair, ...range })).body,
    ).data;
    expect(distribution.positive).toBe(await count({ is_positive: true, ...range }));
    expect(distribution.negative).toBe(await count({ is_negative: true, ...range }));
    expect(distribution.neutral).toBe(await count({ is_neutral: true, ...range }));
    expect(distribution.question).toBe(await count({ is_question: true, ...range }));
    const series = sentimentTimeSeriesResponseSchema.parse(
      (await post('/sentiment_time_series', { brand_ids: pair, ...range })).body,
    ).data;
    expect(series.map((point) => point.date)).toEqual(
      Array.from({ length: 31 }, (_, n) => `2025-03-${String(n + 1).padStart(2, '0')}`),
    );
    for (const key of ['positive', 'negative', 'neutral', 'question'] as const) {
      expect(series.reduce((sum, point) => sum + point[key], 0)).toBe(distribution[key]);
    }
  });

  it('counts volume per day, in total and per type', async () => {
    const series = volumeTimeSeriesResponseSchema.parse(
      (await post('/volume_time_series', { brand_ids: pair, ...range })).body,
    ).data;
    expect(series).toHaveLength(31);
    expect(series.reduce((sum, point) => sum + point.count, 0)).toBe(await count(range));
    const tiktok = series.reduce((sum, point) => sum + (point.TIKTOK_COMMENT ?? 0), 0);
    expect(tiktok).toBe(await count({ ...range, types: 'TIKTOK_COMMENT' }));
    const day = series[10]!;
    const next = new Date(Date.parse(`${day.date}T00:00:00Z`) + 86_400_000).toISOString();
    expect(day.count).toBe(
      await count({ source_updated_after: `${day.date}T00:00:00Z`, source_updated_before: next }),
    );
  });

  it('ranks keywords by how many interactions mention them', async () => {
    const keywords = topKeywordsResponseSchema.parse(
      (await post('/top_keywords', { brand_ids: pair, ...range })).body,
    ).data;
    expect(keywords.length).toBe(20);
    const counts = keywords.map((keyword) => keyword.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const top = keywords[0]!;
    // Every interaction that mentions the keyword is found by searching for it.
    expect(await count({ query: top.keyword, ...range })).toBeGreaterThanOrEqual(top.count);
    const all = topKeywordsResponseSchema.parse((await post('/top_keywords', { brand_ids: pair })).body).data;
    expect(all[0]!.count).toBeGreaterThan(top.count);
  });

  it('validates bodies (422), brands (403) and tokens (401)', async () => {
    const fails = async (path: string, body: unknown, status: number) => {
      const result = await post(path, body);
      expect(result.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      errorObjectSchema.parse(result.body);
    };
    for (const path of [
      '/sentiment_distribution_stats',
      '/sentiment_time_series',
      '/top_keywords',
      '/volume_time_series',
      '/community_interactions/unread_interaction_counts',
    ]) {
      await fails(path, { brand_ids: [] }, 422);
      await fails(path, {}, 422);
      await fails(path, { brand_ids: pair, color: 'red' }, 422);
      await fails(path, { brand_ids: pair, source_updated_after: '2025-03-01' }, 422);
      await fails(path, { brand_ids: [sb.sandbox.foreignBrand] }, 403);
    }
    await fails(
      '/community_interactions/unread_interaction_counts',
      { brand_ids: pair, types: 'TIKTOK_COMMENT,PINTEREST_PIN' },
      422,
    );
    const overview = await sb.call('GET', '/community/overview_stats', {
      query: { brand_ids: String(sb.sandbox.foreignBrand) },
    });
    expect(overview.status).toBe(403);
    expect((await sb.call('GET', '/community/overview_stats')).status).toBe(422);
    expect(
      (await sb.call('POST', '/community/top_keywords', { token: null, body: { brand_ids: pair } })).status,
    ).toBe(401);
    expect((await sb.call('GET', '/community/top_keywords')).status).toBe(405);
  });
});
