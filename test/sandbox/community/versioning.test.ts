import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { startCommunitySandbox } from './community-sandbox.ts';

/**
 * Conventions §10: from 2025-05-01 the single brand_id is refused (400) and the per-brand paths
 * are gone (410), each naming its replacement; before that date both still work.
 */
const perBrandPaths = [
  {
    path: 'community_interactions/unread_counts',
    method: 'GET',
    replacement: '/community_interactions/unread_interaction_counts',
  },
  { path: 'overview_stats', method: 'GET', replacement: '/overview_stats' },
  { path: 'sentiment_distribution_stats', method: 'PUT', replacement: '/sentiment_distribution_stats' },
  { path: 'sentiment_time_series', method: 'GET', replacement: '/sentiment_time_series' },
  { path: 'top_keywords', method: 'PUT', replacement: '/top_keywords' },
  { path: 'volume_time_series', method: 'GET', replacement: '/volume_time_series' },
];

describe('community: versioning after 2025-05-01', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startCommunitySandbox({ now: '2025-05-01T00:00:00Z', rateLimit: 100_000 });
  });
  afterAll(() => sb.close());

  it('answers 400 naming brand_ids to the single brand_id, in a query or a body', async () => {
    const brand = sb.brands[0]!;
    const answers = [
      await sb.call('GET', '/community/community_interactions', { query: { brand_id: brand } }),
      await sb.call('GET', '/community/tags', { query: { brand_id: brand } }),
      await sb.call('GET', '/community/overview_stats', { query: { brand_id: brand, brand_ids: brand } }),
      await sb.call('POST', '/community/sentiment_time_series', { body: { brand_id: brand } }),
      await sb.call('POST', '/community/community_interactions/unread_interaction_counts', {
        body: { brand_id: brand },
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      const error = errorObjectSchema.parse(answer.body);
      expect(error.message).toContain('brand_ids');
      expect(error.errors).toHaveProperty('brand_id');
    }
  });

  it('answers 410 naming the replacement on every per-brand path, whatever the method', async () => {
    for (const entry of perBrandPaths) {
      for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
        const answer = await sb.call(
          method,
          `/community/brands/${sb.brands[0]}/${entry.path}`,
          method === 'GET' || method === 'DELETE' ? {} : { body: {} },
        );
        expect(answer.status, `${method} ${entry.path}`).toBe(410);
        expect(errorObjectSchema.parse(answer.body).message).toContain(entry.replacement);
      }
    }
    // Even for a brand the token cannot reach: the path itself is gone.
    expect((await sb.call('GET', `/community/brands/${sb.sandbox.foreignBrand}/overview_stats`)).status).toBe(
      410,
    );
  });
});

describe('community: versioning before 2025-05-01', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startCommunitySandbox({ now: '2025-04-30T23:59:00Z', rateLimit: 100_000 });
  });
  afterAll(() => sb.close());

  it('still takes the single brand_id as brand_ids', async () => {
    const brand = sb.brands[0]!;
    const single = await sb.call('GET', '/community/community_interactions', {
      query: { brand_id: brand, limit: 5 },
    });
    const multi = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brand, limit: 5 },
    });
    expect(single.status).toBe(200);
    expect(single.body.data).toEqual(multi.body.data);
    const stats = await sb.call('POST', '/community/sentiment_distribution_stats', {
      body: { brand_id: brand },
    });
    expect(stats.body).toEqual(
      (await sb.call('POST', '/community/sentiment_distribution_stats', { body: { brand_ids: [brand] } }))
        .body,
    );
  });

  it('serves each per-brand path as its replacement does, for that brand', async () => {
    const brand = sb.brands[0]!;
    const range = {
      source_updated_after: '2025-03-01T00:00:00Z',
      source_updated_before: '2025-03-08T00:00:00Z',
    };
    for (const entry of perBrandPaths) {
      const path = `/community/brands/${brand}/${entry.path}`;
      const old =
        entry.path === 'overview_stats'
          ? await sb.call('GET', path)
          : entry.method === 'GET'
            ? await sb.call('GET', path, { query: range })
            : await sb.call('PUT', path, { body: range });
      expect(old.status, entry.path).toBe(200);
      const replacement =
        entry.path === 'overview_stats'
          ? await sb.call('GET', '/community/overview_stats', { query: { brand_ids: brand } })
          : await sb.call('POST', `/community${entry.replacement}`, {
              body: { brand_ids: [brand], ...range },
            });
      expect(old.body, entry.path).toEqual(replacement.body);
    }
  });

  it('keeps the old rules on those paths: 405 for another method, 403 for another brand', async () => {
    const wrong = await sb.call('POST', `/community/brands/${sb.brands[0]}/overview_stats`, { body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((await sb.call('GET', `/community/brands/${sb.sandbox.foreignBrand}/overview_stats`)).status).toBe(
      403,
    );
  });
});
