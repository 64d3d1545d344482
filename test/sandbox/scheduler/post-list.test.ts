import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorObjectSchema,
  postStatuses,
  scheduledPostListSchemas,
  scheduledPostListSorts,
  schedulerChannels,
  type SchedulerChannel,
} from '../../../src/shared/domain/index.ts';
import { startSchedulerSandbox } from './scheduler-sandbox.ts';
import type { TestSandbox } from '../helpers.ts';

type Post = Record<string, unknown> & { id: number; brand_id: number; status: string };

/** GET /{channel}/scheduled_posts with every parameter of conventions §6. */
describe('scheduler: scheduled post list', () => {
  let sb: TestSandbox;
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    sb = await startSchedulerSandbox({ now, rateLimit: 100_000 });
  });
  afterAll(() => sb.close());

  const brands = () => sb.brands.join(',');
  async function list(
    channel: SchedulerChannel,
    query: Record<string, string | number | boolean>,
    token?: string,
  ) {
    const result = await sb.call('GET', `/scheduler/${channel}/scheduled_posts`, {
      query: { limit: 1000, ...query },
      token,
    });
    expect(result.status, result.text).toBe(200);
    return scheduledPostListSchemas[channel].parse(result.body) as {
      data: Post[];
      paging: { count: number; next: string | null; previous: string | null };
    };
  }
  async function fails(
    channel: SchedulerChannel,
    query: Record<string, string | number>,
    status: number,
    token?: string,
  ) {
    const result = await sb.call('GET', `/scheduler/${channel}/scheduled_posts`, { query, token });
    expect(result.status).toBe(status);
    return errorObjectSchema.parse(result.body);
  }

  it('seeds posts on every channel, for every brand and in every resting status', async () => {
    const statuses = new Set<string>();
    for (const channel of schedulerChannels) {
      const all = await list(channel, {}, sb.sandbox.tokens.application);
      expect(all.paging.count).toBeGreaterThanOrEqual(30);
      for (const post of all.data) statuses.add(post.status);
      expect(new Set(all.data.map((post) => post.brand_id))).toEqual(new Set(sb.brands));
    }
    expect([...statuses].sort()).toEqual(postStatuses.filter((status) => status !== 'AUTOPUBLISHING').sort());
  });

  it('walks pages with next links: exactly count distinct posts, previous on every later page', async () => {
    const first = await list('twitter', { brand_ids: brands(), limit: 7 });
    const seen = new Set<number>();
    let page = first;
    let pages = 0;
    for (;;) {
      pages += 1;
      for (const post of page.data) seen.add(post.id);
      if (pages > 1) expect(page.paging.previous).not.toBeNull();
      if (!page.paging.next) break;
      const next = await sb.call('GET', page.paging.next);
      page = scheduledPostListSchemas.twitter.parse(next.body) as typeof page;
    }
    expect(first.paging.previous).toBeNull();
    expect(seen.size).toBe(first.paging.count);
    expect(pages).toBe(Math.ceil(first.paging.count / 7));
    const empty = await list('twitter', { brand_ids: brands(), limit: 0 });
    expect(empty.data).toEqual([]);
    expect(empty.paging.count).toBe(first.paging.count);
  });

  it('needs brand_id or brand_ids from a normal user (422); an application user gets all its brands', async () => {
    const error = await fails('threads', {}, 422);
    expect(Object.keys(error.errors)).toEqual(expect.arrayContaining(['brand_id', 'brand_ids']));
    const all = await list('threads', {}, sb.sandbox.tokens.application);
    expect(all.data.every((post) => sb.brands.includes(post.brand_id))).toBe(true);
    const one = await list('threads', { brand_id: sb.brands[0]! });
    expect(one.data.length).toBeGreaterThan(0);
    expect(one.data.every((post) => post.brand_id === sb.brands[0])).toBe(true);
    const two = await list('threads', { brand_ids: `${sb.brands[1]},${sb.brands[2]}` });
    expect(new Set(two.data.map((post) => post.brand_id))).toEqual(new Set([sb.brands[1], sb.brands[2]]));
  });

  it('answers 422 for bad parameters and 403 for an unreachable brand', async () => {
    await fails('threads', { brand_ids: Array.from({ length: 11 }, (_, n) => n + 1).join(',') }, 422);
    await fails('threads', { brand_ids: '' }, 422);
    await fails('threads', { brand_id: sb.brands[0]!, limit: 1001 }, 422);
    await fails('threads', { brand_id: sb.brands[0]!, offset: -1 }, 422);
    await fails('threads', { brand_id: sb.brands[0]!, status: 'DONE' }, 422);
    await fails('threads', { brand_id: sb.brands[0]!, sort: 'NAME' }, 422);
    await fails('threads', { brand_id: sb.brands[0]!, start_date: '2025-13-01' }, 422);
    await fails('threads', { brand_id: sb.brands[0]!, colour: 'red' }, 422);
    await fails('threads', { brand_id: sb.sandbox.foreignBrand }, 403);
    await fails('threads', { brand_ids: `${sb.brands[0]},${sb.sandbox.foreignBrand}` }, 403);
  });

  it('filters by status, has_scheduled_time and source_ids', async () => {
    for (const status of ['POSTED', 'SCHEDULED', 'DRAFT', 'FAILED'] as const) {
      const page = await list('instagram', { brand_ids: brands(), status });
      expect(page.data.length).toBeGreaterThan(0);
      expect(page.data.every((post) => post.status === status)).toBe(true);
    }
    for (const flag of [true, false]) {
      const page = await list('linkedin', { brand_ids: brands(), has_scheduled_time: flag });
      expect(page.data.length).toBeGreaterThan(0);
      expect(page.data.every((post) => post.has_scheduled_time === flag)).toBe(true);
      if (!flag) expect(page.data.every((post) => post.timestamp === null)).toBe(true);
    }
    const withSource = (await list('linkedin', { brand_ids: brands() })).data.filter(
      (post) => post.source_id,
    );
    const wanted = withSource.slice(0, 2).map((post) => post.source_id as string);
    const found = await list('linkedin', {
      brand_ids: brands(),
      source_ids: `${wanted.join(',')},never-sent`,
    });
    expect(found.data.map((post) => post.source_id).sort()).toEqual([...wanted].sort());
  });

  it('bounds timestamp with start_date and end_date (a date covers its whole day)', async () => {
    const page = await list('threads', {
      brand_ids: brands(),
      start_date: '2025-05-01',
      end_date: '2025-05-31',
    });
    expect(page.data.length).toBeGreaterThan(0);
    for (const post of page.data) {
      const at = Date.parse(post.timestamp as string);
      expect(at).toBeGreaterThanOrEqual(Date.parse('2025-05-01T00:00:00Z'));
      expect(at).toBeLessThan(Date.parse('2025-06-01T00:00:00Z'));
    }
    const all = await list('threads', { brand_ids: brands() });
    const inRange = all.data.filter((post) => {
      const at = post.timestamp ? Date.parse(post.timestamp as string) : Number.NaN;
      return at >= Date.parse('2025-05-01T00:00:00Z') && at < Date.parse('2025-06-01T00:00:00Z');
    });
    expect(page.paging.count).toBe(inRange.length);
    const exact = await list('threads', {
      brand_ids: brands(),
      start_date: '2025-05-10T00:00:00+02:00',
      end_date: '2025-05-20T12:00:00Z',
    });
    for (const post of exact.data) {
      const at = Date.parse(post.timestamp as string);
      expect(at).toBeGreaterThanOrEqual(Date.parse('2025-05-09T22:00:00Z'));
      expect(at).toBeLessThanOrEqual(Date.parse('2025-05-20T12:00:00Z'));
    }
  });

  it('orders by every sort value, posts without a value last', async () => {
    const keyOf: Record<string, (post: Post) => number | null> = {
      TIMESTAMP: (post) => (post.timestamp ? Date.parse(post.timestamp as string) : null),
      UPDATED_AT: (post) => Date.parse(post.updated_at as string),
      SORT_INDEX: (post) => (typeof post.sort_index === 'number' ? post.sort_index : null),
    };
    for (const sort of scheduledPostListSorts) {
      const descending = sort.startsWith('-');
      const key = keyOf[sort.replace('-', '')]!;
      const page = await list('snapchat', { brand_ids: brands(), sort });
      const values = page.data.map(key);
      const present = values.filter((value): value is number => value !== null);
      const firstNull = values.indexOf(null);
      if (firstNull >= 0) expect(values.slice(firstNull).every((value) => value === null)).toBe(true);
      const expected = [...present].sort((a, b) => (descending ? b - a : a - b));
      expect(present, sort).toEqual(expected);
    }
  });

  it('resolves media objects with resolve_references, on the list and on a single read', async () => {
    const plain = await list('instagram', { brand_id: sb.brands[0]!, limit: 5 });
    expect(plain.data.every((post) => post.media === undefined)).toBe(true);
    const resolved = await list('instagram', { brand_id: sb.brands[0]!, limit: 5, resolve_references: true });
    for (const post of resolved.data) {
      const media = post.media as { id: number; url: string }[];
      expect(media.map((item) => item.id)).toEqual(post.media_ids);
      expect(media.every((item) => item.url.startsWith('https://'))).toBe(true);
    }
    const id = resolved.data[0]!.id;
    const single = await sb.call('GET', `/scheduler/instagram/scheduled_posts/${id}`, {
      query: { resolve_references: true },
    });
    expect((single.body.media as unknown[]).length).toBe((single.body.media_ids as unknown[]).length);
    expect(
      (
        await sb.call('GET', `/scheduler/instagram/scheduled_posts/${id}`, {
          query: { resolve_references: 'yes' },
        })
      ).status,
    ).toBe(422);
  });

  it('seeds the same posts from the same seed, different ones from another seed', async () => {
    const again = await startSchedulerSandbox({ now });
    const other = await startSchedulerSandbox({ now, seed: 2 });
    try {
      const query = { brand_ids: brands(), limit: 1000 };
      const mine = (await sb.call('GET', '/scheduler/twitter/scheduled_posts', { query })).body;
      const same = (await again.call('GET', '/scheduler/twitter/scheduled_posts', { query })).body;
      const different = (await other.call('GET', '/scheduler/twitter/scheduled_posts', { query })).body;
      expect(same).toEqual(mine);
      expect(different.data.map((post: Post) => post.status)).not.toEqual(
        mine.data.map((post: Post) => post.status),
      );
    } finally {
      await again.close();
      await other.close();
    }
  });
});
