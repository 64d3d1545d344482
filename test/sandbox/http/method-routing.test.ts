import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '../../../src/shared/domain/index.ts';
import { AREAS } from '../../../src/sandbox/areas/index.ts';
import { startTestSandbox, type CallResult, type TestSandbox } from '../helpers.ts';

/**
 * A wrong method on a known path is a 405 whose Allow lists that path's methods (conventions §3),
 * decided before anything reads the body: a path of its own (unread_interaction_counts) is not
 * the id of the `/{id}` route beside it, and a method Fastify treats specially (QUERY, which it
 * refuses without a Content-Type) or a body it cannot read does not turn the 405 into a 400.
 */
describe('sandbox: routing before bodies, 405 with the path own methods', () => {
  let sb: TestSandbox;
  const unread = '/community/community_interactions/unread_interaction_counts';

  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2025-06-15T12:00:00Z', areas: AREAS, rateLimit: 10_000 });
  });
  afterAll(() => sb.close());

  function expectWrongMethod(result: CallResult, allow: string) {
    expect(result.status, result.text).toBe(405);
    expect(result.headers.get('allow')).toBe(allow);
    if (result.text) expect(errorObjectSchema.parse(result.body).message).toContain(`use ${allow}`);
  }

  it.each(['PATCH', 'GET', 'PUT', 'DELETE', 'HEAD'])(
    '%s /community_interactions/unread_interaction_counts is a 405 with Allow: POST',
    async (method) => {
      const body = ['PATCH', 'PUT'].includes(method) ? { is_read: true } : undefined;
      expectWrongMethod(await sb.call(method, unread, { body }), 'POST');
    },
  );

  it('leaves POST there and PATCH on an interaction id as they were', async () => {
    const brand = sb.brands[0]!;
    const counts = await sb.call('POST', unread, { body: { brand_ids: [brand] } });
    expect(counts.status, counts.text).toBe(200);
    const list = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brand, limit: 1 },
    });
    const id = (list.body as { data: { id: number }[] }).data[0]!.id;
    const patched = await sb.call('PATCH', `/community/community_interactions/${id}`, {
      body: { is_read: true },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await sb.call('PATCH', '/community/community_interactions/abc', { body: {} })).status).toBe(404);
  });

  it('QUERY without a Content-Type is a 405 on a known path and a 404 elsewhere', async () => {
    const campaigns = `/library/brands/${sb.brands[0]}/campaigns`;
    expectWrongMethod(await sb.call('QUERY', campaigns), 'GET, HEAD');
    expectWrongMethod(await sb.call('QUERY', campaigns, { body: {} }), 'GET, HEAD');
    const nowhere = await sb.call('QUERY', '/library/nowhere');
    expect(nowhere.status, nowhere.text).toBe(404);
    errorObjectSchema.parse(nowhere.body);
  });

  it('a wrong method with a body that is not JSON is still a 405, an unknown path a 404', async () => {
    const campaigns = `/library/brands/${sb.brands[0]}/campaigns`;
    expectWrongMethod(await sb.call('PATCH', campaigns, { rawBody: '{"name": ' }), 'GET, HEAD');
    const form = await sb.call('POST', campaigns, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'name=x',
    });
    expectWrongMethod(form, 'GET, HEAD');
    expect((await sb.call('POST', '/library/nowhere', { rawBody: '{"name": ' })).status).toBe(404);
  });
});
