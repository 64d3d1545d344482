import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema, schedulerChannels } from '../../../src/shared/domain/index.ts';
import { AREAS } from '../../../src/sandbox/areas/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

type Operation = [name: string, method: string, path: string, body?: unknown];

const brand = 101;
const brandQuery = `brand_ids=${brand}`;

/** Every operation of interface.md, the channel CRUD routes and the PATCH extension (§9). */
const operations: Operation[] = [
  ['1 update campaign', 'PUT', `/library/brands/${brand}/campaigns/1`, { name: 'x' }],
  ['2 list campaigns', 'GET', `/library/brands/${brand}/campaigns`],
  ['3 search ads', 'POST', `/library/brands/${brand}/campaigns/1/ads/search`, { source: 'META_ADS' }],
  ['4 add media', 'POST', `/library/brands/${brand}/campaigns/1/media`, { media_ids: [1] }],
  ['5 campaign stats', 'GET', `/library/brands/${brand}/campaigns/1/stats/overview`],
  // 6 to 11 are channel CRUD routes, each of which is here for every channel.
  ...schedulerChannels.flatMap((channel): Operation[] => {
    const posts = `/scheduler/${channel}/scheduled_posts`;
    return [
      [`create ${channel} post`, 'POST', posts, { brand_id: brand }],
      [`list ${channel} posts`, 'GET', `${posts}?brand_id=${brand}`],
      [`read ${channel} post`, 'GET', `${posts}/1`],
      [`update ${channel} post`, 'PATCH', `${posts}/1`, { sort_index: 1 }],
      [`delete ${channel} post`, 'DELETE', `${posts}/1`],
    ];
  }),
  ['12 report data', 'GET', '/dashboard/reports/data?report_type=CONTENT'],
  ['13 competitive report data', 'PUT', '/dashboard/reports/data?report_type=CONTENT', {}],
  ['14 create tag', 'POST', '/community/tags', { brand_id: brand, name: 'auth-check' }],
  ['15 list tags', 'GET', `/community/tags?${brandQuery}`],
  ['16 list interactions', 'GET', `/community/community_interactions?${brandQuery}`],
  ['17 TikTok comment', 'GET', '/community/tiktok_comments/1'],
  [
    '18 unread counts',
    'POST',
    '/community/community_interactions/unread_interaction_counts',
    { brand_ids: [brand] },
  ],
  ['19 overview stats', 'GET', `/community/overview_stats?${brandQuery}`],
  ['20 sentiment distribution', 'POST', '/community/sentiment_distribution_stats', { brand_ids: [brand] }],
  ['20 sentiment time series', 'POST', '/community/sentiment_time_series', { brand_ids: [brand] }],
  ['20 top keywords', 'POST', '/community/top_keywords', { brand_ids: [brand] }],
  ['20 volume time series', 'POST', '/community/volume_time_series', { brand_ids: [brand] }],
  ['extension: update interaction', 'PATCH', '/community/community_interactions/1', { is_read: true }],
];

describe('sandbox: 401 on every operation', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    // The anonymous budget (per client address) must cover two calls per operation.
    sb = await startTestSandbox({ areas: AREAS, rateLimit: 10_000 });
  });
  afterAll(() => sb.close());

  it.each(operations)(
    '%s (%s %s): 401 with the error object without a token and with a wrong one',
    async (_name, method, path, body) => {
      for (const token of [null, 'sbx_user_00000000000000000000000000000000']) {
        const result = await sb.call(method, path, { token, body });
        expect(result.status).toBe(401);
        expect(errorObjectSchema.parse(result.body)).toMatchObject({ code: 401, status: 'Unauthorized' });
      }
      // The route is real: with the token it is not an unknown path or a wrong method.
      const authorized = await sb.call(method, path, { body });
      expect(authorized.status).not.toBe(401);
      expect(authorized.status).not.toBe(405);
      expect(String(authorized.body?.message ?? '')).not.toMatch(/^No such path/);
    },
  );
});
