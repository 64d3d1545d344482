import { mediaTypes } from '../../../shared/domain/index.ts';
import { hashString } from '../../random.ts';
import { contentReport, isContentReport } from './content-report.ts';
import { isRate, rangeValue, series } from './report-formula.ts';
import type { ReportRequest } from './report-request.ts';

/**
 * Report data, computed from a formula rather than stored: every value is a hash of what it
 * describes (brand, channel, metric, day or row number), so the same request always gives the
 * same report, ranges add up, and a content report of a million rows costs no memory: rows are
 * produced one by one, already in the requested order, as the answer streams out.
 */

export interface ReportTable {
  columns: string[];
  rows: Iterable<Record<string, unknown>>;
}

function metricReport(request: ReportRequest, metrics: string[], channels: string[]): ReportTable {
  const { query, range, context, body } = request;
  const nullIfNoPosts = query.null_if_no_posts === true;
  const competitors = query.report_type.startsWith('COMPETITIVE') ? (query.competitive_brand_ids ?? []) : [];
  const rows: Record<string, unknown>[] = [];
  const columns = ['brand_id', 'is_competitor', 'channel', 'metric', 'value', 'context_value', 'change'];
  for (const channel of channels) {
    for (const metric of metrics) {
      const group: Record<string, unknown>[] = [];
      for (const [brandId, isCompetitor] of [
        ...request.brandIds.map((id) => [id, false] as const),
        ...competitors.map((id) => [id, true] as const),
      ]) {
        const value = rangeValue(brandId, channel, metric, range.start, range.end, nullIfNoPosts);
        const contextValue = context
          ? rangeValue(brandId, channel, metric, context.start, context.end, nullIfNoPosts)
          : null;
        const change =
          value !== null && contextValue
            ? Math.round(((value - contextValue) / contextValue) * 10_000) / 10_000
            : null;
        const row: Record<string, unknown> = {
          brand_id: brandId,
          is_competitor: isCompetitor,
          channel,
          metric,
          value,
          context_value: contextValue,
          change,
        };
        if (query.include_data)
          row.data = series(brandId, channel, metric, range.start, range.end, query.time_scale === 'MONTHLY');
        group.push(row);
      }
      if (query.share_of_voice && competitors.length > 0 && !isRate(metric)) {
        const total = group.reduce((sum, row) => sum + Number(row.value ?? 0), 0);
        for (const row of group)
          row.share_of_voice = total > 0 ? Math.round((Number(row.value ?? 0) / total) * 10_000) / 10_000 : 0;
      }
      rows.push(...group);
      for (const benchmark of query.report_type === 'BENCHMARK_METRIC' ? (body.benchmarks ?? []) : []) {
        const industry = 900_000 + benchmark.industry_id;
        rows.push({
          brand_id: null,
          benchmark_industry_id: benchmark.industry_id,
          is_competitor: false,
          channel,
          metric,
          value: rangeValue(industry, channel, metric, range.start, range.end, false),
          context_value: context
            ? rangeValue(industry, channel, metric, context.start, context.end, false)
            : null,
          change: null,
        });
      }
    }
  }
  if (query.include_data) columns.push('data');
  if (query.share_of_voice && competitors.length > 0) columns.push('share_of_voice');
  if (query.report_type === 'BENCHMARK_METRIC') columns.push('benchmark_industry_id');
  return { columns, rows };
}

function graphReport(request: ReportRequest, metrics: string[], channels: string[]): ReportTable {
  const { query, range } = request;
  const brands = [
    ...request.brandIds,
    ...(query.report_type === 'COMPETITIVE_GRAPH' ? (query.competitive_brand_ids ?? []) : []),
  ];
  const monthly = query.time_scale === 'MONTHLY';
  function* rows(): Generator<Record<string, unknown>> {
    for (const brandId of brands) {
      for (const channel of channels) {
        for (const metric of metrics) {
          for (const point of series(brandId, channel, metric, range.start, range.end, monthly)) {
            yield { date: point.date, brand_id: brandId, channel, metric, value: point.value };
          }
        }
      }
    }
  }
  return { columns: ['date', 'brand_id', 'channel', 'metric', 'value'], rows: rows() };
}

function headerReport(
  request: ReportRequest,
  metrics: string[],
  channels: string[],
  byMediaType: boolean,
): ReportTable {
  const { query, range } = request;
  const rows: Record<string, unknown>[] = [];
  for (const brandId of request.brandIds) {
    for (const channel of channels) {
      for (const mediaType of byMediaType ? mediaTypes : [null]) {
        for (const metric of metrics) {
          const key = mediaType ? hashString(`${brandId}|${mediaType}`) % 1000 : 0;
          const value = rangeValue(
            brandId + key,
            channel,
            metric,
            range.start,
            range.end,
            query.null_if_no_posts === true,
          );
          rows.push(
            mediaType
              ? { brand_id: brandId, channel, media_type: mediaType, metric, value }
              : { brand_id: brandId, channel, metric, value },
          );
        }
      }
    }
  }
  const columns = byMediaType
    ? ['brand_id', 'channel', 'media_type', 'metric', 'value']
    : ['brand_id', 'channel', 'metric', 'value'];
  return { columns, rows };
}

/** The report a request asks for, as columns and (lazily produced) rows. */
export function buildReport(request: ReportRequest): ReportTable {
  const type = request.query.report_type;
  const { metrics, channels } = request.query;
  if (isContentReport(type)) return contentReport(request, metrics, channels);
  if (type === 'GRAPH' || type === 'COMPETITIVE_GRAPH' || type === 'BENCHMARK_GRAPH')
    return graphReport(request, metrics, channels);
  if (type === 'HEADER') return headerReport(request, metrics, channels, false);
  if (type === 'MULTI_METRIC_MEDIA_TYPE') return headerReport(request, metrics, channels, true);
  return metricReport(request, metrics, channels);
}
