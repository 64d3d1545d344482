import { brandLabel } from '../../app/brands-store.ts';
import { sentenceCase, sourceName } from '../../lib/labels/index.ts';
import { formatNumber, formatPercent, formatWhole } from '../../lib/number-format.ts';
import type { TimeWords } from '../../lib/time-words.ts';
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

/** The report rows' own columns by name; any other column (a metric) reads as its name in words. */
const columnNames: Record<string, string> = {
  rank: 'Rank',
  brand_id: 'Brand',
  channel: 'Channel',
  media_id: 'Media id',
  media_type: 'Media type',
  published_at: 'Published',
  caption: 'Caption',
  permalink: 'Link',
  date: 'Date',
  metric: 'Metric',
  value: 'Value',
  context_value: 'Comparison',
  change: 'Change',
  share_of_voice: 'Share of voice',
  is_competitor: 'Competitor',
  benchmark_industry_id: 'Industry',
};

/** A column's heading: `published_at` is "Published", `engagement_rate` "Engagement rate". */
export function columnLabel(column: string): string {
  return columnNames[column] ?? sentenceCase(column);
}

/** Columns whose values are names written for machines (`CAROUSEL_ALBUM`), read in words. */
const enumColumns = new Set(['media_type', 'metric', 'direction', 'status']);
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A figure of a rate column (`engagement_rate`, `share_of_voice`) is a ratio: shown as a percentage. */
const isRateColumn = (column: string) => isRateMetric(column) || column === 'change';

/** Whether a cell reads as a figure: right-aligned, digits lined up. */
export const isFigureCell = (value: unknown, column: string) =>
  typeof value === 'number' && column !== 'brand_id';

/**
 * A cell of a preview table as the person reads it: brands and channels by name, machine names
 * in words, instants in their own zone and way of writing dates, rates as percentages, ids as
 * plain digits, other numbers grouped, objects as JSON, nothing blank.
 */
export function formatCell(value: unknown, column: string, words: TimeWords = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (column === 'brand_id') return brandLabel(value);
    if (isIdColumn(column)) return String(value);
    if (isRateColumn(column)) return formatPercent(value, 2);
    return formatNumber(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (column === 'channel') return sourceName(text);
  if (enumColumns.has(column) && /^[A-Z0-9_]+$/.test(text)) return sentenceCase(text);
  if (dateTime.test(text) && !Number.isNaN(Date.parse(text))) {
    return new Intl.DateTimeFormat(words.locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: words.timeZone,
    }).format(new Date(text));
  }
  if (dateOnly.test(text)) {
    return new Intl.DateTimeFormat(words.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${text}T00:00:00Z`),
    );
  }
  return text;
}

/** A report's days (YYYY-MM-DD, the service's calendar): "1 Jul – 31 Jul 2026", the year once when shared. */
export function formatReportDays(from: string, to: string): string {
  const day = (withYear: boolean) =>
    new Intl.DateTimeFormat(undefined, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${day(!sameYear).format(start)} – ${day(true).format(end)}`;
}
