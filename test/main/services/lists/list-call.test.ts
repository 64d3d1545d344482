import { describe, expect, it } from 'vitest';
import { pagedList, stableJson } from '../../../../src/main/services/lists/list-call.ts';
import { SharedLoads } from '../../../../src/main/services/lists/shared-loads.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';

/**
 * The app's list call over the real interactions list (pages of at most 100): the range in the
 * service's pages, identical calls shared, and a cancelled call leaving the rate gate's queue.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true, rateLimit: 6, rateWindow: 3600 });

function inboxList(client: ReturnType<typeof clientFor>) {
  const pages: [number, number][] = [];
  const list = pagedList({
    loads: new SharedLoads({ ttlMs: 60_000 }),
    keyPrefix: () => 'inbox:test',
    maxPage: 100,
    keyOf: (item: { id: number }) => item.id,
    fetchPage: async (query: { brand_ids: number[] }, offset, limit, { signal }) => {
      pages.push([offset, limit]);
      const page = await client.community.listInteractions({ ...query, offset, limit }, { signal });
      return { count: page.paging.count, items: page.data };
    },
  });
  return { list, pages };
}

const interactive = () => ({ signal: new AbortController().signal, lane: 'interactive' as const });

describe('pagedList over the interactions list', () => {
  it('reads 150 rows as two service pages, shares an identical call, and keeps the answer', async () => {
    const client = clientFor(sandbox);
    const { list, pages } = inboxList(client);
    const input = { query: { brand_ids: [101] }, offset: 20, limit: 150 };
    const [a, b] = await Promise.all([list(input, interactive()), list({ ...input }, interactive())]);
    expect(pages).toEqual([
      [20, 100],
      [120, 50],
    ]);
    expect(a.items).toHaveLength(150);
    expect(b).toBe(a);
    expect(new Set(a.items.map((i) => i.id)).size).toBe(150);
    await list(input, interactive());
    expect(pages).toHaveLength(2);
    expect(a.count).toBeGreaterThan(170);
  });

  it("takes a cancelled call out of the rate gate's queue, and sends none of its pages", async () => {
    const client = clientFor(sandbox);
    const { list, pages } = inboxList(client);
    // The first call spends what is left of the window (6 a window, two pages already spent by the
    // test above on another gate: the service's count is what matters), so the next waits at the gate.
    await list({ query: { brand_ids: [102] }, offset: 0, limit: 10 }, interactive()).catch(() => undefined);
    while (client.gate.status().remaining > 0) {
      await client.community.listInteractions({ brand_ids: [102], limit: 0 });
    }
    const sent = client.seen.length;
    const controller = new AbortController();
    const waiting = list(
      { query: { brand_ids: [103] }, offset: 0, limit: 300 },
      { signal: controller.signal, lane: 'interactive' },
    );
    await expect.poll(() => client.gate.status().queued).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(client.gate.status().queued).toBe(0);
    expect(client.seen.length).toBe(sent);
    expect(pages.at(-1)).toEqual([0, 100]); // asked for, never sent
  });
});

describe('stableJson', () => {
  it('writes equal queries alike whatever their key order', () => {
    expect(stableJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      stableJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(stableJson({ a: [1, 2] })).not.toBe(stableJson({ a: [2, 1] }));
  });
});
