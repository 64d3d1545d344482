import type { BestTimes } from '../../../shared/contract/index.ts';
import type { ReportRow } from './report-rows.ts';

/**
 * Best times to post, from a content report's rows: each row's publish time (`published_at`) put
 * on the day of the week and the hour of the day it was in the person's time zone, per channel,
 * and the average engagement of the posts in each hour. An hour with no post has no cell: "no
 * post then" is not "posts did badly then".
 */

/** The column read as engagement: the count first, else the rate, else any engagement column. */
export function engagementColumn(columns: readonly string[]): string | null {
  const lower = columns.map((column) => column.toLowerCase());
  for (const wanted of ['engagements', 'engagement_rate', 'total_engagements']) {
    const at = lower.indexOf(wanted);
    if (at >= 0) return columns[at]!;
  }
  return columns.find((column) => /engagement/i.test(column)) ?? null;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Day (0 Monday … 6 Sunday) and hour of an instant in a time zone. */
export function dayAndHourIn(timeZone: string): (at: Date) => { day: number; hour: number } {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  });
  return (at) => {
    const parts = format.formatToParts(at);
    const day = weekdays.indexOf(parts.find((part) => part.type === 'weekday')!.value);
    const hour = Number(parts.find((part) => part.type === 'hour')!.value) % 24;
    return { day, hour };
  };
}

interface Cell {
  posts: number;
  counted: number;
  sum: number;
}

export function bestTimes(
  rows: readonly ReportRow[],
  columns: readonly string[],
  timeZone: string,
): BestTimes {
  const metric = engagementColumn(columns);
  const place = dayAndHourIn(timeZone);
  const byChannel = new Map<string, Map<number, Cell>>();
  let skipped = 0;
  for (const row of rows) {
    const published = typeof row.published_at === 'string' ? new Date(row.published_at) : null;
    const value = metric === null ? null : row[metric];
    const figure = typeof value === 'number' && Number.isFinite(value) ? value : null;
    if (!published || Number.isNaN(published.getTime()) || (metric !== null && figure === null)) {
      skipped++;
      continue;
    }
    const channel = String(row.channel ?? '');
    let cells = byChannel.get(channel);
    if (!cells) byChannel.set(channel, (cells = new Map()));
    const { day, hour } = place(published);
    const key = day * 24 + hour;
    const cell = cells.get(key) ?? { posts: 0, counted: 0, sum: 0 };
    cell.posts++;
    if (figure !== null) {
      cell.counted++;
      cell.sum += figure;
    }
    cells.set(key, cell);
  }
  const channels = [...byChannel.entries()].map(([channel, cells]) => {
    const ordered = [...cells.entries()].sort(([a], [b]) => a - b);
    return {
      channel,
      posts: ordered.reduce((total, [, cell]) => total + cell.posts, 0),
      cells: ordered.map(([key, cell]) => ({
        day: Math.floor(key / 24),
        hour: key % 24,
        posts: cell.posts,
        average: cell.counted > 0 ? cell.sum / cell.counted : null,
      })),
    };
  });
  channels.sort((a, b) => b.posts - a.posts || (a.channel < b.channel ? -1 : 1));
  return { metric, timeZone, rows: rows.length, skipped, channels };
}
