import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communityInteractionListSchema,
  communityInteractionSchema,
  errorObjectSchema,
  interactionTypes,
} from '../../../src/shared/domain/index.ts';
import type { TestSandbox } from '../helpers.ts';
import { searchableTexts, startCommunitySandbox } from './community-sandbox.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- items are checked with the shared schema first
type Item = Record<string, any> & { id: number; brand_id: number; type: string };
type Query = Record<string, string | number | boolean>;

/**
 * Op 16, GET /community_interactions: every filter is checked against the whole brand, walked
 * page by page without filters, so each answer must be exactly the set the filter describes.
 */
describe('community: interactions list', () => {
  let sb: TestSandbox;
  let brand: number;
  let everything: Item[];
  const now = '2025-06-01T12:00:00Z';

  beforeAll(async () => {
    sb = await startCommunitySandbox({ now, rateLimit: 100_000 });
    brand = sb.brands[0]!;
    everything = await walk({});
  });
  afterAll(() => sb.close());

  async function page(query: Query) {
    const result = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: brand, ...query },
    });
    expect(result.status, result.text).toBe(200);
    return communityInteractionListSchema.parse(result.body);
  }
  /** Every item of a query, following `next` links; checks count, offsets and distinct ids. */
  async function walk(query: Query): Promise<Item[]> {
    let current = await page({ limit: 100, ...query });
    const items: Item[] = [];
    for (;;) {
      expect(current.paging.offset).toBe(items.length);
      items.push(...(current.data as Item[]));
      if (!current.paging.next) break;
      const next = await sb.call('GET', current.paging.next);
      current = communityInteractionListSchema.parse(next.body);
    }
    expect(items.length).toBe(current.paging.count);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    return items;
  }
  const ids = (items: Item[]) => items.map((item) => item.id).sort((a, b) => a - b);
  async function expectFilter(query: Query, keep: (item: Item) => boolean) {
    const expected = everything.filter(keep);
    expect(expected.length, `no seeded item for ${JSON.stringify(query)}`).toBeGreaterThan(0);
    expect(ids(await walk(query)), JSON.stringify(query)).toEqual(ids(expected));
  }
  const tokens = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const ms = (iso: string) => Date.parse(iso);

  it('answers every interaction type in its own shape, flags, tags, tickets and sentiment included', async () => {
    for (const item of everything) communityInteractionSchema.parse(item);
    expect(new Set(everything.map((item) => item.type))).toEqual(new Set(interactionTypes));
    expect(everything.every((item) => item.brand_id === brand)).toBe(true);
    expect(everything.filter((item) => item.type === 'TIKTOK_COMMENT').length).toBeGreaterThan(200);
    const tiktok = everything.filter((item) => item.type === 'TIKTOK_COMMENT');
    expect(tiktok.some((item) => item.replies.length > 0 && item.brand_user_reply)).toBe(true);
    expect(tiktok.every((item) => item.comment_count === item.replies.length)).toBe(true);
    expect(everything.some((item) => item.tag_ids.length >= 2)).toBe(true);
    expect(everything.some((item) => item.tickets.length > 0)).toBe(true);
    expect(everything.some((item) => item.assignee_id !== null)).toBe(true);
    for (const flag of ['is_read', 'is_archived', 'is_follow_up'])
      expect(new Set(everything.map((item) => item[flag]))).toEqual(new Set([true, false]));
    const conversations = everything.filter((item) => item.type.endsWith('_CONVERSATION'));
    expect(conversations.every((item) => item.messages.length >= 2)).toBe(true);
    const months = new Set(everything.map((item) => String(item.source_updated_at).slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);
  });

  it('pages with limit and offset; limit=0 gives the count only', async () => {
    const first = await page({ limit: 10 });
    expect(first.paging).toMatchObject({ count: everything.length, offset: 0, previous: null });
    const third = await page({ limit: 10, offset: 20 });
    expect(third.paging.offset).toBe(20);
    expect(third.paging.previous).toContain('offset=10');
    expect(ids(third.data as Item[])).toEqual(ids(everything.slice(20, 30)));
    const none = await page({ limit: 0 });
    expect(none.data).toEqual([]);
    expect(none.paging.count).toBe(everything.length);
    expect((await page({})).data).toHaveLength(50);
  });

  it('filters by types, ads comments included in their type', async () => {
    await expectFilter({ types: 'TIKTOK_COMMENT,TWITTER_MENTION' }, (item) =>
      ['TIKTOK_COMMENT', 'TWITTER_MENTION'].includes(item.type),
    );
    await expectFilter(
      { types: 'FACEBOOK_ADS_COMMENT' },
      (item) => item.type === 'FACEBOOK_COMMENT' && item.is_ad_comment === true,
    );
    await expectFilter(
      { types: 'INSTAGRAM_ADS_COMMENT,YOUTUBE_COMMENT' },
      (item) =>
        (item.type === 'INSTAGRAM_COMMENT' && item.is_ad_comment === true) || item.type === 'YOUTUBE_COMMENT',
    );
  });

  it('filters by tags with AND', async () => {
    const pair = everything.find((item) => item.tag_ids.length >= 2)!.tag_ids.slice(0, 2) as number[];
    await expectFilter({ tag_ids: pair.join(',') }, (item) =>
      pair.every((tag) => item.tag_ids.includes(tag)),
    );
    await expectFilter({ tag_ids: String(pair[0]) }, (item) => item.tag_ids.includes(pair[0]));
  });

  it('filters by the read, archived and follow-up flags and by sentiment', async () => {
    for (const flag of ['is_read', 'is_archived', 'is_follow_up'])
      for (const value of [true, false])
        await expectFilter({ [flag]: value }, (item) => item[flag] === value);
    await expectFilter({ is_positive: true }, (item) => item.sentiment.is_positive);
    await expectFilter(
      { is_negative: true, is_question: true },
      (item) => item.sentiment.is_negative && item.sentiment.is_question,
    );
    await expectFilter({ is_neutral: false }, (item) => !item.sentiment.is_neutral);
    // Two sentiment classes at once: either one (they exclude each other, so AND would be empty).
    await expectFilter(
      { is_positive: true, is_negative: true },
      (item) => item.sentiment.is_positive || item.sentiment.is_negative,
    );
  });

  it('filters by source-updated bounds: after inclusive, before exclusive', async () => {
    const after = '2025-03-01T00:00:00Z';
    const before = '2025-04-15T12:00:00+02:00';
    await expectFilter({ source_updated_after: after }, (item) => ms(item.source_updated_at) >= ms(after));
    await expectFilter(
      { source_updated_after: after, source_updated_before: before },
      (item) => ms(item.source_updated_at) >= ms(after) && ms(item.source_updated_at) < ms(before),
    );
    const exact = everything[5]!.source_updated_at as string;
    const hit = await walk({
      source_updated_after: exact,
      source_updated_before: new Date(ms(exact) + 1000).toISOString(),
    });
    expect(hit.map((item) => item.id)).toContain(everything[5]!.id);
  });

  it('applies the bounds to single messages with filter_messages_by_date', async () => {
    const after = '2025-02-01T00:00:00Z';
    const before = '2025-02-03T00:00:00Z';
    const timesOf = (item: Item): number[] => {
      if (Array.isArray(item.messages)) return item.messages.map((message: Item) => ms(message.created_at));
      if (item.type === 'TIKTOK_COMMENT')
        return [ms(item.created_at), ...item.replies.map((reply: Item) => ms(reply.created_at))];
      return [ms(item.source_updated_at)];
    };
    const inside = (time: number) => time >= ms(after) && time < ms(before);
    await expectFilter(
      { source_updated_after: after, source_updated_before: before, filter_messages_by_date: true },
      (item) => timesOf(item).some(inside),
    );
    // Some conversation qualifies by an earlier message although it was updated later.
    const byMessage = everything.filter(
      (item) => timesOf(item).some(inside) && !inside(ms(item.source_updated_at)),
    );
    expect(byMessage.length).toBeGreaterThan(0);
    // With a text, the matching message itself must lie in the range.
    const word = 'refund';
    const wide = {
      source_updated_after: '2025-01-01T00:00:00Z',
      source_updated_before: '2025-02-15T00:00:00Z',
    };
    const inWide = (time: number) =>
      time >= ms(wide.source_updated_after) && time < ms(wide.source_updated_before);
    await expectFilter({ query: word, ...wide, filter_messages_by_date: true }, (item) => {
      const texts: [string, number][] = Array.isArray(item.messages)
        ? item.messages.map((message: Item) => [message.text, ms(message.created_at)])
        : item.type === 'TIKTOK_COMMENT'
          ? [
              [item.text, ms(item.created_at)],
              ...item.replies.map((reply: Item) => [reply.text, ms(reply.created_at)]),
            ]
          : [[item.text ?? '', ms(item.source_updated_at)]];
      return texts.some(
        ([text, time]) => inWide(time) && tokens(text.toLowerCase()).some((token) => token.startsWith(word)),
      );
    });
  });

  it('searches free text (every word, as a word prefix) and keyword lists (any keyword)', async () => {
    const has = (item: Item, word: string) =>
      searchableTexts(item).some((text) => tokens(text).some((token) => token.startsWith(word)));
    await expectFilter({ query: 'Refund' }, (item) => has(item, 'refund'));
    await expectFilter({ query: 'broken shipping' }, (item) =>
      searchableTexts(item).some((text) =>
        ['broken', 'shipping'].every((word) => tokens(text).some((token) => token.startsWith(word))),
      ),
    );
    const phrase = (item: Item, first: string, second: string) =>
      searchableTexts(item).some((text) => {
        const list = tokens(text);
        return list.some((token, index) => token === first && (list[index + 1] ?? '').startsWith(second));
      });
    await expectFilter(
      { query: 'giveaway, water bottle', multiple_keywords: true },
      (item) => has(item, 'giveaway') || phrase(item, 'water', 'bottle'),
    );
    const found = await page({ query: 'refund', limit: 20 });
    for (const item of found.data) expect(item.search_result_snippet?.toLowerCase()).toContain('refund');
    expect((await page({ query: '!!!' })).paging.count).toBe(0);
  });

  it('filters by media, ticket, assignee, id and text presence', async () => {
    const media = everything.find((item) => item.type === 'INSTAGRAM_COMMENT')!.media_id as number;
    const other = everything.find((item) => item.type === 'TIKTOK_COMMENT')!.media_id as number;
    await expectFilter(
      { media_ids: `${media},${other}` },
      (item) => item.media_id === media || item.media_id === other,
    );
    const tickets = everything
      .filter((item) => item.tickets.length > 0)
      .slice(0, 2)
      .map((item) => item.tickets[0].source_id as string);
    await expectFilter({ ticket_id: tickets.join(',') }, (item) =>
      item.tickets.some((ticket: Item) => tickets.includes(ticket.source_id)),
    );
    const assignee = everything.find((item) => item.assignee_id !== null)!.assignee_id as number;
    await expectFilter({ assignee_id: assignee }, (item) => item.assignee_id === assignee);
    await expectFilter({ id: everything[3]!.id }, (item) => item.id === everything[3]!.id);
    await expectFilter({ must_include_text: true }, (item) => searchableTexts(item).length > 0);
    expect(everything.some((item) => searchableTexts(item).length === 0)).toBe(true);
  });

  it('combines filters with AND', async () => {
    await expectFilter(
      {
        types: 'TIKTOK_COMMENT',
        is_read: false,
        is_negative: true,
        source_updated_after: '2025-01-01T00:00:00Z',
      },
      (item) =>
        item.type === 'TIKTOK_COMMENT' &&
        !item.is_read &&
        item.sentiment.is_negative &&
        ms(item.source_updated_at) >= ms('2025-01-01T00:00:00Z'),
    );
  });

  it('sorts newest first by default, oldest first, by stable sample, and by relevance', async () => {
    const times = (items: Item[]) => items.map((item) => ms(item.source_updated_at));
    const newest = times(everything);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const oldest = await walk({ sort: 'SOURCE_UPDATED_AT' });
    expect(times(oldest)).toEqual([...newest].sort((a, b) => a - b));
    const sample = await walk({ sort: 'SAMPLE' });
    expect(ids(sample)).toEqual(ids(everything));
    expect(sample.map((item) => item.id)).not.toEqual(everything.map((item) => item.id));
    expect((await walk({ sort: 'SAMPLE' })).map((item) => item.id)).toEqual(sample.map((item) => item.id));
    const relevant = await walk({ sort: 'RELEVANCE', query: 'love' });
    expect(ids(relevant)).toEqual(ids(await walk({ query: 'love' })));
    // Several brands: still one order across them.
    const mixed = await sb.call('GET', '/community/community_interactions', {
      query: { brand_ids: sb.brands.join(','), limit: 100 },
    });
    const mixedTimes = times(mixed.body.data);
    expect(new Set(mixed.body.data.map((item: Item) => item.brand_id)).size).toBeGreaterThan(1);
    expect(mixedTimes).toEqual([...mixedTimes].sort((a, b) => b - a));
  });

  it('answers 422 for bad parameters, 403 for another brand, 400 for brand_id, 401 without a token', async () => {
    const fails = async (query: Query, status: number, field?: string) => {
      const result = await sb.call('GET', '/community/community_interactions', { query });
      expect(result.status, JSON.stringify(query)).toBe(status);
      const error = errorObjectSchema.parse(result.body);
      if (field)
        expect(Object.keys(error.errors).some((key) => key === field || key.startsWith(`${field}.`))).toBe(
          true,
        );
    };
    await fails({ brand_ids: brand, limit: 101 }, 422, 'limit');
    await fails({ brand_ids: brand, offset: -1 }, 422, 'offset');
    await fails({ brand_ids: brand, types: 'FACEBOOK_POST' }, 422, 'types');
    await fails({ brand_ids: brand, sort: 'NEWEST' }, 422, 'sort');
    await fails({ brand_ids: brand, is_read: 'yes' }, 422, 'is_read');
    await fails({ brand_ids: brand, source_updated_after: '2025-01-01' }, 422, 'source_updated_after');
    await fails({ brand_ids: brand, tag_ids: 'x' }, 422, 'tag_ids');
    await fails({ brand_ids: brand, page: 2 }, 422, 'page');
    await fails({}, 422, 'brand_ids');
    await fails({ brand_ids: `${brand},${sb.sandbox.foreignBrand}` }, 403);
    await fails({ brand_id: brand }, 400, 'brand_id');
    const anonymous = await sb.call('GET', '/community/community_interactions', {
      token: null,
      query: { brand_ids: brand },
    });
    expect(anonymous.status).toBe(401);
  });
});
