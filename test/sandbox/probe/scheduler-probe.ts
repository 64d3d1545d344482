import { describe, expect, it } from 'vitest';
import {
  scheduledPostListSchemas,
  scheduledPostSchemas,
  schedulerChannels,
  type SchedulerChannel,
} from '../../../src/shared/domain/index.ts';
import { expectError, hoursAfter, type Probe } from './probe-client.ts';

/** Channel-specific fields a create sends, and one a PATCH changes while the rest stay. */
const samples: Record<SchedulerChannel, { create: Record<string, unknown>; patch: Record<string, unknown> }> =
  {
    threads: { create: { text: 'Threads probe ✨', link: 'https://example.com' }, patch: { text: 'edited' } },
    instagram: {
      create: {
        caption: 'Insta probe',
        first_comment: '#probe',
        user_tags: [{ username: 'ana', x: 0.5, y: 0.5 }],
      },
      patch: { caption: 'edited' },
    },
    twitter: {
      create: { text: 'Tweet probe', replies: [{ text: 'and a reply' }] },
      patch: { text: 'edited' },
    },
    linkedin: { create: { text: 'LinkedIn probe' }, patch: { text: 'edited' } },
    snapchat: { create: { media_ids: [11, 12] }, patch: { media_ids: [13] } },
  };

/** Ops 6-11, CRUD on all five channels (conventions §7) and the status rules. */
export function schedulerProbe(probe: () => Probe): void {
  describe('scheduler: scheduled posts (ops 6-11)', () => {
    const collection = (channel: SchedulerChannel) => probe().at('scheduler', `/${channel}/scheduled_posts`);
    const create = (channel: SchedulerChannel, body: Record<string, unknown>) =>
      probe().call('POST', collection(channel), { json: { brand_id: probe().brand, ...body } });

    it.each(schedulerChannels)(
      '%s: create 201, read, PATCH keeps omitted fields, list, delete 204',
      async (channel) => {
        const { post: postSchema } = scheduledPostSchemas[channel];
        const sourceId = `probe-${channel}-${Date.now()}`;
        const created = await create(channel, { ...samples[channel].create, source_id: sourceId });
        expect(created.status).toBe(201);
        const post = postSchema.parse(created.body);
        expect(post).toMatchObject({ brand_id: probe().brand, status: 'DRAFT', source_id: sourceId });
        const item = `${collection(channel)}/${post.id}`;

        const read = await probe().call('GET', item, { query: { resolve_references: true } });
        expect(postSchema.parse(read.body)).toMatchObject({ id: post.id, source_id: sourceId });

        const patched = await probe().call('PATCH', item, { json: samples[channel].patch });
        expect(patched.status).toBe(200);
        expect(postSchema.parse(patched.body)).toMatchObject({
          ...samples[channel].patch,
          source_id: sourceId,
        });

        const found = await probe().call('GET', collection(channel), {
          query: { brand_id: probe().brand, source_ids: sourceId },
        });
        const page = scheduledPostListSchemas[channel].parse(found.body);
        expect(page.data.map((row) => row.id)).toEqual([post.id]);
        expect(page.paging).toEqual({ count: 1, next: null, previous: null });

        const deleted = await probe().call('DELETE', item);
        expect(deleted.status).toBe(204);
        expect(deleted.text).toBe('');
        expectError(await probe().call('GET', item), 404);
      },
    );

    it('op 7: a normal user must name a brand (422); the application user lists all its brands', async () => {
      expectError(await probe().call('GET', collection('threads')), 422);
      const answer = await probe().call('GET', collection('threads'), {
        as: 'application',
        query: { limit: 1000 },
      });
      const page = scheduledPostListSchemas.threads.parse(answer.body);
      const brands = new Set(page.data.map((post) => post.brand_id));
      expect([...brands].every((id) => probe().ready.brands.includes(id))).toBe(true);
      expect(brands.size).toBeGreaterThan(1);
      // Seeded history is consistent: nothing is updated (or published) before it was created.
      for (const post of page.data) {
        expect(post.updated_at >= post.created_at, `post ${post.id}`).toBe(true);
        if (post.status === 'POSTED' && post.timestamp) expect(post.timestamp >= post.created_at).toBe(true);
      }
      const eleven = Array.from({ length: 11 }, () => probe().brand).join(',');
      expectError(await probe().call('GET', collection('threads'), { query: { brand_ids: eleven } }), 422);
      expectError(
        await probe().call('GET', collection('threads'), {
          query: { brand_id: probe().ready.foreign_brand },
        }),
        403,
      );
    });

    it('op 7 paging: limit=0 counts, next keeps brand_id and sort, 1001 and -1 are 422', async () => {
      const query = { brand_id: probe().brand, sort: '-TIMESTAMP' };
      const empty = scheduledPostListSchemas.threads.parse(
        (await probe().call('GET', collection('threads'), { query: { ...query, limit: 0 } })).body,
      );
      expect(empty.data).toEqual([]);
      expect(empty.paging.count).toBeGreaterThan(2);
      const first = scheduledPostListSchemas.threads.parse(
        (await probe().call('GET', collection('threads'), { query: { ...query, limit: 2 } })).body,
      );
      expect(first.data.length).toBe(2);
      expect(Object.fromEntries(new URL(first.paging.next!).searchParams)).toEqual({
        brand_id: String(probe().brand),
        sort: '-TIMESTAMP',
        limit: '2',
        offset: '2',
      });
      expectError(
        await probe().call('GET', collection('threads'), { query: { ...query, limit: 1001 } }),
        422,
      );
      expectError(await probe().call('GET', collection('threads'), { query: { ...query, offset: -1 } }), 422);
    });

    it('ops 6, 8, 9, 10: text bounds, coordinates and read-only fields are 422 on the field', async () => {
      const cases: [SchedulerChannel, Record<string, unknown>, string, RegExp][] = [
        ['threads', { text: 'x'.repeat(501) }, 'text', /500/],
        ['linkedin', { text: 'x'.repeat(3001) }, 'text', /3000/],
        ['twitter', { text: 'x'.repeat(281) }, 'text', /280/],
        ['instagram', { user_tags: [{ username: 'a', x: 1.5, y: 0 }] }, 'user_tags.0.x', /0 and 1/],
        ['threads', { media: [] }, 'media', /read-only/i],
        ['twitter', { tweet_status: 'PUBLISHED', permalink: 'https://x.com' }, 'tweet_status', /read-only/i],
        ['instagram', { location: { id: '1' } }, 'location', /read-only/i],
        ['threads', { colour: 'red' }, 'colour', /unknown/i],
      ];
      for (const [channel, body, field, message] of cases) {
        const error = expectError(await create(channel, body), 422);
        expect(error.errors[field]?.[0], `${channel} ${field}`).toMatch(message);
      }
    });

    it('op 9 and 10 read single posts; unknown, non-numeric and other-channel ids are 404', async () => {
      const twitter = await create('twitter', { text: 'read me' });
      const linkedin = await create('linkedin', { text: 'read me' });
      const tweet = await probe().call('GET', `${collection('twitter')}/${twitter.body.id}`);
      expect(scheduledPostSchemas.twitter.post.parse(tweet.body).text).toBe('read me');
      const post = await probe().call('GET', `${collection('linkedin')}/${linkedin.body.id}`);
      expect(scheduledPostSchemas.linkedin.post.parse(post.body).text).toBe('read me');
      expectError(await probe().call('GET', `${collection('linkedin')}/${twitter.body.id}`), 404);
      expectError(await probe().call('GET', `${collection('linkedin')}/99999999`), 404);
      expectError(await probe().call('GET', `${collection('linkedin')}/abc`), 404);
    });

    it('op 11 deletes with Content-Type: application/json and an empty body (204)', async () => {
      const snap = await create('snapchat', {});
      const item = `${collection('snapchat')}/${snap.body.id}`;
      const deleted = await probe().call('DELETE', item, {
        raw: { body: '', contentType: 'application/json' },
      });
      expect(deleted.status).toBe(204);
      expectError(await probe().call('DELETE', item), 404);
    });

    it('status rules: SCHEDULED needs a future timestamp, approvals give MISSING_APPROVALS', async () => {
      const probeAnswer = await create('threads', { text: 'clock' });
      const past = expectError(
        await create('threads', { status: 'SCHEDULED', timestamp: hoursAfter(probeAnswer, -1) }),
        422,
      );
      expect(past.errors).toHaveProperty('timestamp');
      expectError(await create('threads', { status: 'POSTED' }), 422);
      const future = hoursAfter(probeAnswer, 48);
      const scheduled = await create('linkedin', { status: 'SCHEDULED', timestamp: future });
      expect(scheduled.body).toMatchObject({
        status: 'SCHEDULED',
        timestamp: future,
        has_scheduled_time: true,
      });
      const gated = await create('instagram', {
        status: 'SCHEDULED',
        timestamp: future,
        approval_policy: 'APPROVAL_REQUIRED',
        approval_requests: [{ requested_by_user_id: 2, review_user_id: 3 }],
      });
      expect(gated.body).toMatchObject({ status: 'MISSING_APPROVALS', approval_status: 'PENDING' });
      expect(gated.body.approval_requests[0]).toMatchObject({
        approval_status: 'PENDING',
        post_id: gated.body.id,
      });
    });

    it('status rules: AUTOPUBLISHING publishes: POSTED with a link or FAILED with an error', async () => {
      const posted = await create('threads', { status: 'AUTOPUBLISHING', text: 'now' });
      expect(posted.body.status).toBe('AUTOPUBLISHING');
      const later = await probe().call('GET', `${collection('threads')}/${posted.body.id}`);
      const post = scheduledPostSchemas.threads.post.parse(later.body);
      if (post.status === 'POSTED') expect(post.live_post_url).toMatch(/^https:\/\//);
      else expect(post).toMatchObject({ status: 'FAILED', auto_publish_error: expect.any(String) });
    });

    it('refuses a post for the foreign brand (403)', async () => {
      expectError(
        await probe().call('POST', collection('threads'), {
          json: { brand_id: probe().ready.foreign_brand },
        }),
        403,
      );
    });
  });
}
