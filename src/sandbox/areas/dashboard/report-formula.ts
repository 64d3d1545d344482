import { hashString } from '../../random.ts';

/**
 * The formulas behind report data: every value is a hash of what it describes (brand, channel,
 * metric, day or row number), so the same request always gives the same report and ranges add up.
 */

export const DAY = 86_400_000;

/** A 32-bit integer mix (lowbias32): a good spread from consecutive inputs, and very cheap. */
export function mix(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) >>> 0;
}
/** A number in [0, 1) determined by a key and an index. */
export function unit(key: number, index: number): number {
  return mix(key ^ mix(index + 0x9e3779b9)) / 4294967296;
}

export const isRate = (metric: string) => /RATE|PERCENT|SHARE|CTR/i.test(metric);
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** One brand's value of one metric on one channel on one day. */
function dailyValue(brandId: number, channel: string, metric: string, day: number): number {
  const key = hashString(`${brandId}|${channel}|${metric}`);
  if (isRate(metric)) return Math.round((0.01 + 0.08 * unit(key, day)) * 10_000) / 10_000;
  const base = 200 + (mix(key) % 5000);
  const weekday = ((day % 7) + 7) % 7;
  const weekly = weekday === 2 || weekday === 3 ? 0.75 : 1; // weekends (day 0 was a Thursday) run lower
  return Math.round(base * weekly * (0.6 + 0.8 * unit(key, day)));
}
/** Posts a brand published on a channel that day: 0 on some days, for null_if_no_posts. */
function dailyPosts(brandId: number, channel: string, day: number): number {
  return mix(hashString(`${brandId}|${channel}|posts`) ^ day) % 4;
}

export function rangeValue(
  brandId: number,
  channel: string,
  metric: string,
  start: string,
  end: string,
  nullIfNoPosts: boolean,
): number | null {
  const first = dayNumber(start);
  const last = dayNumber(end);
  let total = 0;
  let posts = 0;
  for (let day = first; day <= last; day++) {
    total += dailyValue(brandId, channel, metric, day);
    posts += dailyPosts(brandId, channel, day);
  }
  if (nullIfNoPosts && posts === 0) return null;
  const days = last - first + 1;
  return isRate(metric) ? Math.round((total / days) * 10_000) / 10_000 : total;
}

export function series(
  brandId: number,
  channel: string,
  metric: string,
  start: string,
  end: string,
  monthly: boolean,
) {
  const points: { date: string; value: number }[] = [];
  for (let day = dayNumber(start); day <= dayNumber(end); day++) {
    const date = dateOfDay(day);
    const value = dailyValue(brandId, channel, metric, day);
    const bucket = monthly ? `${date.slice(0, 7)}-01` : date;
    const last = points.at(-1);
    if (last && last.date === bucket) last.value += value;
    else points.push({ date: bucket, value });
  }
  if (monthly && isRate(metric)) {
    // Monthly rates are averages of the daily rates, not sums.
    const counts = new Map<string, number>();
    for (let day = dayNumber(start); day <= dayNumber(end); day++) {
      const bucket = `${dateOfDay(day).slice(0, 7)}-01`;
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    }
    for (const point of points)
      point.value = Math.round((point.value / (counts.get(point.date) ?? 1)) * 10_000) / 10_000;
  }
  return points;
}
