import { describe, expect, it } from 'vitest';
import {
  comparePosts,
  mergeSorted,
  type Sortable,
} from '../../../../src/main/services/posts/merge-sorted.ts';

const at = (id: number, timestamp: string | null): Sortable => ({ id, timestamp });

describe('merging sorted service lists', () => {
  it('keeps posts without the sorted value last in either direction', () => {
    const posts = [at(1, null), at(2, '2026-03-02T10:00:00Z'), at(3, '2026-03-01T10:00:00Z')];
    expect([...posts].sort(comparePosts('TIMESTAMP')).map((p) => p.id)).toEqual([3, 2, 1]);
    expect([...posts].sort(comparePosts('-TIMESTAMP')).map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it('breaks ties by id in the direction of the sort', () => {
    const posts = [at(5, '2026-03-01T10:00:00Z'), at(4, '2026-03-01T10:00:00Z')];
    expect([...posts].sort(comparePosts('TIMESTAMP')).map((p) => p.id)).toEqual([4, 5]);
    expect([...posts].sort(comparePosts('-TIMESTAMP')).map((p) => p.id)).toEqual([5, 4]);
  });

  it('takes the first rows of the lists merged, each list in its own order', () => {
    const a = [at(1, '2026-03-01T09:00:00Z'), at(2, '2026-03-03T09:00:00Z')];
    const b = [at(3, '2026-03-02T09:00:00Z'), at(4, '2026-03-04T09:00:00Z')];
    expect(mergeSorted([a, b], comparePosts('TIMESTAMP'), 3).map((p) => p.id)).toEqual([1, 3, 2]);
    expect(mergeSorted([a, b, []], comparePosts('TIMESTAMP'), 10).map((p) => p.id)).toEqual([1, 3, 2, 4]);
  });
});
