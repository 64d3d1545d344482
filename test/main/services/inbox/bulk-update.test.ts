import { describe, expect, it } from 'vitest';
import type { InboxBulkProgress } from '../../../../src/shared/contract/index.ts';
import { bulkUpdate } from '../../../../src/main/services/inbox/bulk-update.ts';
import type { CommunityApi } from '../../../../src/main/services/api/community.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';
import { serviceList } from './service-reads.ts';

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
