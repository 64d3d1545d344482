import type { ListAnswer } from '../../../shared/contract/index.ts';

/** One page as the service answered it: the total that matches, and its rows. */
export interface ServicePage<T> {
  count: number;
  items: T[];
}

/** Asks the service for `limit` rows from `offset` (never more than its largest page). */
export type FetchPage<T> = (offset: number, limit: number) => Promise<ServicePage<T>>;

export interface RangeOptions<T> {
  offset: number;
  limit: number;
  /** The service's largest page for this list (the interactions list allows 100). */
  maxPage: number;
  /** A row's identity: rows seen on an earlier page are dropped when the list moved meanwhile. */
  keyOf?: (item: T) => unknown;
}

/**
 * The app's `{offset, limit}` in the service's pages: rows 250 to 369 of a list whose pages hold
 * at most 100 are the pages (250, 100) and (350, 20). The list may change between two pages;
 * the last page's count is the truth, a short page ends the range, and a row that moved onto the
 * next page (new rows arrived ahead of it) is not given twice.
 */
export async function readRange<T>(
  fetchPage: FetchPage<T>,
  options: RangeOptions<T>,
): Promise<ListAnswer<T>> {
  const { offset, limit, maxPage, keyOf } = options;
  if (!(maxPage >= 1)) throw new RangeError(`maxPage must be at least 1, not ${maxPage}`);
  if (limit === 0) return { count: (await fetchPage(offset, 0)).count, items: [] };
  const items: T[] = [];
  const seen = new Set<unknown>();
  let count = 0;
  let at = offset;
  // A list that grows ahead of the reader as fast as it reads would keep handing back rows
  // already given: the pages asked for are bounded, and a page with nothing new ends the range.
  const mostPages = Math.ceil(limit / maxPage) + 2;
  for (let pages = 0; items.length < limit && pages < mostPages; pages++) {
    const size = Math.min(limit - items.length, maxPage);
    const page = await fetchPage(at, size);
    count = page.count;
    let added = 0;
    for (const item of page.items.slice(0, size)) {
      const key = keyOf?.(item);
      if (keyOf && seen.has(key)) continue;
      if (keyOf) seen.add(key);
      items.push(item);
      added++;
    }
    at += size;
    if (page.items.length < size || at >= count || added === 0) break;
  }
  // A count that shrank below the rows already read would make the list end before them. A range
  // past the end read no rows: its count is the service's, not the offset asked.
  return { count: items.length ? Math.max(count, offset + items.length) : count, items };
}
