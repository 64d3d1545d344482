import { describe, expect, it } from 'vitest';
import { reportDataSchema } from '../../../src/shared/domain/index.ts';
import { expectError, type Probe } from './probe-client.ts';

/** The instant SINGLE_METRIC is withdrawn (interface.md Versioning 2). */
export const singleMetricWithdrawnAt = Date.parse('2026-06-30T00:00:00Z');

export const metricQuery = {
  report_type: 'TOTAL_METRIC',
  context_start_date: '2026-01-01',
  context_end_date: '2026-01-31',
  start_date: '2026-02-01',
  end_date: '2026-02-28',
};

/** Ops 12 and 13 ({dashboard_url}/reports/data) and the report rules of conventions §8. */
export function dashboardProbe(probe: () => Probe): void {
  describe('dashboard: report data (ops 12-13)', () => {
    const reports = () => probe().at('dashboard', '/reports/data');
    /** What every report needs (interface.md Limits: at least one value each); a test may override it. */
    const required = () => ({
      channels: 'INSTAGRAM',
      metrics: 'IMPRESSIONS',
      brand_ids: probe().ready.brands.join(','),
    });
    const get = (query: Record<string, string | number | boolean>) =>
      probe().call('GET', reports(), { query: { ...required(), ...query } });

    it('answers 400 naming TOTAL_METRIC when report_type is missing', async () => {
      const error = expectError(await get({ channels: 'INSTAGRAM' }), 400);
      expect(error.message).toContain('TOTAL_METRIC');
      expect(Object.keys(error.errors)).toEqual(['report_type']);
    });

    it('answers SINGLE_METRIC by the sandbox clock: 400 from 2026-06-30, data before', async () => {
      const answer = await get({ ...metricQuery, report_type: 'SINGLE_METRIC' });
      if (Date.parse(answer.headers.get('date')!) >= singleMetricWithdrawnAt) {
        expect(expectError(answer, 400).message).toContain('TOTAL_METRIC');
      } else {
        expect(answer.status).toBe(200);
      }
    });

    it('channels, metrics and brand_ids are required: a 422 naming the one left out', async () => {
      for (const name of ['channels', 'metrics', 'brand_ids'] as const) {
        const query: Record<string, string> = { ...required(), report_type: 'CONTENT' };
        delete query[name];
        for (const method of ['GET', 'PUT']) {
          const answer = await probe().call(method, reports(), {
            query,
            json: method === 'PUT' ? {} : undefined,
          });
          expect(expectError(answer, 422).errors).toEqual({ [name]: ['Required.'] });
        }
      }
    });

    it('metric reports need the comparison range; include_data needs the reporting range (422)', async () => {
      const noContext = expectError(await get({ report_type: 'TOTAL_METRIC' }), 422);
      expect(Object.keys(noContext.errors).sort()).toEqual(['context_end_date', 'context_start_date']);
      const noRange = expectError(await get({ report_type: 'GRAPH', include_data: true }), 422);
      expect(Object.keys(noRange.errors).sort()).toEqual(['end_date', 'start_date']);
    });

    it('op 12 answers {data} JSON, with the reports bucket in the rate headers', async () => {
      const answer = await get({ ...metricQuery, include_data: true, metrics: 'IMPRESSIONS' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const rows = reportDataSchema.parse(answer.body).data as Record<string, unknown>[];
      expect(rows.length).toBe(probe().ready.brands.length);
      for (const row of rows) {
        expect(row).toMatchObject({
          metric: 'IMPRESSIONS',
          value: expect.any(Number),
          data: expect.any(Array),
        });
      }
      // Conventions §4: 60 report calls per window, the tighter of the two limits.
      expect(answer.headers.get('x-ratelimit-limit')).toBe('60');
    });

    it('format=csv streams text/csv with the file named after filename, else the report type', async () => {
      const named = await get({ ...metricQuery, format: 'csv', filename: 'q1 totals' });
      expect(named.status).toBe(200);
      expect(named.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(named.headers.get('content-disposition')).toBe('attachment; filename="q1 totals.csv"');
      expect(named.text.split('\r\n')[0]).toContain('metric');
      const head = await probe().call('HEAD', reports(), {
        query: { ...required(), report_type: 'CONTENT', format: 'csv', limit: 1_000_000 },
      });
      expect(head.headers.get('content-disposition')).toBe('attachment; filename="CONTENT.csv"');
      expect(head.text).toBe('');
      const content = await get({ report_type: 'CONTENT', format: 'csv', limit: 3 });
      expect(content.headers.get('content-disposition')).toBe('attachment; filename="CONTENT.csv"');
      expect(content.text.trimEnd().split('\r\n').length).toBe(4);
    });

    it('content reports honour limit; bad enums, unknown params and foreign brands are refused', async () => {
      const content = await get({ report_type: 'CONTENT', limit: 5, channels: 'INSTAGRAM,TIKTOK' });
      expect((reportDataSchema.parse(content.body).data as unknown[]).length).toBe(5);
      expect(expectError(await get({ report_type: 'CONTENT', channels: 'MYSPACE' }), 422).errors).not.toEqual(
        {},
      );
      expectError(await get({ report_type: 'CONTENT', channels: '' }), 422);
      expectError(await get({ report_type: 'CONTENT', colour: 'red' }), 422);
      expectError(await get({ report_type: 'CONTENT', brand_ids: probe().ready.foreign_brand }), 403);
    });

    it('op 13 (PUT) takes benchmarks in the body; bad JSON is 400 and unknown fields 422', async () => {
      const url = probe().at('dashboard', '/reports/data', {
        ...required(),
        ...metricQuery,
        report_type: 'BENCHMARK_METRIC',
      });
      const answer = await probe().call('PUT', url, { json: { benchmarks: [{ industry_id: 7 }] } });
      expect(answer.status).toBe(200);
      const rows = reportDataSchema.parse(answer.body).data as Record<string, unknown>[];
      expect(rows.some((row) => row.benchmark_industry_id === 7)).toBe(true);
      expectError(
        await probe().call('PUT', url, {
          raw: { body: '{"benchmarks": [', contentType: 'application/json' },
        }),
        400,
      );
      expectError(await probe().call('PUT', url, { json: { benchmark: [] } }), 422);
    });
  });
}
