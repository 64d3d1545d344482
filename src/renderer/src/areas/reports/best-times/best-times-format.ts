import type { BestTimes } from '../../../../../shared/contract/index.ts';
import { sentenceCase } from '../../../lib/labels/index.ts';
import { formatNumber, formatPercent } from '../../../lib/number-format.ts';
import { isRateMetric } from '../report-labels.ts';

/** How the best times read: weekday and hour names in the person's locale, the figure as its kind. */

type Cell = BestTimes['channels'][number]['cells'][number];

/** Weekday names, Monday first (a Monday in 2024 and the six days after it). */
export function weekdayNames(style: 'short' | 'long', locale?: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
}

/** An hour of the day as the person writes hours: "09:00" or "9 AM". */
export function hourName(hour: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hour)),
  );
}

/** The metric in words, for "average engagements": the report's column name. */
export const metricWords = (metric: string | null) => (metric ? sentenceCase(metric).toLowerCase() : null);

export function formatAverage(value: number | null, metric: string | null): string {
  if (value === null || metric === null) return '—';
  return isRateMetric(metric) ? formatPercent(value, 2) : formatNumber(Math.round(value));
}

/** Five steps from the fewest to the most engagement; 0 is no post that hour. */
export function stepOf(cell: Cell | undefined, best: number | null): number {
  if (!cell) return 0;
  if (cell.average === null || best === null || best <= 0) return 1;
  return Math.min(5, 1 + Math.floor((cell.average / best) * 4.999));
}
