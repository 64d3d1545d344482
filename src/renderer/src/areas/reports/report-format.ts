import { isRateMetric } from './report-labels.ts';

/** Numbers as people read them in a report: grouped digits, rates as percentages. */

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

export function formatFigure(value: number | null, metric: string): string {
  if (value === null) return 'No data';
  if (isRateMetric(metric)) return percent.format(value);
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

/** "up 12.5 %", "down 3 %", "no change": the comparison in words a screen reader says too. */
export function formatChange(change: number | null, direction: 'up' | 'down' | 'flat' | null): string {
  if (change === null || direction === null) return 'No comparison';
  if (direction === 'flat') return 'no change';
  return `${direction} ${percent.format(Math.abs(change))}`;
}

const kilo = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** 1536 -> "1.5 kB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${kilo.format(value)} ${units[unit]}`;
}

export const formatCount = (n: number) => integer.format(n);

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
    return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
