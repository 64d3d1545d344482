/**
 * Daily points summed into weeks when a range is long: half a year of days draws as noise in a
 * card a few hundred pixels wide, while 26 weeks still show the trend. A week is named by its
 * first day present (Monday-based weeks, in UTC like the service's calendar days).
 */
export const DAILY_POINTS_MAX = 92;

export interface Buckets {
  unit: 'day' | 'week';
  /** The first day of each bucket, YYYY-MM-DD. */
  days: string[];
  /** For each series asked, its sum per bucket. */
  sums: number[][];
}

function weekOf(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}

export function bucketDays<P extends { date: string }>(
  points: readonly P[],
  values: ((point: P) => number)[],
): Buckets {
  if (points.length <= DAILY_POINTS_MAX) {
    return { unit: 'day', days: points.map((p) => p.date), sums: values.map((value) => points.map(value)) };
  }
  const days: string[] = [];
  const sums: number[][] = values.map(() => []);
  let current: string | undefined;
  for (const point of points) {
    const week = weekOf(point.date);
    if (week !== current) {
      current = week;
      days.push(point.date.slice(0, 10));
      for (const series of sums) series.push(0);
    }
    values.forEach((value, index) => (sums[index]![sums[index]!.length - 1]! += value(point)));
  }
  return { unit: 'week', days, sums };
}
