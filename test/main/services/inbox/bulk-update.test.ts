import { describe, expect, it } from 'vitest';
import {
  inboxCalls,
  type InboxBulkProgress,
  type InboxFilter,
  type InboxItem,
} from '../../../../src/shared/contract/index.ts';
import { waitingSince } from '../../../../src/shared/domain/index.ts';
import { bulkUpdate } from '../../../../src/main/services/inbox/bulk-update.ts';
import type { CommunityApi } from '../../../../src/main/services/api/community.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';
import { serviceGet, serviceList, type ServiceList } from './service-reads.ts';

/** The bulk action itself, on the app's client for a real sandbox, with a clock the test steps. */
const sandbox = await sandboxForThisFile({ frozenClock: true, rateLimit: 10_000 });
const client = clientFor(sandbox);
const brandIds = [101, 102, 103];
const context = () => ({ signal: new AbortController().signal, lane: 'interactive' as const });

async function idsOf(type: string, count: number) {
  const list = await serviceList(sandbox, `brand_ids=101,102,103&types=${type}&limit=${count}`);
  expect(list.data).toHaveLength(count);
  return list.data.map((item) => item.id);
}

interface Tagged {
  id: number;
  tag_ids: number[];
}
/** Brand 101's interactions of one type as the sandbox has them, with their tags. */
async function rowsOf(type: string, query = ''): Promise<Tagged[]> {
  const list = await serviceList(sandbox, `brand_ids=101&types=${type}&limit=100${query}`);
  return list.data.map((item) => ({ id: item.id, tag_ids: (item.tag_ids as number[] | null) ?? [] }));
}
/** Each row's tags at the sandbox now, by id, sorted. */
async function tagsNow(ids: number[]): Promise<Record<number, number[]>> {
  const now: Record<number, number[]> = {};
  for (const id of ids) {
    const [item] = (await serviceList(sandbox, `brand_ids=101&id=${id}&limit=1`)).data;
    now[id] = [...((item!.tag_ids as number[] | null) ?? [])].sort((a, b) => a - b);
  }
  return now;
}
const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);
const { data: brandTags } = await serviceGet<{ data: { id: number }[] }>(sandbox, 'tags?brand_ids=101');

describe('bulkUpdate', () => {
  it('reports progress at most once per interval, and always at the start and the end', async () => {
    const ids = await idsOf('YOUTUBE_COMMENT', 12);
    const still: InboxBulkProgress[] = [];
    await bulkUpdate(
      { brandIds, target: { ids }, change: { followUp: true }, jobId: 'still' },
      { community: client.community, now: () => 0, onProgress: (p) => still.push(p) },
      context(),
    );
    // The clock never moves: the start, the first one done, the end.
    expect(still.map((p) => p.done)).toEqual([0, 1, 12]);

    let time = 0;
    const stepping: InboxBulkProgress[] = [];
    await bulkUpdate(
      { brandIds, target: { ids }, change: { followUp: false }, jobId: 'stepping' },
      { community: client.community, now: () => (time += 100), onProgress: (p) => stepping.push(p) },
      context(),
    );
    // An interval passes between any two: every one done is reported.
    expect(stepping.map((p) => p.done)).toEqual([0, ...ids.map((_, i) => i + 1), 12]);
  });

  it('stops every request when something other than the service fails, leaving none in flight', async () => {
    const ids = await idsOf('TWITTER_QUOTE', 20);
    let started = 0;
    let inFlight = 0;
    const community = {
      ...client.community,
      updateInteraction: async (...args: Parameters<CommunityApi['updateInteraction']>) => {
        started++;
        if (started === 3) throw new TypeError('a bug, not an answer');
        inFlight++;
        try {
          return await client.community.updateInteraction(...args);
        } finally {
          inFlight--;
        }
      },
    } as CommunityApi;
    await expect(
      bulkUpdate(
        { brandIds, target: { ids }, change: { read: true }, jobId: 'broken' },
        { community, now: () => 0, onProgress: () => {} },
        context(),
      ),
    ).rejects.toThrow('a bug, not an answer');
    expect(inFlight).toBe(0);
    expect(started).toBeLessThan(ids.length);
  });
});

describe('bulkUpdate adding and removing tags', () => {
  it('adds a tag to rows picked by id, each keeping its own; a row not there is listed failed', async () => {
    const rows = await rowsOf('INSTAGRAM_COMMENT');
    const added = brandTags[0]!.id;
    // Rows with no tags, one tag and several, none with the tag added yet, and one that has it.
    const picked = [
      rows.find((row) => row.tag_ids.length === 0),
      rows.find((row) => row.tag_ids.length === 1 && !row.tag_ids.includes(added)),
      rows.find((row) => row.tag_ids.length >= 2 && !row.tag_ids.includes(added)),
      rows.find((row) => row.tag_ids.includes(added)),
    ];
    expect(picked.every(Boolean), 'rows of each kind in the seed').toBe(true);
    const missing = 9_999_999;
    const result = await bulkUpdate(
      {
        brandIds: [101],
        target: { ids: [...picked.map((row) => row!.id), missing] },
        change: { addTagIds: [added] },
        jobId: 'add-by-id',
      },
      { community: client.community, now: () => 0, onProgress: () => {} },
      context(),
    );
    expect(result.updated.map((item) => item.id).sort()).toEqual(picked.map((row) => row!.id).sort());
    expect(result.failed).toEqual([{ id: missing, error: expect.objectContaining({ code: 'not_found' }) }]);
    const now = await tagsNow(picked.map((row) => row!.id));
    for (const row of picked)
      expect(now[row!.id], `row ${row!.id}`).toEqual(sorted([...row!.tag_ids, added]));
  });

  it('adds a tag to every row matching a filter, each keeping its own', async () => {
    // The rows carrying some tag, several of them with other tags too.
    const rows = await rowsOf('TIKTOK_COMMENT');
    const shared = rows.find((row) => row.tag_ids.length >= 2)!.tag_ids[0]!;
    const before = await rowsOf('TIKTOK_COMMENT', `&tag_ids=${shared}`);
    expect(before.length).toBeGreaterThan(1);
    expect(before.some((row) => row.tag_ids.length >= 2)).toBe(true);
    const added = brandTags.find(
      (tag) => tag.id !== shared && !before.every((r) => r.tag_ids.includes(tag.id)),
    )!.id;
    const result = await bulkUpdate(
      {
        brandIds: [101],
        target: { filter: { types: ['TIKTOK_COMMENT'], tagIds: [shared] } },
        change: { addTagIds: [added] },
        jobId: 'add-by-filter',
      },
      { community: client.community, now: () => 0, onProgress: () => {} },
      context(),
    );
    expect(result.failed).toEqual([]);
    expect(result.updated).toHaveLength(before.length);
    const now = await tagsNow(before.map((row) => row.id));
    for (const row of before) expect(now[row.id], `row ${row.id}`).toEqual(sorted([...row.tag_ids, added]));
  });

  it('refuses a Needs reply action beyond its limit whole, rather than doing the first ones only', async () => {
    const filter: InboxFilter = { types: ['INSTAGRAM_COMMENT'], needsReply: true, followUp: false };
    const all: ServiceList['data'] = [];
    for (let offset = 0, count = 1; offset < count; offset += 100) {
      const page = await serviceList(
        sandbox,
        `brand_ids=101&types=INSTAGRAM_COMMENT&limit=100&offset=${offset}`,
      );
      all.push(...page.data);
      count = page.paging.count;
    }
    const waiting = all
      .filter((item) => !item.is_archived && !item.is_follow_up)
      .filter((item) => waitingSince(item as unknown as InboxItem) !== null);
    expect(waiting.length).toBeGreaterThan(2);
    const run = (maxItems: number, jobId: string) =>
      bulkUpdate(
        { brandIds: [101], target: { filter }, change: { followUp: true }, jobId },
        { community: client.community, now: () => 0, onProgress: () => {}, maxItems },
        context(),
      );

    await expect(run(waiting.length - 1, 'one-too-many')).rejects.toMatchObject({
      message: `More than ${waiting.length - 1} interactions match; a bulk action takes at most ${waiting.length - 1}. Narrow the filters first.`,
    });
    const untouched = await serviceList(
      sandbox,
      'brand_ids=101&types=INSTAGRAM_COMMENT&is_follow_up=true&limit=100',
    );
    expect(untouched.data.filter((item) => waiting.some((w) => w.id === item.id))).toEqual([]);

    const result = await run(waiting.length, 'just-enough');
    expect(result.updated).toHaveLength(waiting.length);
  });

  it('removes a tag from each row, keeping its others; a row without it stays as it was', async () => {
    const rows = await rowsOf('FACEBOOK_COMMENT');
    const removed = rows.find((row) => row.tag_ids.length >= 2)!.tag_ids[0]!;
    const picked = [
      ...rows.filter((row) => row.tag_ids.length >= 2 && row.tag_ids.includes(removed)).slice(0, 2),
      rows.find((row) => row.tag_ids.length >= 1 && !row.tag_ids.includes(removed))!,
    ];
    const result = await bulkUpdate(
      {
        brandIds: [101],
        target: { ids: picked.map((row) => row.id) },
        change: { removeTagIds: [removed] },
        jobId: 'remove-by-id',
      },
      { community: client.community, now: () => 0, onProgress: () => {} },
      context(),
    );
    expect(result.failed).toEqual([]);
    expect(result.updated).toHaveLength(picked.length);
    const now = await tagsNow(picked.map((row) => row.id));
    for (const row of picked) {
      const kept = row.tag_ids.filter((id) => id !== removed);
      expect(kept.length, 'each row keeps another tag').toBeGreaterThan(0);
      expect(now[row.id], `row ${row.id}`).toEqual(sorted(kept));
    }
  });

  it('the contract refuses replacing tags together with adding or removing, and one tag both ways', () => {
    const bulk = (change: object) =>
      inboxCalls['inbox:bulk-update'].input.safeParse({ brandIds, target: { ids: [1] }, change, jobId: 'j' });
    const messagesOf = (change: object) => bulk(change).error?.issues.map((issue) => issue.message);

    expect(bulk({ addTagIds: [1] }).success).toBe(true);
    expect(bulk({ removeTagIds: [1], read: true }).success).toBe(true);
    expect(messagesOf({ tagIds: [1], addTagIds: [2] })).toEqual([
      'Either replace the tags or add and remove some, not both.',
    ]);
    expect(messagesOf({ tagIds: [], removeTagIds: [2] })).toEqual([
      'Either replace the tags or add and remove some, not both.',
    ]);
    expect(messagesOf({ addTagIds: [1, 2], removeTagIds: [2] })).toEqual([
      'A tag cannot be both added and removed.',
    ]);
    expect(messagesOf({})).toEqual(['Nothing to change.']);
    expect(messagesOf({ addTagIds: [] })).toEqual(['Nothing to change.']);
    // One row takes its whole list of tags only.
    const one = inboxCalls['inbox:update'].input.safeParse({ id: 1, change: { addTagIds: [1] } });
    expect(one.success).toBe(false);
  });
});
