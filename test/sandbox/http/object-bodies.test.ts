import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema, schedulerChannels } from '../../../src/shared/domain/index.ts';
import { AREAS } from '../../../src/sandbox/areas/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

type Route = [name: string, method: string, path: string];

/**
 * Conventions §3: a `null` body is a 422, on every route that takes a body. JSON `null` is a
 * body, not the absence of one: taking it for none answered a PATCH or PUT with 200 and changed
 * nothing, so a client that sent null by mistake was told it had worked. A JSON array, string,
 * number or boolean is no object either.
 */
describe('sandbox: a body must be a JSON object', () => {
  let sb: TestSandbox;
  let routes: Route[];

  beforeAll(async () => {
    // Before 2025-05-01, so the per-brand community paths still take their bodies.
    sb = await startTestSandbox({ now: '2025-03-01T10:00:00Z', areas: AREAS, rateLimit: 10_000 });
    const brand = sb.brands[0]!;
    const first = async (path: string, query: Record<string, string | number>) => {
      const result = await sb.call('GET', path, { query: { ...query, limit: 1 } });
      expect(result.status, path).toBe(200);
      return (result.body as { data: { id: number }[] }).data[0]!.id;
    };
    const campaign = await first(`/library/brands/${brand}/campaigns`, {});
    const interaction = await first('/community/community_interactions', { brand_ids: brand });
    const posts: Route[] = [];
    for (const channel of schedulerChannels) {
      const collection = `/scheduler/${channel}/scheduled_posts`;
      const post = await first(collection, { brand_id: brand });
      posts.push([`create ${channel} post`, 'POST', collection]);
      posts.push([`update ${channel} post`, 'PATCH', `${collection}/${post}`]);
    }
    const report = `channels=INSTAGRAM&metrics=IMPRESSIONS&brand_ids=${brand}`;
    routes = [
      ['update campaign', 'PUT', `/library/brands/${brand}/campaigns/${campaign}`],
      ['search ads', 'POST', `/library/brands/${brand}/campaigns/${campaign}/ads/search`],
      ['add media', 'POST', `/library/brands/${brand}/campaigns/${campaign}/media`],
      ...posts,
      ['competitive report', 'PUT', `/dashboard/reports/data?report_type=CONTENT&${report}`],
      ['create tag', 'POST', '/community/tags'],
      ['update interaction', 'PATCH', `/community/community_interactions/${interaction}`],
      ['unread counts', 'POST', '/community/community_interactions/unread_interaction_counts'],
      ...['sentiment_distribution_stats', 'sentiment_time_series', 'top_keywords', 'volume_time_series'].map(
        (name): Route => [name, 'POST', `/community/${name}`],
      ),
      ['per-brand sentiment', 'PUT', `/community/brands/${brand}/sentiment_distribution_stats`],
      ['per-brand keywords', 'PUT', `/community/brands/${brand}/top_keywords`],
    ];
  });
  afterAll(() => sb.close());

  it('answers null with 422 on every route that takes a body', async () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const [name, method, path] of routes) {
      const result = await sb.call(method, path, { rawBody: 'null' });
      expect(result.status, `${name}: ${result.text}`).toBe(422);
      const error = errorObjectSchema.parse(result.body);
      expect(error.errors, name).toEqual({ body: ['Must be a JSON object; got null.'] });
      expect(error.message, name).toBe('Invalid request body. The body must be a JSON object; got null.');
    }
  });

  it('answers an array, a string, a number or a boolean the same way', async () => {
    const [, method, path] = routes[0]!;
    for (const [text, what] of [
      ['[]', 'an array'],
      ['"x"', 'a string'],
      ['1', 'a number'],
      ['true', 'a boolean'],
    ]) {
      const result = await sb.call(method, path, { rawBody: text! });
      expect(result.status, text).toBe(422);
      expect(errorObjectSchema.parse(result.body).errors).toEqual({
        body: [`Must be a JSON object; got ${what}.`],
      });
    }
  });

  it('still takes an empty body as no body', async () => {
    const [, method, path] = routes.find(([name]) => name === 'update campaign')!;
    const result = await sb.call(method, path, { rawBody: '' });
    expect(result.status, result.text).toBe(200);
  });
});
