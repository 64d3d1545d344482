import type { BestTimes } from '../../../../../shared/contract/index.ts';
import { countLabel } from '../../../lib/labels/index.ts';
import { formatAverage, hourName, metricWords, stepOf, weekdayNames } from './best-times-format.ts';

type Channel = BestTimes['channels'][number];
type Cell = Channel['cells'][number];

/** One hour of one weekday, as the heat map and the table both say it. */
export interface BestTimeRow {
  /** day * 24 + hour. */
  key: number;
  /** 0 is Monday. */
  day: number;
  hour: number;
  /** What was published that hour; undefined when nothing was. */
  cell: Cell | undefined;
  /** "Monday". */
  dayName: string;
  /** "9:00 AM–10:00 AM". */
  hours: string;
  /** The average, as its figure reads ("—" without one). */
  average: string;
  /** Its colour on the heat map: 0 (no post) to 5 (the best hour). */
  step: number;
  /** The hour in a sentence: "Monday 9:00 AM: 3 posts, average 120 engagements". */
  said: string;
}

/**
 * A channel's week, hour by hour: `week` every hour of every day (a day per row, for the heat
 * map), `ranked` the hours that had posts, the best first (for the table).
 */
export function bestTimeRows(
  channel: Channel,
  metric: string | null,
): { week: BestTimeRow[][]; ranked: BestTimeRow[] } {
  const days = weekdayNames('long');
  const hourNames = Array.from({ length: 24 }, (_, hour) => hourName(hour));
  const words = metricWords(metric);
  const cellAt = new Map(channel.cells.map((cell) => [cell.day * 24 + cell.hour, cell]));
  const averages = channel.cells.map((cell) => cell.average).filter((v): v is number => v !== null);
  const best = averages.length > 0 ? Math.max(...averages) : null;

  function row(day: number, hour: number): BestTimeRow {
    const cell = cellAt.get(day * 24 + hour);
    const when = `${days[day]} ${hourNames[hour]}`;
    const posts = cell ? countLabel(cell.posts, 'post', 'posts') : '';
    const said = !cell
      ? `${when}: no posts`
      : !words || cell.average === null
        ? `${when}: ${posts}`
        : `${when}: ${posts}, average ${formatAverage(cell.average, metric)} ${words}`;
    return {
      key: day * 24 + hour,
      day,
      hour,
      cell,
      dayName: days[day]!,
      hours: `${hourNames[hour]}–${hourNames[(hour + 1) % 24]}`,
      average: formatAverage(cell?.average ?? null, metric),
      step: stepOf(cell, best),
      said,
    };
  }

  const week = days.map((_, day) => hourNames.map((_, hour) => row(day, hour)));
  const ranked = channel.cells
    .map((cell) => week[cell.day]![cell.hour]!)
    .sort(
      (a, b) =>
        (b.cell!.average ?? -Infinity) - (a.cell!.average ?? -Infinity) || b.cell!.posts - a.cell!.posts,
    );
  return { week, ranked };
}
