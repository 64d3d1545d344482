import { describe, expect, it } from 'vitest';
import {
  campaignListSchema,
  communityInteractionListSchema,
  scheduledPostSchemas,
} from '../../../src/shared/domain/index.ts';
import { expectError, type Probe } from './probe-client.ts';

/** Authentication, the error statuses of conventions §3, and what a real client may send. */
export function robustnessProbe(probe: () => Probe): void {
  describe('plumbing: auth, errors, and the requests real clients send', () => {
    const campaigns = () => probe().at('library', `/brands/${probe().brand}/campaigns`);
    const tags = () => probe().at('community', '/tags');

    it('401 without a token, with a malformed header and with an unknown token', async () => {
      expectError(await probe().call('GET', campaigns(), { as: null }), 401);
      expectError(
        await probe().call('GET', campaigns(), { as: null, headers: { authorization: 'Basic YTpi' } }),
        401,
      );
      expectError(await probe().call('GET', campaigns(), { as: { token: 'sbx_user_nope' } }), 401);
      expect(
        (await probe().call('GET', campaigns(), { as: 'application', query: { limit: 0 } })).status,
      ).toBe(200);
    });

    it('404 for unknown paths, 405 with Allow for a wrong method on a known one', async () => {
      expectError(await probe().call('GET', probe().at('community', '/nothing')), 404);
      expectError(await probe().call('GET', probe().at('scheduler', '/tiktok/scheduled_posts')), 404);
      const wrong = expectError(await probe().call('DELETE', tags()), 405);
      expect(wrong.message).toContain('DELETE');
      expect((await probe().call('PATCH', tags(), { json: {} })).headers.get('allow')).toContain('POST');
    });

    it('a literal path allows its own methods only; a QUERY or an unreadable body does not hide a 405', async () => {
      const unread = probe().at('community', '/community_interactions/unread_interaction_counts');
      for (const method of ['PATCH', 'GET']) {
        const answer = await probe().call(method, unread, {
          json: method === 'PATCH' ? { is_read: true } : undefined,
        });
        expectError(answer, 405);
        expect(answer.headers.get('allow')).toBe('POST');
      }
      expectError(await probe().call('QUERY', campaigns()), 405);
      expectError(
        await probe().call('PATCH', campaigns(), {
          raw: { body: '{"x": ', contentType: 'application/json' },
        }),
        405,
      );
    });

    it('a JSON null body is a 422 (the body must be an object), not taken for no body', async () => {
      const post = probe().at('scheduler', '/threads/scheduled_posts');
      const created = await probe().call('POST', post, {
        json: { brand_id: probe().brand, text: 'null body' },
      });
      expect(created.status).toBe(201);
      const answer = await probe().call('PATCH', `${post}/${created.body.id}`, {
        raw: { body: 'null', contentType: 'application/json' },
      });
      expect(expectError(answer, 422).errors).toEqual({ body: ['Must be a JSON object; got null.'] });
    });

    it('a trailing slash is an unknown path (404), not a wrong method', async () => {
      const error = expectError(await probe().call('GET', `${campaigns()}/`), 404);
      expect(error.message).toContain('trailing slash');
    });

    it('HEAD answers headers only; OPTIONS is a wrong method (405 with Allow)', async () => {
      const head = await probe().call('HEAD', campaigns());
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect((await probe().call('HEAD', probe().at('library', '/nowhere'))).status).toBe(404);
      const options = await probe().call('OPTIONS', campaigns());
      expectError(options, 405);
      expect(options.headers.get('allow')).toContain('GET');
    });

    it('reads JSON sent with a charset or as a +json type', async () => {
      const json = (contentType: string, name: string) => ({
        raw: { body: JSON.stringify({ brand_id: probe().brand, name }), contentType },
      });
      const created = await probe().call('POST', tags(), json('application/json; charset=UTF-8', 'Charset'));
      expect(created.status).toBe(201);
      const typed = await probe().call(
        'POST',
        tags(),
        json('application/merge-patch+json; charset=utf-8', 'Typed'),
      );
      expect(typed.status).toBe(201);
    });

    it('bad JSON and a body that is not JSON are 400; a JSON array or string, or a __proto__ field, is 422', async () => {
      const body = (text: string, contentType = 'application/json') => ({ raw: { body: text, contentType } });
      expectError(await probe().call('POST', tags(), body('{"brand_id": 101,')), 400);
      expectError(
        await probe().call('POST', tags(), body('brand_id=101&name=x', 'application/x-www-form-urlencoded')),
        400,
      );
      expectError(
        await probe().call('POST', tags(), body('{"brand_id": 101, "name": "x"}', 'text/plain')),
        400,
      );
      const proto = await probe().call('POST', tags(), body('{"__proto__": {"admin": true}}'));
      expectError(proto, 422);
      expect(proto.text).toContain('"errors":{"__proto__":["Unknown field."]}');
      expectError(await probe().call('POST', tags(), body('[{"brand_id": 101, "name": "x"}]')), 422);
      expectError(await probe().call('POST', tags(), body('"x"')), 422);
    });

    it('a parameter given twice: a list joins its values, a single value is 422 naming it', async () => {
      const url = new URL(probe().at('community', '/community_interactions'));
      for (const brand of probe().ready.brands.slice(0, 2))
        url.searchParams.append('brand_ids', String(brand));
      url.searchParams.set('limit', '0');
      const joined = communityInteractionListSchema.parse((await probe().call('GET', url.toString())).body);
      const one = communityInteractionListSchema.parse(
        (
          await probe().get('community', '/community_interactions', {
            query: { brand_ids: String(probe().ready.brands[0]), limit: 0 },
          })
        ).body,
      );
      expect(joined.paging.count).toBeGreaterThan(one.paging.count);
      const twice = expectError(await probe().call('GET', `${campaigns()}?limit=1&limit=2`), 422);
      expect(twice.errors.limit?.[0]).toMatch(/once/);
    });

    it('non-numeric, negative, huge and very long path ids are 404 with the error object', async () => {
      const posts = probe().at('scheduler', '/threads/scheduled_posts');
      for (const id of ['abc', '-1', '1.5', '99999999999999999999999', '9'.repeat(300)]) {
        expectError(await probe().call('GET', `${posts}/${id}`), 404);
      }
      expectError(
        await probe().call('GET', probe().at('library', '/brands/x/campaigns/1/stats/overview')),
        404,
      );
      expectError(
        await probe().call('PATCH', probe().at('community', '/community_interactions/abc'), {
          json: { is_read: true },
        }),
        404,
      );
    });

    it('an undecodable path, an oversized URL and an oversized body are 400 with the error object', async () => {
      expectError(await probe().call('GET', probe().at('library', '/brands/%E0%A4%A/campaigns')), 400);
      const longUrl = expectError(
        await probe().call('GET', campaigns(), { query: { search: 'a'.repeat(40_000) } }),
        400,
      );
      expect(longUrl.message).toMatch(/headers are over 16 kB/);
      const bigBody = expectError(
        await probe().call('POST', tags(), { json: { brand_id: probe().brand, name: 'x'.repeat(2 ** 21) } }),
        400,
      );
      expect(bigBody.message).toMatch(/over 1 MiB/);
    });

    it('long and unicode strings: bounds are 422, text round-trips exactly', async () => {
      const error = expectError(
        await probe().call('POST', tags(), { json: { brand_id: probe().brand, name: '標'.repeat(10_000) } }),
        422,
      );
      expect(Object.keys(error.errors)).toEqual(['name']);
      const text = 'Ünïcödé 👩🏽‍🚀 ✓ 日本語 \u202e RTL \n second line';
      const created = await probe().call('POST', probe().at('scheduler', '/threads/scheduled_posts'), {
        json: { brand_id: probe().brand, text },
      });
      expect(created.status).toBe(201);
      const read = await probe().call(
        'GET',
        probe().at('scheduler', `/threads/scheduled_posts/${created.body.id}`),
      );
      expect(scheduledPostSchemas.threads.post.parse(read.body).text).toBe(text);
      const search = await probe().get('library', `/brands/${probe().brand}/campaigns`, {
        query: { search: `${'ü'.repeat(2000)}*%_'"`, limit: 1 },
      });
      expect(campaignListSchema.parse(search.body).paging.count).toBe(0);
      const query = await probe().get('community', '/community_interactions', {
        query: { brand_ids: String(probe().brand), query: '"NEAR( ✓ OR * 😀', limit: 1 },
      });
      expect(query.status).toBe(200);
    });
  });
}
