import { describe, expect, it } from 'vitest';
import { readRange, type ServicePage } from '../../../../src/main/services/lists/read-range.ts';

/** A service list over `rows` whose pages hold at most `max`, recording every page asked. */
function serviceList(rows: () => number[], max = 100) {
  const asked: [number, number][] = [];
  const fetchPage = async (offset: number, limit: number): Promise<ServicePage<number>> => {
    if (limit > max) throw new Error(`limit ${limit} above the service's ${max}`);
    asked.push([offset, limit]);
    const all = rows();
    return { count: all.length, items: all.slice(offset, offset + limit) };
  };
  return { fetchPage, asked };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("readRange: the app's offset and limit in the service's pages", () => {
  it("splits a range at the service's largest page", async () => {
    const list = serviceList(() => range(1000));
    const answer = await readRange(list.fetchPage, { offset: 250, limit: 120, maxPage: 100 });
    expect(list.asked).toEqual([
      [250, 100],
      [350, 20],
    ]);
    expect(answer.count).toBe(1000);
    expect(answer.items).toEqual(range(120).map((i) => i + 250));
  });

  it('stops at the end of the list, with the true count', async () => {
    const list = serviceList(() => range(230));
    const answer = await readRange(list.fetchPage, { offset: 150, limit: 300, maxPage: 100 });
    expect(list.asked).toEqual([[150, 100]]); // a short page is the end: nothing more is asked
    expect(answer).toEqual({ count: 230, items: range(80).map((i) => i + 150) });
  });

  it('answers the true count and no rows for a range past the end', async () => {
    const list = serviceList(() => range(40));
    expect(await readRange(list.fetchPage, { offset: 45, limit: 5, maxPage: 100 })).toEqual({
      count: 40,
      items: [],
    });
  });

  it('asks once with limit 0 for a count alone', async () => {
    const list = serviceList(() => range(42));
    expect(await readRange(list.fetchPage, { offset: 0, limit: 0, maxPage: 100 })).toEqual({
      count: 42,
      items: [],
    });
    expect(list.asked).toEqual([[0, 0]]);
  });

  it('takes the latest count when the list grows between pages, and gives no row twice', async () => {
    let rows = range(300).map((i) => 1000 - i); // newest first: 1000, 999, ...
    const list = serviceList(() => rows);
    const fetchPage = async (offset: number, limit: number) => {
      const page = await list.fetchPage(offset, limit);
      rows = [1001, 1002, ...rows]; // two new rows arrive ahead after each page
      return page;
    };
    const answer = await readRange(fetchPage, { offset: 0, limit: 150, maxPage: 100, keyOf: (n) => n });
    // Pages (0,100) and (100,50), whose first two rows had moved there from the first page, then
    // (150,2), which held only rows already given: the count is that last page's.
    expect(list.asked).toEqual([
      [0, 100],
      [100, 50],
      [150, 2],
    ]);
    expect(answer.count).toBe(304);
    expect(new Set(answer.items).size).toBe(answer.items.length);
    expect(answer.items).toHaveLength(148);
    expect(answer.items.slice(0, 3)).toEqual([1000, 999, 998]);
  });

  it('ends at a short page when the list shrank, and keeps the count above the rows read', async () => {
    let rows = range(250);
    const list = serviceList(() => rows);
    const fetchPage = async (offset: number, limit: number) => {
      const page = await list.fetchPage(offset, limit);
      rows = range(120); // most rows were archived meanwhile
      return page;
    };
    const answer = await readRange(fetchPage, { offset: 0, limit: 250, maxPage: 100 });
    expect(answer.items).toEqual([...range(100), ...range(20).map((i) => i + 100)]);
    expect(answer.count).toBe(120);
  });

  it('ends, with rows given once, when the list grows ahead of the reader as fast as it reads', async () => {
    let rows = range(300);
    let fresh = 10_000;
    const list = serviceList(() => rows);
    const fetchPage = async (offset: number, limit: number) => {
      const page = await list.fetchPage(offset, limit);
      rows = [fresh++, fresh++, ...rows]; // exactly as many new rows as the next page advances
      return page;
    };
    const answer = await readRange(fetchPage, { offset: 98, limit: 4, maxPage: 2, keyOf: (n) => n });
    expect(list.asked.length).toBeLessThanOrEqual(4);
    expect(new Set(answer.items).size).toBe(answer.items.length);
  });

  it('passes a failed page on', async () => {
    const fetchPage = async () => {
      throw new Error('service down');
    };
    await expect(readRange(fetchPage, { offset: 0, limit: 10, maxPage: 100 })).rejects.toThrow(
      'service down',
    );
  });
});
