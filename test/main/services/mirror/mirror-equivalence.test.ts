import { afterAll, describe, expect, it } from 'vitest';
import type { InboxFilter, InboxFilterInput } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { serviceGet, serviceList } from '../inbox/service-reads.ts';

/**
 * The mirror gives the service's answers (issue 25 §1): on one seeded sandbox, every op-16 filter
 * alone and combined is asked of an app answering from its filled mirror and of one reading the
 * service (the mirror off), and both must give the same ids, in the same order, and the same
 * count. Each case must match something and (but for sorts) not everything, so a filter the
 * mirror dropped or read wrongly cannot pass.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true });
// A year: longer than the sandbox's 180 days of data, so queries without a range are covered too.
const local = await servicesOnSandbox(sandbox, { syncMirror: true, settings: { mirrorRetentionDays: 365 } });
const remote = await servicesOnSandbox(sandbox);
afterAll(async () => {
  await local.close();
  await remote.close();
});
await local.mirror.filled();
const profileId = valueOf(await local.call('accounts:list')).activeId!;

const brands = [101, 102, 103];
const BRANDS = 'brand_ids=101,102,103';
const total = (await serviceList(sandbox, `${BRANDS}&limit=0`)).paging.count;

// Values the seeded data holds, read from the service so every case matches something.
const sample = (await serviceList(sandbox, `${BRANDS}&limit=100&sort=-SOURCE_UPDATED_AT`)).data as {
  id: number;
  assignee_id?: number | null;
  tickets?: { source_id: string }[];
  media_id?: number | null;
  tag_ids?: number[];
  source_updated_at: string;
}[];
const assignee = sample.find((item) => item.assignee_id)!.assignee_id!;
const ticket = sample.find((item) => item.tickets?.length)!.tickets![0]!.source_id;
const media = sample.find((item) => item.media_id)!.media_id!;
const tagged = sample.find((item) => (item.tag_ids?.length ?? 0) >= 1)!;
const tags = await serviceGet<{ data: { id: number; brand_id: number; name: string }[] }>(
  sandbox,
  `tags?${BRANDS}`,
);
const tagName = tags.data.find((tag) => tag.id === tagged.tag_ids![0])!.name;
const recent = sample[40]!.source_updated_at;
const older = sample[90]!.source_updated_at;

const cases: [string, InboxFilterInput][] = [
  ['no filter', {}],
  ['types', { types: ['TIKTOK_COMMENT', 'YOUTUBE_COMMENT'] }],
  ['ads comments', { types: ['FACEBOOK_ADS_COMMENT', 'INSTAGRAM_ADS_COMMENT'] }],
  ['a conversation type', { types: ['INSTAGRAM_CONVERSATION'] }],
  ['tag by id', { tagIds: [tagged.tag_ids![0]!] }],
  ['tag by name in every brand', { tagNames: [tagName] }],
  ['unread', { read: false }],
  ['read', { read: true }],
  ['archived', { archived: true }],
  ['not archived', { archived: false }],
  ['follow-up', { followUp: true }],
  ['positive', { sentiment: 'positive' }],
  ['negative', { sentiment: 'negative' }],
  ['neutral', { sentiment: 'neutral' }],
  ['question', { question: true }],
  ['assignee', { assigneeId: assignee }],
  ['ticket', { ticketId: ticket }],
  ['media', { mediaIds: [media] }],
  ['free text', { text: 'collection' }],
  // Words in hundreds of rows and more: their pages are read along the time index (mirror-query.ts).
  ['a word in most rows', { text: 'the' }],
  ['a word in many rows, oldest first', { text: 'love', sort: 'SOURCE_UPDATED_AT' }],
  ['two words in one text', { text: 'love this' }],
  ['keyword list', { text: 'refund, collection', keywordList: true }],
  ['text with no word', { text: '!!!' }],
  ['must include text', { mustIncludeText: true }],
  ['date range', { from: older, to: recent }],
  ['from a date', { from: recent }],
  ['oldest first', { sort: 'SOURCE_UPDATED_AT' }],
  ['needs reply', { needsReply: true }],
  ['oldest waiting first', { sort: 'OLDEST_WAITING' }],
  ['needs reply, archived too', { needsReply: true, archived: true }],
  ['several at once', { types: ['INSTAGRAM_COMMENT'], read: false, sentiment: 'negative' }],
  [
    'search within a type, unread, oldest first',
    { text: 'order', types: ['TIKTOK_COMMENT'], read: false, sort: 'SOURCE_UPDATED_AT' },
  ],
  ['follow-up and assignee', { followUp: false, assigneeId: assignee }],
  [
    'range, type and needs reply',
    { from: older, types: ['FACEBOOK_CONVERSATION', 'TIKTOK_COMMENT'], needsReply: true },
  ],
  ['tags by name and unread', { tagNames: [tagName], read: false }],
];

async function both(filter: InboxFilterInput, offset: number, limit: number) {
  const input = { query: { brandIds: brands, filter }, offset, limit };
  const [mine, theirs] = await Promise.all([
    local.call('inbox:list', input),
    remote.call('inbox:list', input),
  ]);
  return { mine: valueOf(mine), theirs: valueOf(theirs) };
}

describe('the mirror answers every op-16 filter as the service does', () => {
  it.each(cases)('%s', async (name, filter) => {
    const parsed = { ...filter } as Parameters<typeof local.mirror.list>[2];
    // Answered from the mirror, not passed on to the service.
    expect(await local.mirror.list(profileId, brands, parsed, 0, 0)).not.toBeNull();
    for (const [offset, limit] of [
      [0, 50],
      [50, 60],
    ] as const) {
      const { mine, theirs } = await both(filter, offset, limit);
      expect(mine.count).toBe(theirs.count);
      expect(mine.items.map((item) => item.id)).toEqual(theirs.items.map((item) => item.id));
      expect(mine.items.map((item) => item.search_result_snippet)).toEqual(
        theirs.items.map((item) => item.search_result_snippet),
      );
    }
    const { mine } = await both(filter, 0, 0);
    if (name !== 'text with no word') expect(mine.count).toBeGreaterThan(0);
    else expect(mine.count).toBe(0);
    const narrows = Object.keys(filter).some((key) => key !== 'sort');
    if (narrows) expect(mine.count).toBeLessThan(total);
  });

  it('sends relevance, sample and message-date queries to the service, which alone can order or bound them', async () => {
    for (const filter of [
      { text: 'love', sort: 'RELEVANCE' },
      { sort: 'SAMPLE' },
      { from: older, to: recent, messageDates: true },
    ] as InboxFilterInput[]) {
      expect(await local.mirror.list(profileId, brands, filter as never, 0, 10)).toBeNull();
      const { mine, theirs } = await both(filter, 0, 20);
      expect(mine.items.map((item) => item.id)).toEqual(theirs.items.map((item) => item.id));
    }
  });

  it('counts unread interactions and the waiting queue as the service does', async () => {
    const scope = { brandIds: brands, from: older };
    const [mine, theirs] = await Promise.all([
      local.call('inbox:unread-counts', scope),
      remote.call('inbox:unread-counts', scope),
    ]);
    expect(valueOf(mine)).toEqual(valueOf(theirs));
    expect(valueOf(mine).total).toBeGreaterThan(0);
    const [myQueue, theirQueue] = await Promise.all([
      local.call('inbox:waiting-summary', { brandIds: brands }),
      remote.call('inbox:waiting-summary', { brandIds: brands }),
    ]);
    expect(valueOf(myQueue).count).toBe(valueOf(theirQueue).count);
    expect(valueOf(myQueue).oldest?.item.id).toBe(valueOf(theirQueue).oldest?.item.id);
  });
});

// The default 90 days, with the sandbox's 180: older rows only on the service.
const app = await servicesOnSandbox(sandbox, { syncMirror: true });
afterAll(() => app.close());
await app.mirror.filled();
const appProfile = valueOf(await app.call('accounts:list')).activeId!;

describe('with the default 90 days kept and older rows on the service', () => {
  const day = 86_400_000;
  const since = (days: number) => new Date(Date.now() - days * day).toISOString();
  const serviceCount = async (filter: InboxFilterInput) =>
    valueOf(await remote.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit: 0 }))
      .count;
  let olderCounted = 0;
  /** Whether the mirror answers this page itself (the older rows counted by the service). */
  const fromMirror = async (filter: InboxFilterInput, offset: number, limit: number) => {
    const answer = await app.mirror.list(appProfile, brands, filter as never, offset, limit, {
      countOlder: async (older) => {
        olderCounted++;
        return serviceCount(older as InboxFilterInput);
      },
    });
    return answer !== null;
  };
  async function same(filter: InboxFilterInput, offset: number, limit: number) {
    const input = { query: { brandIds: brands, filter }, offset, limit };
    const [mine, theirs] = await Promise.all([
      app.call('inbox:list', input),
      remote.call('inbox:list', input),
    ]);
    expect(valueOf(mine).count).toBe(valueOf(theirs).count);
    expect(valueOf(mine).items.map((item) => item.id)).toEqual(valueOf(theirs).items.map((item) => item.id));
  }

  const splitCases: [string, InboxFilterInput][] = [
    ['no filter (the inbox as it opens)', {}],
    ['a type', { types: ['TIKTOK_COMMENT', 'INSTAGRAM_COMMENT'] }],
    ['unread, not archived', { read: false, archived: false }],
    ['a search', { text: 'love' }],
    ['needs reply', { needsReply: true }],
    ['oldest first', { sort: 'SOURCE_UPDATED_AT' }],
    ['unread, oldest first', { read: false, sort: 'SOURCE_UPDATED_AT' }],
  ];

  it.each(splitCases)(
    '%s: the pages within the period from the mirror, the others from the service',
    async (_, filter) => {
      const total = await serviceCount(filter);
      // Rows a day inside the period are surely held; a day outside it, surely not.
      const inside = await serviceCount({ ...filter, from: since(89) });
      const outside = await serviceCount({ ...filter, from: since(91) });
      expect(inside).toBeGreaterThanOrEqual(50);
      expect(total).toBeGreaterThan(outside + 60); // older rows, past any page below
      const oldestFirst = filter.sort === 'SOURCE_UPDATED_AT';
      // The held rows are the first ones newest first, the last ones oldest first.
      const heldPages = oldestFirst
        ? [
            [total - 50, 50],
            [total - inside, 30],
          ]
        : [
            [0, 50],
            [inside - 30, 30],
          ];
      const crossing = oldestFirst ? total - outside - 10 : inside - 10;
      const olderPage = oldestFirst ? 0 : outside + 5;
      const counted = olderCounted;
      for (const [offset, limit] of heldPages) {
        expect(await fromMirror(filter, offset!, limit!)).toBe(true);
        await same(filter, offset!, limit!);
      }
      // One count of the older rows for the filter, kept for its next pages.
      expect(olderCounted).toBe(counted + 1);
      expect(await fromMirror(filter, crossing, outside - inside + 20)).toBe(false);
      await same(filter, crossing, outside - inside + 20);
      expect(await fromMirror(filter, olderPage, 50)).toBe(false);
      await same(filter, olderPage, 50);
    },
  );

  it('counts the waiting queue as the service does, walking only the rows older than the period', async () => {
    const asked = app.requests.length;
    const [mine, theirs] = await Promise.all([
      app.call('inbox:waiting-summary', { brandIds: brands }),
      remote.call('inbox:waiting-summary', { brandIds: brands }),
    ]);
    expect(valueOf(mine).count).toBe(valueOf(theirs).count);
    expect(valueOf(mine).oldest?.item.id).toBe(valueOf(theirs).oldest?.item.id);
    // Every page it read was of the older rows only (the held ones are the mirror's).
    const pages = app.requests
      .slice(asked)
      .filter((request) => request.includes('/community_interactions?') && !request.endsWith('&limit=1'));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toContain('source_updated_before=');
  });

  it('reads a first screen ahead from the mirror alone, and declines what the service would answer', async () => {
    const asked = app.requests.length;
    const filter: InboxFilterInput = { types: ['FACEBOOK_COMMENT'], archived: false };
    const ahead = valueOf(await app.call('inbox:first-screen', { brandIds: brands, filter, limit: 30 }));
    const theirs = valueOf(
      await remote.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit: 30 }),
    );
    expect(ahead?.items.map((item) => item.id)).toEqual(theirs.items.map((item) => item.id));
    // Older rows on the service: the count is the rows known so far, said as such.
    expect(ahead?.countPending).toBe(true);
    for (const declined of [
      { sort: 'OLDEST_WAITING' },
      { text: 'love', sort: 'RELEVANCE' },
    ] as InboxFilterInput[])
      expect(
        valueOf(await app.call('inbox:first-screen', { brandIds: brands, filter: declined, limit: 30 })),
      ).toBeNull();
    // None of it asked the service anything (the copy's own sync may have, meanwhile).
    const ofThese = /FACEBOOK_COMMENT|RELEVANCE|OLDEST_WAITING|love/;
    expect(app.requests.slice(asked).filter((request) => ofThese.test(request))).toEqual([]);
  });

  it('sends oldest waiting first to the service: an older row may have waited longest', async () => {
    expect(await fromMirror({ sort: 'OLDEST_WAITING' }, 0, 20)).toBe(false);
    await same({ sort: 'OLDEST_WAITING' }, 0, 20);
  });

  it('answers a range within the period whole, count included, with no call at all', async () => {
    const counted = olderCounted;
    expect(await fromMirror({ from: since(30) }, 0, 50)).toBe(true);
    expect(olderCounted).toBe(counted);
    await same({ from: since(30) }, 0, 50);
  });

  it('gives a first screen at once when asked to, its count asked and brought by the next page', async () => {
    const filter: InboxFilterInput = { types: ['FACEBOOK_COMMENT'], archived: false };
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const countOlder = async (older: InboxFilter) => {
      asked++;
      await released; // the service's count, held back until the first screen is in
      return serviceCount(older as InboxFilterInput);
    };
    const list = (offset: number, limit: number, countLater: boolean) =>
      app.mirror.list(appProfile, brands, filter as never, offset, limit, { countOlder, countLater });
    const held = await serviceCount({ ...filter, from: since(89) });
    expect(held).toBeGreaterThanOrEqual(100);

    // The first rows, nothing counted yet (the service not asked): the rows known so far, said
    // as such.
    const head = await list(0, 30, true);
    expect(head?.countPending).toBe(true);
    expect(asked).toBe(0);
    expect(head!.count).toBeGreaterThanOrEqual(head!.items.length);
    const theirs = valueOf(
      await remote.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit: 30 }),
    );
    expect(head!.items.map((item) => item.id)).toEqual(theirs.items.map((item) => item.id));
    expect(head!.count).toBeLessThan(theirs.count);

    // The rest of the page waits on that same count, and brings it whole.
    const rest = list(30, 70, false);
    release();
    expect((await rest)?.count).toBe(theirs.count);
    expect((await rest)?.countPending).toBeUndefined();
    expect(asked).toBe(1);
    // Asked again: the kept count, whole at once.
    expect(await list(0, 30, true)).toMatchObject({ count: theirs.count });
    expect((await list(0, 30, true))?.countPending).toBeUndefined();
  });
});

// Last: it changes a row on the service, which the 90-day app's copy would only learn of by a
// re-read, and its answers above are compared with the service's.
describe("the app's own changes", () => {
  it('are in the mirror as the service answered them, at once', async () => {
    const before = await both({ archived: true, types: ['YOUTUBE_COMMENT'] }, 0, 0);
    const open = valueOf(
      await local.call('inbox:list', {
        query: { brandIds: brands, filter: { archived: false, types: ['YOUTUBE_COMMENT'] } },
        offset: 0,
        limit: 1,
      }),
    ).items[0]!;
    valueOf(await local.call('inbox:update', { id: open.id, change: { archived: true } }));
    // No sync in between: the triage's answer went into the mirror.
    const after = await local.mirror.list(
      profileId,
      brands,
      { archived: true, types: ['YOUTUBE_COMMENT'] },
      0,
      1,
    );
    expect(after?.items[0]?.id).toBe(open.id);
    expect(after?.count).toBe(before.theirs.count + 1);
    const theirs = await serviceList(sandbox, `${BRANDS}&is_archived=true&types=YOUTUBE_COMMENT&limit=0`);
    expect(after?.count).toBe(theirs.paging.count);
  });
});
