import type { ListAnswer } from '../../../shared/contract/index.ts';
import type { InteractionListSort } from '../../../shared/domain/index.ts';
import type { ServicePage } from '../lists/read-range.ts';

/** `limit` rows of one stream from `offset` (always a whole chunk, at a multiple of the chunk). */
export type ReadStream<T> = (stream: number, offset: number, limit: number) => Promise<ServicePage<T>>;

export interface MergedListOptions<T> {
  /** How many streams there are (at least one). */
  streams: number;
  readStream: ReadStream<T>;
  /**
   * The list's order between two rows of different streams; 0 where the order cannot tell them
   * apart, and then the rows alternate by their place in their own stream (first rows first).
   */
  compare: (a: T, b: T) => number;
  /** A row's identity: a row that moved between two chunks of its stream is given once. */
  keyOf: (item: T) => unknown;
  /**
   * Rows read from a stream at a time. Every read is a whole chunk at a multiple of it, so the
   * chunks read for rows 0 to 50 are the very ones asked again for rows 50 to 100, and a kept
   * answer serves them.
   */
  chunk: number;
}

/**
 * Rows `offset` to `offset + limit` of several sorted lists read as one, in the list's order, and
 * the count of them all (the sum of their counts). A merged row at place `n` is among the first
 * `n + 1` rows of its own stream, so each stream is read from its start up to `offset + limit`
 * rows at most, and no further than its own count: each slice of the merged list is the same
 * whichever slices were read before it, so paging has no gaps and no duplicates.
 */
export async function readMerged<T>(
  options: MergedListOptions<T>,
  offset: number,
  limit: number,
): Promise<ListAnswer<T>> {
  const { streams, readStream, chunk } = options;
  if (!(chunk >= 1)) throw new RangeError(`chunk must be at least 1, not ${chunk}`);
  const all = Array.from({ length: streams }, (_, stream) => stream);
  if (limit === 0) {
    const counts = await Promise.all(all.map(async (stream) => (await readStream(stream, 0, 0)).count));
    return { count: sum(counts), items: [] };
  }
  const heads = await Promise.all(all.map((stream) => streamHead(options, stream, offset + limit)));
  const ranked = heads.flatMap((head, stream) => head.items.map((item, rank) => ({ item, rank, stream })));
  ranked.sort((a, b) => options.compare(a.item, b.item) || a.rank - b.rank || a.stream - b.stream);
  return {
    count: sum(heads.map((head) => head.count)),
    items: ranked.slice(offset, offset + limit).map(({ item }) => item),
  };
}

/** A stream's first `want` rows (fewer where it has fewer), and its count. */
async function streamHead<T>(
  options: MergedListOptions<T>,
  stream: number,
  want: number,
): Promise<ServicePage<T>> {
  const { chunk, readStream, keyOf } = options;
  const first = await readStream(stream, 0, chunk);
  const pages = [first];
  if (first.items.length === chunk) {
    const rest: Promise<ServicePage<T>>[] = [];
    for (let at = chunk; at < Math.min(want, first.count); at += chunk)
      rest.push(readStream(stream, at, chunk));
    pages.push(...(await Promise.all(rest)));
  }
  const seen = new Set<unknown>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
    // A short chunk is the stream's end (it shrank while being read): rows after it belong to no one.
    if (page.items.length < chunk) break;
  }
  return { count: Math.max(first.count, items.length), items: items.slice(0, want) };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The fields an interaction is ordered by. */
interface Ordered {
  id: number;
  source_updated_at?: string | null;
}

/** A row without a time sorts as the oldest, as the service's database puts it. */
const timeOf = (row: Ordered) => (row.source_updated_at ? Date.parse(row.source_updated_at) : -Infinity);

/**
 * The order of the service's interactions list (newest first by default) between two rows of
 * different brands: by `source_updated_at`, then id, as the service breaks ties. Relevance and
 * sample orders rest on scores the service does not give, so their rows alternate by rank.
 */
export function interactionOrder(sort: InteractionListSort | undefined): (a: Ordered, b: Ordered) => number {
  if (sort === 'RELEVANCE' || sort === 'SAMPLE') return () => 0;
  const direction = sort === 'SOURCE_UPDATED_AT' ? 1 : -1;
  return (a, b) => direction * (timeOf(a) - timeOf(b) || a.id - b.id);
}
