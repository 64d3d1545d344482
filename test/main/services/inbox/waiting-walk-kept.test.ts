import { describe, expect, it } from 'vitest';
import type { InboxFilter, InboxItem } from '../../../../src/shared/contract/index.ts';
import type { CommunityApi } from '../../../../src/main/services/api/community.ts';
import { createWaitingList } from '../../../../src/main/services/inbox/waiting-list.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';

/**
 * How long a waiting walk is kept, against a real sandbox: the waiting list on the app's own
 * client, with a clock the test moves and the walk's page reads counted (and, where a test needs
 * it, held until the test lets them go).
 */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const brands = [101, 102];
const context = { signal: new AbortController().signal, lane: 'interactive' as const };

function waitingOnSandbox() {
  const { community } = clientFor(sandbox);
  let clock = 0;
  const pageReads: number[] = [];
  const pageLanes: (string | undefined)[] = [];
  /** While set, page reads after the first wait for it. */
  let hold: Promise<void> | null = null;
  const counted: CommunityApi = Object.create(community) as CommunityApi;
  counted.listInteractions = async (query, options) => {
    if (Number(query.limit) === 100) {
      const offset = Number(query.offset ?? 0);
      pageReads.push(offset);
      pageLanes.push(options?.lane);
      if (hold && offset > 0) await hold;
    }
    return community.listInteractions(query, options);
  };
  const waiting = createWaitingList({
    community: () => counted,
    keyPrefix: () => 'inbox:test',
    tagsOf: () => async () => [],
    keptMs: 60_000,
    now: () => clock,
  });
  return {
    waiting,
    community,
    pageReads,
    pageLanes,
    pass: (ms: number) => void (clock += ms),
    holdPages(): () => void {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const list = (waiting: ReturnType<typeof createWaitingList>, filter: InboxFilter) =>
  waiting.list({ brandIds: brands, filter, offset: 0, limit: 100 }, context);

describe('a kept waiting walk', () => {
  it('serves the overview long after keptMs while nothing changed, and the list walks again', async () => {
    const { waiting, pageReads, pass } = waitingOnSandbox();
    const first = await waiting.summary(brands, context);
    const walked = pageReads.length;
    expect(walked).toBeGreaterThan(1);
    pass(10 * 60_000);
    expect(await waiting.summary(brands, context)).toEqual(first);
    expect(pageReads.length).toBe(walked);
    // The list a person works through still trusts a walk for keptMs only (a reply sent elsewhere
    // moves no head).
    await list(waiting, { needsReply: true });
    expect(pageReads.length).toBeGreaterThan(walked);
  });

  it('leaves out a row the app archived while its pages were read, and skips none', async () => {
    const { waiting, community, pageReads, holdPages } = waitingOnSandbox();
    const filter: InboxFilter = { needsReply: true, types: ['YOUTUBE_COMMENT'] };
    const oldestFirst = await list(waiting, { ...filter, sort: 'SOURCE_UPDATED_AT' });
    expect(pageReads.length, 'a walk of several pages').toBeGreaterThan(1);
    const everyone = async (answer: typeof oldestFirst, sort?: InboxFilter['sort']) => {
      const ids = answer.items.map((item) => item.id);
      for (let offset = 100; offset < answer.count; offset += 100)
        ids.push(
          ...(
            await waiting.list({ brandIds: brands, filter: { ...filter, sort }, offset, limit: 100 }, context)
          ).items.map((item) => item.id),
        );
      return ids;
    };
    const walkOrder = await everyone(oldestFirst, 'SOURCE_UPDATED_AT');
    // The row of the longest-ago activity: on the walk's first page, read before the change.
    const archived = walkOrder[0]!;

    // Another tool's change moves the head, so the next read walks again; its later pages wait.
    const other = walkOrder[walkOrder.length - 1]!;
    await community.updateInteraction(other, { is_archived: true });
    const release = holdPages();
    const walking = list(waiting, filter);
    await expect.poll(() => pageReads.filter((offset) => offset === 0).length).toBe(2);
    // Meanwhile the app archives a row the walk's first page, already read, shows as it was.
    const updated = (await community.updateInteraction(archived, { is_archived: true })) as InboxItem;
    waiting.updated(updated, { archived: true });
    release();
    const during = await walking;
    expect(during.items.map((item) => item.id)).not.toContain(archived);

    // Every other waiting person is still listed: none slipped between two pages.
    const after = await list(waiting, filter);
    const expected = walkOrder.filter((id) => id !== archived && id !== other);
    expect(after.count).toBe(expected.length);
    expect((await everyone(after)).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });
});

describe('the lane a walk reads on', () => {
  /** A day before the newest activity: most rows are older, several pages of them. */
  async function dayBeforeNewest(community: CommunityApi): Promise<string> {
    const [newest] = (
      await community.listInteractions(
        { brand_ids: brands.join(','), sort: '-SOURCE_UPDATED_AT', limit: 1 },
        context,
      )
    ).data;
    return new Date(Date.parse(newest!.source_updated_at!) - 86_400_000).toISOString();
  }

  it('is the person\u2019s pause for the older rows beside the mirror: only a summary waits for them', async () => {
    const { waiting, community, pageLanes } = waitingOnSandbox();
    await waiting.summary(brands, context, await dayBeforeNewest(community));
    expect(pageLanes.length, 'a walk of several pages').toBeGreaterThan(1);
    expect(new Set(pageLanes)).toEqual(new Set(['idle']));
  });

  it('is background where a person waits for the rows, or for the whole queue', async () => {
    const { waiting, community, pageLanes } = waitingOnSandbox();
    await list(waiting, { needsReply: true, to: await dayBeforeNewest(community) });
    expect(pageLanes.length).toBeGreaterThan(1);
    expect(new Set(pageLanes)).toEqual(new Set(['background']));
    pageLanes.length = 0;
    await waiting.summary(brands, context);
    expect(pageLanes.length).toBeGreaterThan(1);
    expect(new Set(pageLanes)).toEqual(new Set(['background']));
  });
});
