import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema, reportDataSchema } from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

type Row = Record<string, unknown>;
const context = { context_start_date: '2025-01-01', context_end_date: '2025-01-31' };

/** Ops 12 and 13: GET|PUT /reports/data (conventions §8 and §10). */
describe('dashboard: report data', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2025-03-01T12:00:00Z', rateLimit: 10_000 });
  });
  afterAll(() => sb.close());

  /** The parameters every report needs (interface.md Limits), which a test may override. */
  const required = () => ({ channels: 'INSTAGRAM', metrics: 'IMPRESSIONS', brand_ids: sb.brands.join(',') });
  const report = (
    query: Record<string, string | number | boolean | undefined>,
    method = 'GET',
    body?: unknown,
  ) =>
    sb.call(method, '/dashboard/reports/data', {
      query: { ...required(), ...query },
      body: body ?? (method === 'PUT' ? {} : undefined),
    });
  const rows = (result: { body: unknown }) => reportDataSchema.parse(result.body).data as Row[];
  const csvLines = (text: string) => text.split('\r\n').filter((line) => line !== '');

  it('answers 400 naming TOTAL_METRIC when report_type is missing', async () => {
    const result = await report({ channels: 'INSTAGRAM' });
    expect(result.status).toBe(400);
    const error = errorObjectSchema.parse(result.body);
    expect(error.message).toContain('TOTAL_METRIC');
    expect(error.errors.report_type).toBeDefined();
  });

  it('answers a metric report as {data} JSON with values for the range and its comparison range', async () => {
    const result = await report({
      report_type: 'TOTAL_METRIC',
      metrics: 'IMPRESSIONS,ENGAGEMENT_RATE',
      channels: 'INSTAGRAM,TIKTOK',
      brand_ids: sb.brands.join(','),
      start_date: '2025-02-01',
      end_date: '2025-02-28',
      ...context,
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const data = rows(result);
    expect(data.length).toBe(2 * 2 * sb.brands.length);
    for (const row of data) {
      expect(sb.brands).toContain(row.brand_id);
      expect(typeof row.value).toBe('number');
      expect(typeof row.context_value).toBe('number');
      if (row.metric === 'ENGAGEMENT_RATE') expect(row.value).toBeLessThan(1);
    }
    // Same request, same numbers: the data is a formula of what it describes.
    expect(
      rows(
        await report({
          report_type: 'TOTAL_METRIC',
          metrics: 'IMPRESSIONS,ENGAGEMENT_RATE',
          channels: 'INSTAGRAM,TIKTOK',
          brand_ids: sb.brands.join(','),
          start_date: '2025-02-01',
          end_date: '2025-02-28',
          ...context,
        }),
      ),
    ).toEqual(data);
  });

  it('adds the series with include_data, which needs start_date and end_date (422 otherwise)', async () => {
    const missing = await report({ report_type: 'TOTAL_METRIC', include_data: true, ...context });
    expect(missing.status).toBe(422);
    expect(Object.keys(errorObjectSchema.parse(missing.body).errors).sort()).toEqual([
      'end_date',
      'start_date',
    ]);
    const daily = rows(
      await report({
        report_type: 'TOTAL_METRIC',
        include_data: true,
        start_date: '2025-02-01',
        end_date: '2025-02-10',
        metrics: 'IMPRESSIONS',
        ...context,
      }),
    );
    const series = daily[0]!.data as { date: string; value: number }[];
    expect(series.map((p) => p.date)).toHaveLength(10);
    expect(series.reduce((sum, p) => sum + p.value, 0)).toBe(daily[0]!.value);
  });

  it('needs the comparison range for every metric report (422)', async () => {
    for (const type of [
      'TOTAL_METRIC',
      'MULTI_BRAND_METRIC',
      'COMPETITIVE_MULTI_BRAND_METRIC',
      'BENCHMARK_METRIC',
    ]) {
      const result = await report({ report_type: type, context_start_date: '2025-01-01' });
      expect(result.status, type).toBe(422);
      expect(Object.keys(errorObjectSchema.parse(result.body).errors)).toEqual(['context_end_date']);
    }
    expect((await report({ report_type: 'GRAPH' })).status).toBe(200);
  });

  it('answers 422 for bad parameters and 403 for brands out of reach', async () => {
    for (const query of [
      { report_type: 'TOTAL_REACH' },
      { report_type: 'CONTENT', limit: 1_000_001 },
      { report_type: 'CONTENT', channels: 'MYSPACE' },
      { report_type: 'CONTENT', channels: '' },
      { report_type: 'CONTENT', start_date: '2025-02-30' },
      { report_type: 'CONTENT', start_date: '2025-03-01', end_date: '2025-02-01' },
      { report_type: 'CONTENT', time_scale: 'HOURLY' },
      { report_type: 'CONTENT', format: 'xlsx' },
      { report_type: 'CONTENT', filters: '{not json' },
      { report_type: 'CONTENT', filename: 'a"b' },
      { report_type: 'CONTENT', colour: 'red' },
    ]) {
      expect((await report(query)).status, JSON.stringify(query)).toBe(422);
    }
    expect(
      (await report({ report_type: 'CONTENT', brand_ids: `${sb.brands[0]},${sb.sandbox.foreignBrand}` }))
        .status,
    ).toBe(403);
    expect((await report({ report_type: 'CONTENT', brand_ids: '777777' })).status).toBe(403);
    expect(
      (await sb.call('GET', '/dashboard/reports/data', { query: { report_type: 'CONTENT' }, token: null }))
        .status,
    ).toBe(401);
    expect(
      (await sb.call('DELETE', '/dashboard/reports/data', { query: { report_type: 'CONTENT' } })).status,
    ).toBe(405);
  });

  it('answers csv with the attachment headers, named by filename or by report type', async () => {
    const byType = await report({ report_type: 'CONTENT_OWNED', format: 'csv', limit: 5 });
    expect(byType.status).toBe(200);
    expect(byType.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(byType.headers.get('content-disposition')).toBe('attachment; filename="CONTENT_OWNED.csv"');
    const lines = csvLines(byType.text);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toContain('impressions');
    const named = await report({
      report_type: 'GRAPH',
      format: 'csv',
      filename: 'q1 growth',
      time_scale: 'MONTHLY',
      start_date: '2025-01-01',
      end_date: '2025-03-31',
      metrics: 'IMPRESSIONS',
      brand_ids: String(sb.brands[0]),
    });
    expect(named.headers.get('content-disposition')).toBe('attachment; filename="q1 growth.csv"');
    expect(
      csvLines(named.text)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
  });

  it('gives content reports exactly `limit` rows, ordered by the first metric as sort_order says', async () => {
    const desc = rows(
      await report({ report_type: 'CONTENT', limit: 250, metrics: 'ENGAGEMENTS,IMPRESSIONS' }),
    );
    const asc = rows(
      await report({
        report_type: 'CONTENT',
        limit: 250,
        metrics: 'ENGAGEMENTS,IMPRESSIONS',
        sort_order: 'ASC',
      }),
    );
    expect(desc).toHaveLength(250);
    expect(asc).toHaveLength(250);
    for (let i = 1; i < 250; i++) {
      expect(Number(desc[i - 1]!.engagements)).toBeGreaterThanOrEqual(Number(desc[i]!.engagements));
      expect(Number(asc[i - 1]!.engagements)).toBeLessThanOrEqual(Number(asc[i]!.engagements));
    }
    expect(rows(await report({ report_type: 'CONTENT' }))).toHaveLength(100);
    expect(rows(await report({ report_type: 'CONTENT', limit: 0 }))).toEqual([]);
    const videos = rows(
      await report({
        report_type: 'CONTENT',
        limit: 50,
        filters: JSON.stringify({ media_types: ['VIDEO'] }),
      }),
    );
    expect(videos.every((row) => row.media_type === 'VIDEO')).toBe(true);
  });

  it('gives two metrics of the same name length values of their own in a content report', async () => {
    // LIKES and SAVES have the same length; each metric is a formula of its own name.
    const content = rows(
      await report({ report_type: 'CONTENT', limit: 20, metrics: 'IMPRESSIONS,LIKES,SAVES' }),
    );
    expect(content).toHaveLength(20);
    expect(content.some((row) => row.likes !== row.saves)).toBe(true);
  });

  it('streams a large csv content report row by row', async () => {
    const response = await fetch(
      sb.url('/dashboard/reports/data', {
        ...required(),
        report_type: 'CONTENT',
        format: 'csv',
        limit: 50_000,
      }),
      {
        headers: { authorization: `Bearer ${sb.sandbox.tokens.user}` },
      },
    );
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    let newlines = 0;
    let chunks = 0;
    for await (const chunk of response.body!) {
      chunks++;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
    expect(newlines).toBe(50_001);
    expect(chunks).toBeGreaterThan(10);
  });

  it('takes competitive input on PUT, with share of voice', async () => {
    const result = await report(
      {
        report_type: 'COMPETITIVE_MULTI_BRAND_METRIC',
        competitive_brand_ids: '5001,5002',
        share_of_voice: true,
        metrics: 'IMPRESSIONS',
        brand_ids: String(sb.brands[0]),
        ...context,
      },
      'PUT',
      { competitor_source_account_ids: ['17841400000000001'], benchmarks: [{ industry_id: 3 }] },
    );
    expect(result.status).toBe(200);
    const data = rows(result);
    expect(data.map((row) => row.is_competitor)).toEqual([false, true, true]);
    const share = data.reduce((sum, row) => sum + Number(row.share_of_voice), 0);
    expect(share).toBeCloseTo(1, 2);
    const bad = await report({ report_type: 'BENCHMARK_METRIC', ...context }, 'PUT', {
      benchmarks: [{ industry: 3 }],
    });
    expect(bad.status).toBe(422);
  });
});

describe('dashboard: the SINGLE_METRIC withdrawal on 2026-06-30', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ now: '2026-06-29T23:59:00Z' });
  });
  afterAll(() => sb.close());

  it('accepts SINGLE_METRIC before the date and answers 400 naming TOTAL_METRIC from then on', async () => {
    const query = {
      report_type: 'SINGLE_METRIC',
      channels: 'INSTAGRAM',
      metrics: 'IMPRESSIONS',
      brand_ids: String(sb.brands[0]),
      ...context,
    };
    expect((await sb.call('GET', '/dashboard/reports/data', { query })).status).toBe(200);
    sb.sandbox.clock.advance(60_000);
    const after = await sb.call('GET', '/dashboard/reports/data', { query });
    expect(after.status).toBe(400);
    expect(errorObjectSchema.parse(after.body).message).toContain('TOTAL_METRIC');
    expect(
      (await sb.call('GET', '/dashboard/reports/data', { query: { ...query, report_type: 'TOTAL_METRIC' } }))
        .status,
    ).toBe(200);
  });
});
