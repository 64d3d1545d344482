import { describe, expect, it } from 'vitest';
import {
  bucketDays,
  DAILY_POINTS_MAX,
} from '../../../../../src/renderer/src/areas/inbox/insights/day-buckets.ts';

/** `count` consecutive days from `first`, each with the value of its index. */
function days(first: string, count: number) {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    count: index,
  }));
}

describe('daily points in buckets', () => {
  it(`keeps up to ${DAILY_POINTS_MAX} days as they are`, () => {
    const points = days('2026-01-01', DAILY_POINTS_MAX);
    const buckets = bucketDays(points, [(p) => p.count]);
    expect(buckets.unit).toBe('day');
    expect(buckets.days).toEqual(points.map((p) => p.date));
    expect(buckets.sums[0]).toEqual(points.map((p) => p.count));
  });

  it('sums longer ranges into Monday-based weeks, named by their first day present', () => {
    // 2026-01-01 is a Thursday: the first week holds Thu to Sun (4 days), then whole weeks.
    const points = days('2026-01-01', 100);
    const buckets = bucketDays(points, [(p) => p.count, () => 1]);
    expect(buckets.unit).toBe('week');
    expect(buckets.days.slice(0, 3)).toEqual(['2026-01-01', '2026-01-05', '2026-01-12']);
    expect(buckets.sums[1]!.slice(0, 3)).toEqual([4, 7, 7]);
    expect(buckets.sums[0]![0]).toBe(0 + 1 + 2 + 3);
    expect(buckets.sums[0]![1]).toBe(4 + 5 + 6 + 7 + 8 + 9 + 10);
    const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(total(buckets.sums[0]!)).toBe(total(points.map((p) => p.count)));
    expect(total(buckets.sums[1]!)).toBe(100);
  });
});
