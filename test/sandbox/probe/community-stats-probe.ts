import { describe, expect, it } from 'vitest';
import {
  communityOverviewStatsResponseSchema,
  sentimentDistributionResponseSchema,
  sentimentTimeSeriesResponseSchema,
  topKeywordsResponseSchema,
  unreadInteractionCountsResponseSchema,
  volumeTimeSeriesResponseSchema,
} from '../../../src/shared/domain/index.ts';
import { withdrawnPaths } from './community-probe.ts';
import { expectError, type Probe } from './probe-client.ts';

/** Ops 18-20 with the answer shapes of conventions §9, and the withdrawn forms of §10. */
export function communityStatsProbe(probe: () => Probe): void {
  describe('community: statistics (ops 18-20) and withdrawn forms', () => {
    const post = (path: string, json: unknown) =>
      probe().call('POST', probe().at('community', path), { json });
    const brandIds = () => probe().ready.brands;

    it('op 18 counts unread interactions by type and by brand', async () => {
      const answer = await post('/community_interactions/unread_interaction_counts', {
        brand_ids: brandIds(),
        types: 'TIKTOK_COMMENT,INSTAGRAM_COMMENT',
        source_updated_after: '2020-01-01T00:00:00+00:00',
      });
      const { data } = unreadInteractionCountsResponseSchema.parse(answer.body);
      expect(Object.keys(data).sort()).toEqual(['by_brand', 'by_type', 'total']);
      expect(Object.keys(data.by_type).sort()).toEqual(['INSTAGRAM_COMMENT', 'TIKTOK_COMMENT']);
      expect(Object.keys(data.by_brand).sort()).toEqual(brandIds().map(String).sort());
      const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
      expect(sum(data.by_brand)).toBe(data.total);
      expect(sum(data.by_type)).toBe(data.total);
      expectError(
        await post('/community_interactions/unread_interaction_counts', {
          brand_ids: brandIds(),
          types: 'FAX',
        }),
        422,
      );
    });

    it('op 19 answers the overview stats of brand_ids', async () => {
      const answer = await probe().get('community', '/overview_stats', {
        query: { brand_ids: brandIds().join(',') },
      });
      const { data } = communityOverviewStatsResponseSchema.parse(answer.body);
      expect(Object.keys(data).sort()).toEqual([
        'average_response_time',
        'follow_up_count',
        'total_count',
        'unread_count',
      ]);
      expectError(
        await probe().get('community', '/overview_stats', {
          query: { brand_ids: probe().ready.foreign_brand },
        }),
        403,
      );
    });

    it('op 20 answers the four statistics with their shapes', async () => {
      const body = { brand_ids: [probe().brand] };
      const distribution = sentimentDistributionResponseSchema.parse(
        (await post('/sentiment_distribution_stats', body)).body,
      );
      expect(Object.keys(distribution.data).sort()).toEqual(['negative', 'neutral', 'positive', 'question']);
      const sentiment = sentimentTimeSeriesResponseSchema.parse(
        (await post('/sentiment_time_series', body)).body,
      );
      expect(sentiment.data.length).toBeGreaterThan(0);
      const volume = volumeTimeSeriesResponseSchema.parse((await post('/volume_time_series', body)).body);
      expect(volume.data.reduce((total, day) => total + day.count, 0)).toBeGreaterThan(0);
      const keywords = topKeywordsResponseSchema.parse((await post('/top_keywords', body)).body);
      expect(keywords.data.every((entry) => Object.keys(entry).sort().join() === 'count,keyword')).toBe(true);
    });

    it('op 20 with Content-Type json and no body asks for brand_ids (422), not a 400', async () => {
      const answer = await probe().call('POST', probe().at('community', '/sentiment_distribution_stats'), {
        raw: { body: '', contentType: 'application/json' },
      });
      expect(Object.keys(expectError(answer, 422).errors)).toEqual(['brand_ids']);
    });

    it('a body with the single brand_id is 400 naming brand_ids (after 2025-05-01)', async () => {
      const error = expectError(await post('/top_keywords', { brand_id: probe().brand }), 400);
      expect(error.message).toContain('brand_ids');
      expect(error.errors).toHaveProperty('brand_id');
    });

    it('the per-brand paths answer 410 naming their replacement (after 2025-05-01)', async () => {
      for (const [method, path, replacement] of withdrawnPaths) {
        const url = probe().at('community', `/brands/${probe().brand}${path}`);
        const error = expectError(await probe().call(method, url), 410);
        expect(error.message, path).toContain(replacement);
      }
      // The withdrawn path is what a client must hear about, even with the withdrawn parameter.
      const both = probe().at('community', `/brands/${probe().brand}/overview_stats`, {
        brand_id: probe().brand,
      });
      expectError(await probe().call('GET', both), 410);
    });
  });
}
