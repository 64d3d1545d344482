import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorObjectSchema,
  scheduledPostSchemas,
  type SchedulerChannel,
} from '../../../src/shared/domain/index.ts';
import { publishDue, publishOutcome } from '../../../src/sandbox/areas/scheduler/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { hoursFrom, startSchedulerSandbox } from './scheduler-sandbox.ts';

/** The status rules of conventions §7 and the publisher that acts on them. */
describe('scheduler: status rules and publisher', () => {
  let sb: TestSandbox;
  let brand: number;
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    sb = await startSchedulerSandbox({ now, rateLimit: 100_000 });
    brand = sb.brands[0]!;
  });
  afterAll(() => sb.close());

  const base = (channel: SchedulerChannel) => `/scheduler/${channel}/scheduled_posts`;
  const create = (channel: SchedulerChannel, body: Record<string, unknown>) =>
    sb.call('POST', base(channel), { body: { brand_id: brand, ...body } });
  const read = async (channel: SchedulerChannel, id: number) =>
    scheduledPostSchemas[channel].post.parse((await sb.call('GET', `${base(channel)}/${id}`)).body);

  it('stores DRAFT by default and SCHEDULED for a future timestamp', async () => {
    expect((await create('threads', { text: 'draft' })).body.status).toBe('DRAFT');
    const scheduled = await create('threads', { status: 'SCHEDULED', timestamp: hoursFrom(now, 24) });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({
      status: 'SCHEDULED',
      has_scheduled_time: true,
      approval_status: null,
    });
  });

  it('refuses SCHEDULED without a timestamp or with one in the past (422 on timestamp)', async () => {
    for (const body of [{ status: 'SCHEDULED' }, { status: 'SCHEDULED', timestamp: hoursFrom(now, -1) }]) {
      const result = await create('linkedin', body);
      expect(result.status).toBe(422);
      expect(errorObjectSchema.parse(result.body).errors).toHaveProperty('timestamp');
    }
    // Moving a scheduled post into the past is refused the same way, and leaves it scheduled.
    const post = await create('linkedin', { status: 'SCHEDULED', timestamp: hoursFrom(now, 5) });
    const moved = await sb.call('PATCH', `${base('linkedin')}/${post.body.id}`, {
      body: { timestamp: hoursFrom(now, -5) },
    });
    expect(moved.status).toBe(422);
    expect((await read('linkedin', post.body.id)).timestamp).toBe(hoursFrom(now, 5));
  });

  it('stores MISSING_APPROVALS while approvals are missing, SCHEDULED once none are required', async () => {
    const post = await create('instagram', {
      status: 'SCHEDULED',
      timestamp: hoursFrom(now, 30),
      approval_policy: 'APPROVAL_REQUIRED',
      approval_requests: [{ requested_by_user_id: 2, review_user_id: 3 }],
    });
    expect(post.body).toMatchObject({
      status: 'MISSING_APPROVALS',
      approval_status: 'PENDING',
      num_of_approvals_required: 1,
    });
    expect(post.body.approval_requests[0]).toMatchObject({
      requested_by_user_id: 2,
      review_user_id: 3,
      approval_status: 'PENDING',
      post_id: post.body.id,
      brand_id: brand,
    });
    const relaxed = await sb.call('PATCH', `${base('instagram')}/${post.body.id}`, {
      body: { approval_policy: 'APPROVAL_NOT_REQUIRED' },
    });
    expect(relaxed.body).toMatchObject({ status: 'SCHEDULED', approval_status: null });
    // Same requests sent again keep their ids.
    const again = await sb.call('PATCH', `${base('instagram')}/${post.body.id}`, {
      body: { approval_requests: [{ requested_by_user_id: 2, review_user_id: 3 }] },
    });
    expect(again.body.approval_requests[0].id).toBe(post.body.approval_requests[0].id);
  });

  it('computes subtitle_upload_status from the subtitle error', async () => {
    const post = await create('snapchat', {
      subtitle_content: '1\n00:00:00,000 --> 00:00:01,000\nHi\n',
      subtitle_metadata: { language_code: 'af', filename: 'a.srt' },
    });
    expect(post.body.subtitle_upload_status).toBe('SUCCESS');
    // Seeded posts include failed subtitle uploads.
    const row = sb.sandbox.db
      .prepare(
        `SELECT id, channel FROM scheduled_posts WHERE brand_id IN (${sb.brands.join(',')})
           AND body LIKE '%"subtitle_error_message":"The SRT%' LIMIT 1`,
      )
      .get();
    const seen = await sb.call('GET', `${base(String(row?.channel) as SchedulerChannel)}/${Number(row?.id)}`);
    expect(seen.body).toMatchObject({
      subtitle_upload_status: 'FAILED',
      subtitle_error_message: 'The SRT file has overlapping cues.',
    });
  });

  it('publishes due posts on the sandbox clock: POSTED with a link or FAILED with an error', async () => {
    const channels: SchedulerChannel[] = ['threads', 'instagram', 'twitter', 'linkedin', 'snapchat'];
    const due: { channel: SchedulerChannel; id: number }[] = [];
    for (let n = 0; n < 30; n++) {
      const channel = channels[n % channels.length]!;
      const extra = channel === 'twitter' ? { text: 'thread', replies: [{ text: 'reply' }] } : {};
      const post = await create(channel, {
        status: 'SCHEDULED',
        timestamp: hoursFrom(now, 1 + (n % 3)),
        ...extra,
      });
      due.push({ channel, id: post.body.id });
    }
    const later = await create('threads', { status: 'SCHEDULED', timestamp: hoursFrom(now, 100) });
    const draft = await create('threads', { text: 'never published', timestamp: hoursFrom(now, 1) });
    const immediate = await create('linkedin', { status: 'AUTOPUBLISHING', text: 'now' });
    expect(immediate.body.status).toBe('AUTOPUBLISHING');

    const published = publishDue(sb.sandbox.db, new Date(hoursFrom(now, 4)));
    expect(published).toBeGreaterThanOrEqual(due.length + 1);

    const outcomes = new Set<string>();
    for (const { channel, id } of [
      ...due,
      { channel: 'linkedin' as const, id: immediate.body.id as number },
    ]) {
      const post = (await read(channel, id)) as Record<string, unknown>;
      const expected = publishOutcome(channel, id);
      outcomes.add(post.status as string);
      if (expected.status === 'POSTED') {
        expect(post).toMatchObject({
          status: 'POSTED',
          live_post_url: expected.liveUrl,
          auto_publish_error: null,
        });
      } else {
        expect(post).toMatchObject({
          status: 'FAILED',
          auto_publish_error: expected.error,
          live_post_url: null,
        });
      }
      if (channel === 'twitter') {
        for (const reply of post.replies as Record<string, unknown>[]) expect(reply.status).toBe(post.status);
      }
    }
    expect(outcomes).toEqual(new Set(['POSTED', 'FAILED']));
    expect((await read('threads', later.body.id)).status).toBe('SCHEDULED');
    expect((await read('threads', draft.body.id)).status).toBe('DRAFT');
    // Nothing is due twice.
    expect(publishDue(sb.sandbox.db, new Date(hoursFrom(now, 4)))).toBe(0);
  });

  it('lets a client send a failed post back to the publisher, clearing the old error', async () => {
    let failedId = 0;
    for (let n = 0; n < 40 && failedId === 0; n++) {
      const post = await create('threads', { status: 'AUTOPUBLISHING' });
      if (publishOutcome('threads', post.body.id).status === 'FAILED') failedId = post.body.id;
    }
    expect(failedId).toBeGreaterThan(0);
    publishDue(sb.sandbox.db, new Date(hoursFrom(now, 5)));
    expect((await read('threads', failedId)).status).toBe('FAILED');
    const retried = await sb.call('PATCH', `${base('threads')}/${failedId}`, { body: { status: 'DRAFT' } });
    expect(retried.body).toMatchObject({ status: 'DRAFT', auto_publish_error: null });
  });
});
