import type { ScheduledPostListSort } from '../../../shared/domain/index.ts';

/** The fields a sort reads. */
export interface Sortable {
  id: number;
  timestamp?: string | null;
  updated_at?: string | null;
  sort_index?: number | null;
}

const keyOf: Record<string, (post: Sortable) => number | null> = {
  TIMESTAMP: (p) => (p.timestamp ? Date.parse(p.timestamp) : null),
  UPDATED_AT: (p) => (p.updated_at ? Date.parse(p.updated_at) : null),
  SORT_INDEX: (p) => p.sort_index ?? null,
};

/**
 * Orders two posts as the service sorts one list: by the sorted value, posts without it last
 * whichever the direction, then by id in the same direction.
 */
export function comparePosts(sort: ScheduledPostListSort): (a: Sortable, b: Sortable) => number {
  const descending = sort.startsWith('-');
  const key = keyOf[descending ? sort.slice(1) : sort]!;
  const sign = descending ? -1 : 1;
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else if (ka !== kb) return sign * (ka - kb);
    return sign * (a.id - b.id);
  };
}

/**
 * The first `limit` items of several lists each sorted by `compare`, merged: a k-way merge that
 * only compares the lists' heads, so each list keeps its own order where the service's tie-break
 * differs from ours.
 */
export function mergeSorted<T>(lists: readonly T[][], compare: (a: T, b: T) => number, limit: number): T[] {
  const heads = lists.map(() => 0);
  const out: T[] = [];
  while (out.length < limit) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const item = lists[i]![heads[i]!];
      if (item === undefined) continue;
      if (best < 0 || compare(item, lists[best]![heads[best]!]!) < 0) best = i;
    }
    if (best < 0) break;
    out.push(lists[best]![heads[best]!++]!);
  }
  return out;
}
