import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorObjectSchema,
  scheduledPostSchemas,
  schedulerChannels,
  type SchedulerChannel,
} from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { hoursFrom, startSchedulerSandbox } from './scheduler-sandbox.ts';

/** Create, read, update and delete on every channel, and every error a write can meet. */
describe('scheduler: scheduled post CRUD', () => {
  let sb: TestSandbox;
  let brand: number;
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    sb = await startSchedulerSandbox({ now, rateLimit: 100_000 });
    brand = sb.brands[0]!;
  });
  afterAll(() => sb.close());

  const base = (channel: SchedulerChannel) => `/scheduler/${channel}/scheduled_posts`;
  const textFields: Record<SchedulerChannel, Record<string, unknown>> = {
    threads: { text: 'Threads hello', link: 'https://example.com' },
    instagram: { caption: 'Instagram hello', user_tags: [{ username: 'ana', x: 0.5, y: 0.25 }] },
    twitter: { text: 'Tweet hello', replies: [{ text: 'second tweet' }] },
    linkedin: { text: 'LinkedIn hello' },
    snapchat: {},
  };

  function expectError(result: { status: number; body: unknown }, status: number, field?: string) {
    expect(result.status).toBe(status);
    const error = errorObjectSchema.parse(result.body);
    expect(error.code).toBe(status);
    if (field) expect(Object.keys(error.errors)).toContain(field);
    return error;
  }

  for (const channel of schedulerChannels) {
    it(`${channel}: creates (201), reads, patches only the sent fields and deletes (204)`, async () => {
      const schema = scheduledPostSchemas[channel].post;
      const created = await sb.call('POST', base(channel), {
        body: {
          brand_id: brand,
          media_ids: [11, 12],
          content_tag_ids: [3],
          source_id: `src-${channel}`,
          ...textFields[channel],
        },
      });
      expect(created.status).toBe(201);
      const post = schema.parse(created.body);
      expect(post).toMatchObject({
        brand_id: brand,
        status: 'DRAFT',
        media_ids: [11, 12],
        source_id: `src-${channel}`,
      });
      expect(post.subtitle_upload_status).toBe('SUCCESS');

      const read = await sb.call('GET', `${base(channel)}/${post.id}`);
      expect(read.status).toBe(200);
      expect(schema.parse(read.body)).toEqual(post);

      const patched = await sb.call('PATCH', `${base(channel)}/${post.id}`, {
        body: { content_tag_ids: [4, 5] },
      });
      expect(patched.status).toBe(200);
      const after = schema.parse(patched.body) as Record<string, unknown>;
      expect(after.content_tag_ids).toEqual([4, 5]);
      // Every field the PATCH left out is as it was.
      for (const [key, value] of Object.entries(post)) {
        if (key === 'content_tag_ids' || key === 'updated_at') continue;
        expect(after[key], key).toEqual(value);
      }

      const deleted = await sb.call('DELETE', `${base(channel)}/${post.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expectError(await sb.call('GET', `${base(channel)}/${post.id}`), 404);
    });
  }

  it('keeps Twitter replies in thread order, each with an id, and Instagram tags with their type', async () => {
    const twitter = await sb.call('POST', base('twitter'), {
      body: {
        brand_id: brand,
        text: 'one',
        replies: [
          { text: 'three', thread_order: 3 },
          { text: 'two', thread_order: 2 },
        ],
      },
    });
    const tweet = scheduledPostSchemas.twitter.post.parse(twitter.body);
    expect(tweet.replies?.map((reply) => [reply.text, reply.thread_order])).toEqual([
      ['two', 2],
      ['three', 3],
    ]);
    expect(new Set(tweet.replies?.map((reply) => reply.id)).size).toBe(2);
    const instagram = await sb.call('POST', base('instagram'), {
      body: {
        brand_id: brand,
        collaborators: [{ username: 'bob' }],
        user_tags: [{ username: 'ana', x: 0, y: 1 }],
      },
    });
    const gram = scheduledPostSchemas.instagram.post.parse(instagram.body);
    expect(gram.collaborators?.[0]?.tag_type).toBe('COLLABORATOR');
    expect(gram.user_tags?.[0]).toMatchObject({ username: 'ana', x: 0, y: 1 });
  });

  it('replaces a thread by its replies as sent, keeping the id of a reply sent back as it was', async () => {
    const created = await sb.call('POST', base('twitter'), {
      body: { brand_id: brand, text: 'one', replies: [{ text: 'two' }, { text: 'three' }] },
    });
    const before = scheduledPostSchemas.twitter.post.parse(created.body).replies!;
    const patched = await sb.call('PATCH', `${base('twitter')}/${String(created.body.id)}`, {
      body: {
        replies: [
          { text: 'two', thread_order: 1 },
          { text: 'three, edited', thread_order: 2 },
        ],
      },
    });
    expect(patched.status, patched.text).toBe(200);
    const after = scheduledPostSchemas.twitter.post.parse(patched.body).replies!;
    expect(after.map((reply) => reply.text)).toEqual(['two', 'three, edited']);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]!.id).not.toBe(before[1]!.id);
  });

  it('refuses status and approval_requests in a Twitter reply (422 naming each) instead of dropping them', async () => {
    const created = await sb.call('POST', base('twitter'), {
      body: { brand_id: brand, text: 'one', replies: [{ text: 'two', status: 'SCHEDULED' }] },
    });
    const error = expectError(created, 422, 'replies.0.status');
    expect(error.errors['replies.0.status']?.[0]).toMatch(/status on the post/);

    const tweet = await sb.call('POST', base('twitter'), {
      body: { brand_id: brand, text: 'one', replies: [{ text: 'two' }] },
    });
    expect(tweet.status).toBe(201);
    const approval = { requested_by_user_id: 2, review_user_id: 3 };
    const patched = await sb.call('PATCH', `${base('twitter')}/${tweet.body.id}`, {
      body: {
        replies: [
          { text: 'two', approval_requests: [approval] },
          { text: 'three', status: 'DRAFT' },
        ],
      },
    });
    const both = expectError(patched, 422, 'replies.0.approval_requests');
    expect(Object.keys(both.errors).sort()).toEqual(['replies.0.approval_requests', 'replies.1.status']);
    // Nothing was written.
    expect((await sb.call('GET', `${base('twitter')}/${tweet.body.id}`)).body).toEqual(tweet.body);
  });

  it('answers 422 naming the field for every bound of conventions §7', async () => {
    const cases: [SchedulerChannel, Record<string, unknown>, string][] = [
      ['threads', { text: 'x'.repeat(501) }, 'text'],
      ['linkedin', { text: 'x'.repeat(3001) }, 'text'],
      ['twitter', { text: 'x'.repeat(281) }, 'text'],
      ['twitter', { text: 'ok', replies: [{ text: 'y'.repeat(281) }] }, 'replies.0.text'],
      [
        'threads',
        { duplicate_to_brand_ids: Array.from({ length: 56 }, (_, n) => n) },
        'duplicate_to_brand_ids',
      ],
      ['instagram', { user_tags: [{ username: 'a', x: 1.5, y: 0.5 }] }, 'user_tags.0.x'],
      ['instagram', { shopping_tags: [{ fb_product_id: 'p', x: 0.5, y: -0.1 }] }, 'shopping_tags.0.y'],
      ['linkedin', { media_ids: [-1] }, 'media_ids.0'],
      ['snapchat', { timestamp: '2025-07-01T10:00:00' }, 'timestamp'],
      ['threads', { status: 'POSTED' }, 'status'],
      ['threads', { approval_policy: 'MAYBE' }, 'approval_policy'],
      ['threads', { colour: 'red' }, 'colour'],
      ['threads', { live_post_url: 'https://x' }, 'live_post_url'],
    ];
    for (const [channel, fields, field] of cases) {
      const result = await sb.call('POST', base(channel), { body: { brand_id: brand, ...fields } });
      expectError(result, 422, field);
    }
    // Limits are inclusive: exactly 500 / 3000 / 280 characters and 55 brands pass.
    expect(
      (await sb.call('POST', base('threads'), { body: { brand_id: brand, text: 'x'.repeat(500) } })).status,
    ).toBe(201);
    expect(
      (await sb.call('POST', base('linkedin'), { body: { brand_id: brand, text: 'x'.repeat(3000) } })).status,
    ).toBe(201);
    const duplicates = Array.from({ length: 55 }, (_, n) => n);
    const tweet = await sb.call('POST', base('twitter'), {
      body: { brand_id: brand, text: 'x'.repeat(280), replies: [{ text: 'y'.repeat(280) }] },
    });
    expect(tweet.status).toBe(201);
    expect(
      (
        await sb.call('POST', base('threads'), {
          body: { brand_id: brand, duplicate_to_brand_ids: duplicates },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses read-only and unknown fields on PATCH too, and a brand_id missing on create', async () => {
    const created = await sb.call('POST', base('linkedin'), { body: { brand_id: brand, text: 'a' } });
    const id = created.body.id as number;
    expectError(await sb.call('PATCH', `${base('linkedin')}/${id}`, { body: { id: 5 } }), 422, 'id');
    expectError(
      await sb.call('PATCH', `${base('linkedin')}/${id}`, { body: { created_at: now } }),
      422,
      'created_at',
    );
    expectError(
      await sb.call('PATCH', `${base('linkedin')}/${id}`, { body: { caption: 'no such field here' } }),
      422,
      'caption',
    );
    expectError(await sb.call('POST', base('linkedin'), { body: { text: 'no brand' } }), 422, 'brand_id');
    // The post is unchanged by the refused writes.
    expect((await sb.call('GET', `${base('linkedin')}/${id}`)).body.text).toBe('a');
  });

  it('answers 400 to a body that is not JSON', async () => {
    expectError(await sb.call('POST', base('threads'), { rawBody: '{"brand_id": 1,' }), 400);
  });

  it('answers 401 without a valid token', async () => {
    expectError(await sb.call('GET', `${base('threads')}?brand_id=${brand}`, { token: null }), 401);
    expectError(
      await sb.call('POST', base('threads'), { token: 'sbx_nope', body: { brand_id: brand } }),
      401,
    );
  });

  it('answers 403 for a brand the token cannot reach, on every operation', async () => {
    const foreign = sb.sandbox.foreignBrand;
    expectError(await sb.call('POST', base('threads'), { body: { brand_id: foreign, text: 'x' } }), 403);
    const row = sb.sandbox.db
      .prepare("SELECT id FROM scheduled_posts WHERE brand_id = ? AND channel = 'threads' LIMIT 1")
      .get(foreign);
    const id = Number(row?.id);
    expectError(await sb.call('GET', `${base('threads')}/${id}`), 403);
    expectError(await sb.call('PATCH', `${base('threads')}/${id}`, { body: { text: 'mine now' } }), 403);
    expectError(await sb.call('DELETE', `${base('threads')}/${id}`), 403);
    const own = await sb.call('POST', base('threads'), { body: { brand_id: brand } });
    expectError(
      await sb.call('PATCH', `${base('threads')}/${own.body.id}`, { body: { brand_id: foreign } }),
      403,
    );
  });

  it('answers 404 for an unknown post, a post of another channel and an unknown channel', async () => {
    expectError(await sb.call('GET', `${base('threads')}/99999999`), 404);
    expectError(await sb.call('GET', `${base('threads')}/abc`), 404);
    const tweet = await sb.call('POST', base('twitter'), { body: { brand_id: brand, text: 'hi' } });
    expectError(await sb.call('GET', `${base('linkedin')}/${tweet.body.id}`), 404);
    expectError(await sb.call('DELETE', `${base('linkedin')}/${tweet.body.id}`), 404);
    expectError(await sb.call('GET', `/scheduler/facebook/scheduled_posts?brand_id=${brand}`), 404);
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const put = await sb.call('PUT', `${base('threads')}/1`, { body: {} });
    expectError(put, 405);
    expect(put.headers.get('allow')).toContain('PATCH');
    expectError(await sb.call('DELETE', base('instagram')), 405);
  });

  it('keeps the offset of a sent timestamp as the same instant, in UTC', async () => {
    const at = hoursFrom(now, 48);
    const local = `${at.slice(0, 11)}${String(Number(at.slice(11, 13)) + 2).padStart(2, '0')}${at.slice(13, 19)}+02:00`;
    const created = await sb.call('POST', base('threads'), { body: { brand_id: brand, timestamp: local } });
    expect(Date.parse(created.body.timestamp)).toBe(Date.parse(at));
    expect(created.body.has_scheduled_time).toBe(true);
  });
});
