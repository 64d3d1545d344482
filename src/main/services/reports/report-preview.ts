import { graphReportTypes, type ReportPreviewView, type ReportNote } from '../../../shared/contract/index.ts';
import { isMetricReport, type ReportType } from '../../../shared/domain/index.ts';
import { columnsOf, reportRows, type ReportRow } from './report-rows.ts';

/**
 * Report data (JSON) shaped for a preview: figures with their comparison for metric reports,
 * series for graph reports, a table otherwise. Rows the app cannot read as its kind (the
 * interface does not show the shape) fall back to a table, and data that is no list of rows is
 * shown as it came.
 */

type Figure = Extract<ReportPreviewView, { kind: 'figures' }>['figures'][number];
type Series = Extract<ReportPreviewView, { kind: 'series' }>['series'][number];

const numberOrNull = (value: unknown): number | null | undefined =>
  value === null || value === undefined
    ? null
    : typeof value === 'number' && Number.isFinite(value)
      ? value
      : undefined;
const idOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** How a figure moved against its comparison: the service's `change`, or worked out here. */
export function comparison(value: number | null, contextValue: number | null, given?: unknown) {
  let change = typeof given === 'number' && Number.isFinite(given) ? given : null;
  if (change === null && value !== null && contextValue !== null && contextValue !== 0) {
    change = Math.round(((value - contextValue) / Math.abs(contextValue)) * 10_000) / 10_000;
  }
  const direction = change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return { change, direction } as const;
}

function figuresOf(rows: readonly ReportRow[]): Figure[] | undefined {
  const figures: Figure[] = [];
  for (const row of rows) {
    const value = numberOrNull(row.value);
    const contextValue = numberOrNull(row.context_value);
    if (typeof row.metric !== 'string' || value === undefined || contextValue === undefined) return undefined;
    figures.push({
      brandId: idOrNull(row.brand_id),
      benchmarkIndustryId: idOrNull(row.benchmark_industry_id),
      isCompetitor: row.is_competitor === true,
      channel: String(row.channel ?? ''),
      metric: row.metric,
      value,
      contextValue,
      ...comparison(value, contextValue, row.change),
      shareOfVoice: numberOrNull(row.share_of_voice) ?? null,
    });
  }
  return figures;
}

function seriesOf(rows: readonly ReportRow[]): Series[] | undefined {
  const byLine = new Map<string, Series>();
  for (const row of rows) {
    const value = numberOrNull(row.value);
    if (typeof row.date !== 'string' || typeof row.metric !== 'string' || value === undefined)
      return undefined;
    const brandId = idOrNull(row.brand_id);
    const channel = String(row.channel ?? '');
    const key = JSON.stringify([brandId, channel, row.metric]);
    let line = byLine.get(key);
    if (!line) byLine.set(key, (line = { brandId, channel, metric: row.metric, points: [] }));
    line.points.push({ date: row.date, value });
  }
  return [...byLine.values()];
}

export interface TablePage {
  offset: number;
  limit: number;
  /** Rows the report holds, when more than the rows read. */
  count?: number;
}

export function tableView(rows: readonly ReportRow[], page: TablePage): ReportPreviewView {
  return {
    kind: 'table',
    columns: columnsOf(rows),
    count: Math.max(page.count ?? 0, rows.length),
    previewable: rows.length,
    items: rows.slice(page.offset, page.offset + page.limit),
  };
}

export function previewView(type: ReportType, data: unknown, page: TablePage): ReportPreviewView {
  const rows = reportRows(data);
  if (!rows) return { kind: 'raw', data };
  if (isMetricReport(type)) {
    const figures = figuresOf(rows);
    if (figures) return { kind: 'figures', figures };
  }
  if ((graphReportTypes as readonly ReportType[]).includes(type)) {
    const series = seriesOf(rows);
    if (series) return { kind: 'series', series };
  }
  return tableView(rows, page);
}

export function truncatedNote(previewable: number, count: number): ReportNote {
  return {
    code: 'preview_truncated',
    message: `The preview shows the first ${previewable.toLocaleString('en')} of ${count.toLocaleString('en')} rows; the export holds them all.`,
  };
}

export const unavailableNote = (count: number): ReportNote => ({
  code: 'preview_unavailable',
  message: `A preview in ascending order would read all ${count.toLocaleString('en')} rows; export the report to see it, or preview it in descending order.`,
});
