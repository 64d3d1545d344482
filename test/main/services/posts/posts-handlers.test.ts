import { afterAll, describe, expect, it } from 'vitest';
import type { CallInput, PostView } from '../../../../src/shared/contract/index.ts';
import { schedulerChannels, type SchedulerChannel } from '../../../../src/shared/domain/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

// The sandbox's clock stands still: which posts are "in the future" never changes under a test.
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const brandIds = [101, 102, 103];
const day = 86_400_000;
const now = sandbox.clock.now().getTime();

interface ServicePost {
  id: number;
  status: string;
  timestamp: string | null;
  sort_index: number | null;
}

/** The sandbox's own answer for one channel, read without the app. */
async function servicePosts(channel: SchedulerChannel, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ brand_ids: brandIds.join(','), limit: '1000', ...query });
  const response = await fetch(`${sandbox.urls.scheduler}/${channel}/scheduled_posts?${params}`, {
    headers: { authorization: `Bearer ${sandbox.tokens.user}` },
  });
  return ((await response.json()) as { data: ServicePost[] }).data;
}

async function serviceGet(channel: SchedulerChannel, id: number) {
  return fetch(`${sandbox.urls.scheduler}/${channel}/scheduled_posts/${id}`, {
    headers: { authorization: `Bearer ${sandbox.tokens.user}` },
  });
}

const keyOf = (p: Pick<PostView, 'channel' | 'id'>) => `${p.channel}:${p.id}`;

async function listAll(query: CallInput<'posts:list'>) {
  return valueOf(await app.call('posts:list', query));
}

describe('posts:list over every channel', () => {
  // Whole seconds, as the service takes them (the app sends any ISO time; main rounds it).
  const from = new Date(now - 30 * day).toISOString().replace(/\.\d+Z$/, 'Z');
  const to = new Date(now + 30 * day).toISOString().replace(/\.\d+Z$/, 'Z');

  // The service's end_date is inclusive; the app's `to` is not.
  const lastSecond = new Date(Date.parse(to) - 1000).toISOString().replace(/\.\d+Z$/, 'Z');

  it('merges the channels of a date range in publish-time order, as the service has them', async () => {
    const { count, items } = await listAll({ query: { brandIds, from, to }, limit: 500 });
    const expected = (
      await Promise.all(
        schedulerChannels.map(async (channel) =>
          (await servicePosts(channel, { start_date: from, end_date: lastSecond })).map((p) => ({
            ...p,
            channel,
          })),
        ),
      )
    ).flat();
    expect(expected.length).toBeGreaterThan(20);
    expect(count).toBe(expected.length);
    expect(items.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
    const times = items.map((p) => Date.parse(p.timestamp!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(items.map((p) => p.channel))).toEqual(new Set(schedulerChannels));
    expect(items.every((p) => Date.parse(p.timestamp!) >= Date.parse(from))).toBe(true);
  });

  it('gives the same rows page by page as in one read', async () => {
    const query = { brandIds, from, to, sort: '-TIMESTAMP' as const };
    const whole = await listAll({ query, limit: 500 });
    const pages: PostView[] = [];
    for (let offset = 0; offset < whole.count; offset += 7) {
      pages.push(...(await listAll({ query, offset, limit: 7 })).items);
    }
    expect(pages.map(keyOf)).toEqual(whole.items.map(keyOf));
  });

  it('filters by several statuses and channels at once', async () => {
    const { items, count } = await listAll({
      query: { brandIds, channels: ['twitter', 'linkedin'], statuses: ['POSTED', 'FAILED'] },
      limit: 500,
    });
    const expected = (
      await Promise.all(
        (['twitter', 'linkedin'] as const).flatMap((channel) =>
          ['POSTED', 'FAILED'].map(async (status) =>
            (await servicePosts(channel, { status })).map((p) => ({ ...p, channel })),
          ),
        ),
      )
    ).flat();
    expect(count).toBe(expected.length);
    expect(items.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
    expect(items.some((p) => p.status === 'FAILED' && p.auto_publish_error !== null)).toBe(true);
    expect(items.some((p) => p.status === 'POSTED' && p.live_post_url?.startsWith('https://'))).toBe(true);
  });

  it('lists the unscheduled posts in sort_index order', async () => {
    const { items } = await listAll({
      query: { brandIds, hasScheduledTime: false, sort: 'SORT_INDEX' },
      limit: 500,
    });
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((p) => p.timestamp === null && !p.has_scheduled_time)).toBe(true);
    const order = items.map((p) => p.sort_index!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('refuses a range that ends before it starts without asking the service', async () => {
    const before = app.requests.length;
    const answer = await app.call('posts:list', { query: { brandIds, from: to, to: from } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!answer.ok) expect(Object.keys(answer.error.fieldErrors)).toEqual(['query.to']);
    expect(app.requests.length).toBe(before);
  });
});

/** A SCHEDULED post of the sandbox, as the app lists it. */
async function scheduledPost(channel: SchedulerChannel): Promise<PostView> {
  const { items } = await listAll({
    query: { brandIds, channels: [channel], statuses: ['SCHEDULED'] },
    limit: 50,
  });
  return items.find((p) => !items.some((q) => q !== p && q.id === p.id))!;
}

describe('posts:reschedule and posts:delete', () => {
  it('moves a post to another time with a PATCH of its timestamp alone', async () => {
    const post = await scheduledPost('threads');
    const before = (await (await serviceGet('threads', post.id)).json()) as Record<string, unknown>;
    const later = new Date(Date.parse(post.timestamp!) + 2 * day + 3_600_000).toISOString();
    const moved = valueOf(
      await app.call('posts:reschedule', { channel: 'threads', id: post.id, timestamp: later }),
    );
    expect(Date.parse(moved.timestamp!)).toBe(Date.parse(later));
    const after = (await (await serviceGet('threads', post.id)).json()) as Record<string, unknown>;
    expect(Date.parse(after.timestamp as string)).toBe(Date.parse(later));
    // Nothing else changed: text, status, brand are the service's as before.
    for (const field of ['text', 'status', 'brand_id', 'media_ids', 'approval_policy']) {
      expect(after[field], field).toEqual(before[field]);
    }
    // The next list shows the new time at once, not an answer kept from before.
    const { items } = await listAll({ query: { brandIds, channels: ['threads'] }, limit: 500 });
    expect(Date.parse(items.find((p) => p.id === post.id)!.timestamp!)).toBe(Date.parse(later));
  });

  it("puts the service's refusal of a past time on the timestamp field, as a rule with the service's time", async () => {
    const post = await scheduledPost('linkedin');
    const past = new Date(now - day).toISOString();
    const answer = await app.call('posts:reschedule', { channel: 'linkedin', id: post.id, timestamp: past });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', status: 422 } });
    if (!answer.ok) {
      // The instant as data, for the renderer to say in the person's time zone; no machine time in words.
      expect(answer.error.fieldRules).toEqual([
        { field: 'timestamp', rule: 'after', bound: new Date(now).toISOString() },
      ]);
      expect(answer.error.fieldErrors.timestamp).toEqual(['Must be after the current time.']);
    }
    const kept = (await (await serviceGet('linkedin', post.id)).json()) as { timestamp: string };
    expect(Date.parse(kept.timestamp)).toBe(Date.parse(post.timestamp!));
  });

  it('deletes a post, which the service and the next list no longer have', async () => {
    const post = await scheduledPost('instagram');
    expect(valueOf(await app.call('posts:delete', { channel: 'instagram', id: post.id }))).toEqual({
      deleted: true,
    });
    expect((await serviceGet('instagram', post.id)).status).toBe(404);
    const { items } = await listAll({ query: { brandIds, channels: ['instagram'] }, limit: 500 });
    expect(items.map((p) => p.id)).not.toContain(post.id);
    const again = await app.call('posts:delete', { channel: 'instagram', id: post.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
