import { formatNumber, formatPercent, formatWhole } from '../../lib/number-format.ts';
import { isRateMetric } from './report-labels.ts';

/** Numbers as people read them in a report (the app's number formats): rates as percentages. */

export { formatBytes } from '../../lib/number-format.ts';

export function formatFigure(value: number | null, metric: string): string {
  if (value === null) return 'No data';
  if (isRateMetric(metric)) return formatPercent(value);
  return formatNumber(value);
}

/** "up 12.5 %", "down 3 %", "no change": the comparison in words a screen reader says too. */
export function formatChange(change: number | null, direction: 'up' | 'down' | 'flat' | null): string {
  if (change === null || direction === null) return 'No comparison';
  if (direction === 'flat') return 'no change';
  return `${direction} ${formatPercent(Math.abs(change))}`;
}

export const formatCount = formatWhole;

/**
 * Identifier columns by name: `id`, `*_id` (brand_id, media_id, benchmark_industry_id in the
 * report rows) or a camelCase `*Id`. An id is a label, not a quantity: "1,234,567" would read as
 * a count and would not match the id a person looks up or pastes elsewhere.
 */
export const isIdColumn = (column: string) => /(^|_)id$/i.test(column) || /[a-z]Id$/.test(column);

/** A cell of a preview table: ids as plain digits, other numbers grouped, objects as JSON, nothing blank. */
export function formatCell(value: unknown, column: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (isIdColumn(column)) return String(value);
    return formatNumber(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
