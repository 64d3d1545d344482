import { describe, expect, it } from 'vitest';
import {
  reportDataSchema,
  reportPutBodySchema,
  reportQuerySchema,
  reportTypeSchema,
  toQueryParams,
  type ReportQueryInput,
} from '../../../src/shared/domain/index.ts';
import { without } from './samples.ts';

/** A metric report as a server receives it: every value a string. */
const metricQuery = {
  report_type: 'TOTAL_METRIC',
  channels: 'INSTAGRAM,TIKTOK',
  metrics: 'ENGAGEMENTS,IMPRESSIONS',
  brand_ids: '3,4',
  start_date: '2023-11-01',
  end_date: '2023-11-07',
  context_start_date: '2023-10-01',
  context_end_date: '2023-10-07',
  time_scale: 'DAILY',
  sort_order: 'DESC',
  include_data: 'true',
};

describe('report query', () => {
  it('parses a metric report from query strings into typed values', () => {
    expect(reportQuerySchema.parse(metricQuery)).toEqual({
      ...metricQuery,
      channels: ['INSTAGRAM', 'TIKTOK'],
      metrics: ['ENGAGEMENTS', 'IMPRESSIONS'],
      brand_ids: [3, 4],
      include_data: true,
    });
  });

  it('parses a csv content export with its filters, limit and filename', () => {
    const query = reportQuerySchema.parse({
      report_type: 'CONTENT_OWNED',
      competitive_brand_ids: '7',
      limit: '1000000',
      filters: '{"media_type":["VIDEO"]}',
      filename: 'spring-owned',
      format: 'csv',
      null_if_no_posts: 'false',
      share_of_voice: 'true',
    });
    expect(query).toMatchObject({
      limit: 1_000_000,
      filters: { media_type: ['VIDEO'] },
      format: 'csv',
      null_if_no_posts: false,
      share_of_voice: true,
      competitive_brand_ids: [7],
    });
  });

  it('round-trips a typed query through the strings of a URL', () => {
    const typed: ReportQueryInput = {
      report_type: 'GRAPH',
      channels: ['TWITTER'],
      brand_ids: [3],
      filters: { a: 1 },
      include_data: false,
    };
    expect(reportQuerySchema.parse(toQueryParams(typed))).toEqual(typed);
  });

  it('accepts SINGLE_METRIC as an enum value but refuses a query without report_type', () => {
    expect(reportTypeSchema.safeParse('SINGLE_METRIC').success).toBe(true);
    expect(reportQuerySchema.safeParse({ ...metricQuery, report_type: 'SINGLE_METRIC' }).success).toBe(true);
    const result = reportQuerySchema.safeParse(without(metricQuery, 'report_type'));
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(['report_type']);
  });

  it('refuses empty lists, unknown channels, bad dates and an oversized limit', () => {
    expect(reportQuerySchema.safeParse({ ...metricQuery, channels: '' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, metrics: '' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, brand_ids: '' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, competitive_brand_ids: '' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, channels: 'MYSPACE' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, start_date: '2023-11-01T00:00:00Z' }).success).toBe(
      false,
    );
    expect(reportQuerySchema.safeParse({ ...metricQuery, limit: '1000001' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, format: 'xlsx' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, filters: '[1,2]' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, include_data: 'yes' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, brand: '3' }).success).toBe(false);
  });

  it('refuses a filename that would break the download header', () => {
    expect(reportQuerySchema.safeParse({ ...metricQuery, filename: 'a"b' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, filename: '../etc/passwd' }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ ...metricQuery, filename: 'a\r\nb' }).success).toBe(false);
  });

  it('needs the range with include_data and the comparison range for metric reports', () => {
    expect(reportQuerySchema.safeParse(without(metricQuery, 'start_date')).error?.issues[0]?.path).toEqual([
      'start_date',
    ]);
    expect(
      reportQuerySchema.safeParse(without(metricQuery, 'context_end_date')).error?.issues[0]?.path,
    ).toEqual(['context_end_date']);
    expect(reportQuerySchema.safeParse({ report_type: 'CONTENT', include_data: 'false' }).success).toBe(true);
  });
});

describe('PUT body and answer', () => {
  it('accepts benchmarks and competitor accounts, refuses anything else', () => {
    const body = { benchmarks: [{ industry_id: 2 }], competitor_source_account_ids: ['1789'] };
    expect(reportPutBodySchema.parse(body)).toEqual(body);
    expect(reportPutBodySchema.safeParse({ benchmarks: [{ industry_id: -1 }] }).success).toBe(false);
    expect(reportPutBodySchema.safeParse({ benchmarks: [{ industry_id: 2, name: 'x' }] }).success).toBe(
      false,
    );
    expect(reportPutBodySchema.safeParse({ ...body, extra: true }).success).toBe(false);
  });

  it('parses {data} of any shape', () => {
    expect(reportDataSchema.parse({ data: [{ ENGAGEMENTS: 12 }] }).data).toEqual([{ ENGAGEMENTS: 12 }]);
  });
});
