import { describe, expect, it } from 'vitest';
import { reportTypeToSend, filenameFrom } from '../../../../src/main/services/api/reports.ts';
import { clientFor, failureOf, sandboxForThisFile } from '../support/sandbox.ts';

/**
 * Report data ({dashboard_url}, ops 12 and 13) through the client. The sandbox runs on today's
 * clock, after the 2026-06-30 withdrawal of SINGLE_METRIC, so a client that sent it would get 400.
 */
const sandbox = await sandboxForThisFile({ now: '2026-08-01T10:00:00Z' });
const client = clientFor(sandbox);
const brand = sandbox.brands[0]!;
const metricRange = {
  start_date: '2026-01-01',
  end_date: '2026-01-31',
  context_start_date: '2025-12-01',
  context_end_date: '2025-12-31',
};

describe('reports client', () => {
  it('always sends TOTAL_METRIC where SINGLE_METRIC or nothing was asked', () => {
    expect(reportTypeToSend(undefined)).toBe('TOTAL_METRIC');
    expect(reportTypeToSend('SINGLE_METRIC')).toBe('TOTAL_METRIC');
    expect(reportTypeToSend('CONTENT_OWNED')).toBe('CONTENT_OWNED');
  });

  it('gets a metric report after SINGLE_METRIC was withdrawn, whether SINGLE_METRIC or no type was asked', async () => {
    const query = {
      channels: ['INSTAGRAM' as const],
      metrics: ['IMPRESSIONS'],
      brand_ids: [brand],
      ...metricRange,
    };
    const asSingle = await client.reports.get({ ...query, report_type: 'SINGLE_METRIC' });
    const asNothing = await client.reports.get(query);
    const asTotal = await client.reports.get({ ...query, report_type: 'TOTAL_METRIC' });
    expect(asSingle.data).toEqual(asTotal.data);
    expect(asNothing.data).toEqual(asTotal.data);
    // What the service does to a client that still sends it: 400, kept as an ApiError.
    const raw = await failureOf(() =>
      client.http.send({
        operation: 'raw',
        area: 'dashboard',
        method: 'GET',
        path: 'reports/data',
        query: { ...query, report_type: 'SINGLE_METRIC' },
      }),
    );
    expect(raw).toMatchObject({ kind: 'http', status: 400 });
  });

  it('gets a content report as JSON rows', async () => {
    const report = await client.reports.get({
      report_type: 'CONTENT_OWNED',
      channels: ['INSTAGRAM'],
      metrics: ['IMPRESSIONS'],
      brand_ids: [brand],
      limit: 5,
    });
    expect(Array.isArray(report.data)).toBe(true);
    expect((report.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('sends a competitive report as PUT with its body', async () => {
    const report = await client.reports.put(
      {
        report_type: 'BENCHMARK_METRIC',
        channels: ['INSTAGRAM'],
        metrics: ['IMPRESSIONS'],
        brand_ids: [brand],
        ...metricRange,
      },
      { benchmarks: [{ industry_id: 4 }] },
    );
    expect(JSON.stringify(report.data)).toContain('benchmark');
  });

  it('streams a CSV report with the name the service gives it', async () => {
    const download = await client.reports.downloadCsv({
      report_type: 'CONTENT_OWNED',
      channels: ['INSTAGRAM'],
      metrics: ['IMPRESSIONS'],
      brand_ids: [brand],
      filename: 'owned-july',
    });
    expect(download.filename).toBe('owned-july.csv');
    expect(download.contentType).toMatch(/^text\/csv/);
    let text = '';
    let chunks = 0;
    const decoder = new TextDecoder();
    for await (const chunk of download.body) {
      chunks += 1;
      text += decoder.decode(chunk, { stream: true });
    }
    expect(chunks).toBeGreaterThan(0);
    const [header, ...lines] = text.trim().split('\n');
    expect(header).toContain('media_id');
    expect(lines.length).toBeGreaterThan(0);
  });

  it('keeps the field errors of a refused report (422: a metric report without its comparison range)', async () => {
    const error = await failureOf(() =>
      client.reports.get({ channels: ['INSTAGRAM'], metrics: ['IMPRESSIONS'], brand_ids: [brand] }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 422 });
    expect(Object.keys((error as { fieldErrors: object }).fieldErrors)).toContain('context_start_date');
  });

  it('reads only a base name from Content-Disposition', () => {
    expect(filenameFrom('attachment; filename="../../etc/passwd.csv"')).toBe('passwd.csv');
    expect(filenameFrom(null)).toBeUndefined();
  });
});
