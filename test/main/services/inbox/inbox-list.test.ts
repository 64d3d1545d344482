import { afterAll, describe, expect, it } from 'vitest';
import type { InboxFilterInput } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { serviceGet, serviceList, servicePost } from './service-reads.ts';

/** The inbox's reads through the contract, each checked against the sandbox's own answer. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const brands = [101, 102, 103];
const BRANDS = 'brand_ids=101,102,103';
const total = (await serviceList(sandbox, `${BRANDS}&limit=0`)).paging.count;

/**
 * Each filter, and the query the service should get for it, written out by hand (not by the code
 * under test). Every case must match some interactions and fewer than all (sort and range aside),
 * so a filter that is dropped or mistranslated cannot pass.
 */
const cases: [string, InboxFilterInput, string][] = [
  ['no filter', {}, 'sort=-SOURCE_UPDATED_AT'],
  ['types', { types: ['TIKTOK_COMMENT', 'YOUTUBE_COMMENT'] }, 'types=TIKTOK_COMMENT,YOUTUBE_COMMENT'],
  ['two tags (all of them)', { tagIds: [5, 10] }, 'tag_ids=5,10'],
  ['unread', { read: false }, 'is_read=false'],
  ['read', { read: true }, 'is_read=true'],
  ['archived', { archived: true }, 'is_archived=true'],
  ['follow-up', { followUp: true }, 'is_follow_up=true'],
  ['positive', { sentiment: 'positive' }, 'is_positive=true'],
  ['negative', { sentiment: 'negative' }, 'is_negative=true'],
  ['neutral', { sentiment: 'neutral' }, 'is_neutral=true'],
  ['question', { question: true }, 'is_question=true'],
  ['assignee', { assigneeId: 7 }, 'assignee_id=7'],
  ['ticket', { ticketId: '40283' }, 'ticket_id=40283'],
  ['media', { mediaIds: [50155] }, 'media_ids=50155'],
  ['free text', { text: 'collection' }, 'query=collection'],
  [
    'keyword list',
    { text: 'refund, collection', keywordList: true },
    'query=refund,%20collection&multiple_keywords=true',
  ],
  ['must include text', { mustIncludeText: true }, 'must_include_text=true'],
  [
    'date range',
    { from: '2026-11-01T00:00:00Z', to: '2026-11-20T00:00:00Z' },
    'source_updated_after=2026-11-01T00:00:00Z&source_updated_before=2026-11-20T00:00:00Z',
  ],
  [
    'date range on message dates',
    {
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-20T00:00:00Z',
      messageDates: true,
      types: ['FACEBOOK_CONVERSATION'],
    },
    'types=FACEBOOK_CONVERSATION&source_updated_after=2026-11-01T00:00:00Z&source_updated_before=2026-11-20T00:00:00Z&filter_messages_by_date=true',
  ],
  ['oldest first', { sort: 'SOURCE_UPDATED_AT' }, 'sort=SOURCE_UPDATED_AT'],
  ['relevance', { text: 'love', sort: 'RELEVANCE' }, 'query=love&sort=RELEVANCE'],
  [
    'several at once',
    { types: ['INSTAGRAM_COMMENT'], read: false, sentiment: 'negative' },
    'types=INSTAGRAM_COMMENT&is_read=false&is_negative=true',
  ],
];

describe('inbox:list maps each filter to the service query', () => {
  it.each(cases)('%s', async (_name, filter, query) => {
    const answer = valueOf(
      await app.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit: 100 }),
    );
    const sort = query.includes('sort=') ? '' : '&sort=-SOURCE_UPDATED_AT';
    const expected = await serviceList(sandbox, `${BRANDS}&${query}${sort}&limit=100`);
    expect(answer.count).toBe(expected.paging.count);
    expect(answer.items.map((item) => item.id)).toEqual(expected.data.map((item) => item.id));
    expect(answer.count).toBeGreaterThan(0);
    const narrows = Object.keys(filter).some((key) => key !== 'sort');
    if (narrows) expect(answer.count).toBeLessThan(total);
  });

  it('reads a range across the service pages of 100', async () => {
    const answer = valueOf(
      await app.call('inbox:list', { query: { brandIds: brands, filter: {} }, offset: 150, limit: 120 }),
    );
    const first = await serviceList(sandbox, `${BRANDS}&sort=-SOURCE_UPDATED_AT&offset=150&limit=100`);
    const second = await serviceList(sandbox, `${BRANDS}&sort=-SOURCE_UPDATED_AT&offset=250&limit=20`);
    expect(answer.items.map((item) => item.id)).toEqual([...first.data, ...second.data].map((i) => i.id));
    expect(answer.count).toBe(total);
    const pages = app.requests.filter(
      (r) => r.includes('/community_interactions?') && r.includes('offset=1'),
    );
    expect(pages.some((r) => r.includes('limit=100'))).toBe(true);
  });

  it('sends the brands as brand_ids only', async () => {
    valueOf(
      await app.call('inbox:list', {
        query: { brandIds: [102], filter: { read: true } },
        offset: 0,
        limit: 5,
      }),
    );
    const sent = app.requests.filter((r) => r.includes('/community_interactions?')).at(-1)!;
    const params = new URLSearchParams(sent.split('?')[1]);
    expect(params.get('brand_ids')).toBe('102');
    expect(params.has('brand_id')).toBe(false);
  });
});

describe('inbox:get and inbox:thread', () => {
  it('gets one interaction of the chosen brands, and null for one outside them', async () => {
    const [sample] = (await serviceList(sandbox, `brand_ids=102&types=INSTAGRAM_COMMENT&limit=1`)).data;
    const got = valueOf(await app.call('inbox:get', { brandIds: brands, id: sample!.id }));
    expect(got).toMatchObject({ id: sample!.id, brand_id: 102, type: 'INSTAGRAM_COMMENT' });
    expect(valueOf(await app.call('inbox:get', { brandIds: [101], id: sample!.id }))).toBeNull();
  });

  it('answers a TikTok comment with its replies as the service has them', async () => {
    const threads = await serviceList(sandbox, `${BRANDS}&types=TIKTOK_COMMENT&limit=100`);
    const withReplies = [];
    for (const item of threads.data) {
      const thread = await serviceGet<{ replies?: unknown[] }>(sandbox, `tiktok_comments/${item.id}`);
      if ((thread.replies?.length ?? 0) > 0) withReplies.push({ id: item.id, thread });
      if (withReplies.length > 0) break;
    }
    const [{ id, thread }] = withReplies as [{ id: number; thread: { replies: { id: number }[] } }];
    const answer = valueOf(await app.call('inbox:thread', { id }));
    expect(answer.id).toBe(id);
    expect(answer.replies?.map((reply) => reply.id)).toEqual(thread.replies.map((reply) => reply.id));
  });

  it('answers not_found for a thread that is not a TikTok comment', async () => {
    const [other] = (await serviceList(sandbox, `${BRANDS}&types=YOUTUBE_COMMENT&limit=1`)).data;
    expect(await app.call('inbox:thread', { id: other!.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('inbox:unread-counts and inbox:overview', () => {
  it('counts unread ones per type (ads comments too), per brand and in all, as op 18 answers', async () => {
    const counts = valueOf(await app.call('inbox:unread-counts', { brandIds: brands }));
    const sent = app.requests.filter((r) => r.includes('unread_interaction_counts'));
    expect(sent).toHaveLength(1);
    const { data } = await servicePost<{
      data: { total: number; by_type: Record<string, number>; by_brand: Record<string, number> };
    }>(sandbox, 'community_interactions/unread_interaction_counts', {
      brand_ids: brands,
      types:
        'COMMUNITY_INTERACTION,FACEBOOK_COMMENT,FACEBOOK_CONVERSATION,INSTAGRAM_COMMENT,INSTAGRAM_CONVERSATION,TIKTOK_COMMENT,TWITTER_CONVERSATION,TWITTER_MENTION,TWITTER_QUOTE,TWITTER_RETWEET,YOUTUBE_COMMENT,FACEBOOK_ADS_COMMENT,INSTAGRAM_ADS_COMMENT',
    });
    expect(counts).toEqual({ total: data.total, byType: data.by_type, byBrand: data.by_brand });
    expect(Object.keys(counts.byType)).toEqual(
      expect.arrayContaining(['TIKTOK_COMMENT', 'FACEBOOK_ADS_COMMENT']),
    );
    expect(counts.total).toBeGreaterThan(0);
    // A type's count is the list's own count of its unread, unarchived ones.
    const tiktok = await serviceList(
      sandbox,
      `${BRANDS}&types=TIKTOK_COMMENT&is_read=false&is_archived=false&limit=0`,
    );
    expect(counts.byType.TIKTOK_COMMENT).toBe(tiktok.paging.count);
  });

  it('narrows the counts to a range', async () => {
    const all = valueOf(await app.call('inbox:unread-counts', { brandIds: brands }));
    const range = { from: '2026-11-20T00:00:00Z', to: '2026-11-23T00:00:00Z' };
    const some = valueOf(await app.call('inbox:unread-counts', { brandIds: brands, ...range }));
    expect(some.total).toBeGreaterThan(0);
    expect(some.total).toBeLessThan(all.total);
    const listed = await serviceList(
      sandbox,
      `${BRANDS}&is_read=false&is_archived=false&source_updated_after=${range.from}&source_updated_before=${range.to}&limit=0`,
    );
    expect(some.total).toBe(listed.paging.count);
  });

  it('maps the overview stats', async () => {
    const overview = valueOf(await app.call('inbox:overview', { brandIds: brands }));
    const { data } = await serviceGet<{ data: Record<string, number | null> }>(
      sandbox,
      `overview_stats?${BRANDS}`,
    );
    expect(overview).toEqual({
      unreadCount: data.unread_count,
      followUpCount: data.follow_up_count,
      totalCount: data.total_count,
      averageResponseTime: data.average_response_time,
    });
    expect(overview.totalCount).toBe(total);
  });
});
