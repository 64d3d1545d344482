import { afterAll, describe, expect, it } from 'vitest';
import type { ReportConfigInput, ReportPreviewView } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/** Report data for previews through the contract, against a real sandbox (after SINGLE_METRIC's end). */
const sandbox = await sandboxForThisFile({ now: '2026-08-01T10:00:00Z', rateLimit: 10_000 });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

type Row = Record<string, unknown>;

/** The sandbox's own JSON rows for a query, read without the app. */
async function serviceRows(query: Record<string, string>, body?: unknown): Promise<Row[]> {
  const response = await fetch(`${sandbox.urls.dashboard}/reports/data?${new URLSearchParams(query)}`, {
    method: body ? 'PUT' : 'GET',
    headers: {
      authorization: `Bearer ${sandbox.tokens.user}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Row[] }).data;
}

const reportRequests = () => app.requests.filter((r) => r.includes('/reports/data'));

function viewOf<K extends ReportPreviewView['kind']>(view: ReportPreviewView, kind: K) {
  expect(view.kind).toBe(kind);
  return view as Extract<ReportPreviewView, { kind: K }>;
}

const metricRanges = {
  start_date: '2026-07-01',
  end_date: '2026-07-31',
  context_start_date: '2026-06-01',
  context_end_date: '2026-06-30',
};

describe('reports:data for content reports', () => {
  const config: ReportConfigInput = {
    report_type: 'CONTENT_OWNED',
    channels: ['INSTAGRAM', 'TIKTOK'],
    metrics: ['IMPRESSIONS', 'VIDEO_VIEWS'],
    brand_ids: [101, 102],
    limit: 250,
  };

  it('answers the rows asked for, the app list way, and pages from one request', async () => {
    const expected = await serviceRows({
      report_type: 'CONTENT_OWNED',
      channels: 'INSTAGRAM,TIKTOK',
      metrics: 'IMPRESSIONS,VIDEO_VIEWS',
      brand_ids: '101,102',
      limit: '250',
    });
    const before = reportRequests().length;
    const first = valueOf(await app.call('reports:data', { config, offset: 100, limit: 50 }));
    const table = viewOf(first.view, 'table');
    expect(table.items).toEqual(expected.slice(100, 150));
    expect(table).toMatchObject({ count: 250, previewable: 250, columns: Object.keys(expected[0]!) });
    expect(first.notes).toEqual([]);
    const last = viewOf(
      valueOf(await app.call('reports:data', { config, offset: 200, limit: 100 })).view,
      'table',
    );
    expect(last.items).toEqual(expected.slice(200, 250));
    expect(reportRequests().length).toBe(before + 1);
  });

  it('reads the first 10,000 rows of a long report in descending order, and says there are more', async () => {
    const before = reportRequests().length;
    const long = { ...config, limit: 1_000_000, sort_order: 'DESC' as const };
    const preview = valueOf(await app.call('reports:data', { config: long, offset: 9_990, limit: 50 }));
    const table = viewOf(preview.view, 'table');
    expect(table).toMatchObject({ count: 1_000_000, previewable: 10_000 });
    expect(table.items).toHaveLength(10);
    expect(preview.notes).toEqual([expect.objectContaining({ code: 'preview_truncated' })]);
    const sent = reportRequests().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('limit=10000');
    // In descending order the top rows of a longer report are those of a shorter one: the rows
    // shown are those of a report twice as long as the one read.
    const longer = await serviceRows({
      report_type: 'CONTENT_OWNED',
      channels: 'INSTAGRAM,TIKTOK',
      metrics: 'IMPRESSIONS,VIDEO_VIEWS',
      brand_ids: '101,102',
      limit: '20000',
      sort_order: 'DESC',
    });
    expect(table.items).toEqual(longer.slice(9_990, 10_000));
  });

  it('does not preview a long report in ascending order, which would read it all', async () => {
    const before = reportRequests().length;
    const preview = valueOf(
      await app.call('reports:data', { config: { ...config, limit: 500_000, sort_order: 'ASC' } }),
    );
    expect(viewOf(preview.view, 'table')).toMatchObject({ count: 500_000, previewable: 0, items: [] });
    expect(preview.notes).toEqual([expect.objectContaining({ code: 'preview_unavailable' })]);
    expect(reportRequests().length).toBe(before);
  });
});

describe('reports:data for metric and graph reports', () => {
  it('gives each figure with its comparison: the value before, the change and its direction', async () => {
    const config: ReportConfigInput = {
      report_type: 'TOTAL_METRIC',
      channels: ['INSTAGRAM'],
      metrics: ['IMPRESSIONS', 'FOLLOWERS', 'ENGAGEMENT_RATE'],
      brand_ids: [101, 103],
      ...metricRanges,
    };
    const expected = await serviceRows({
      report_type: 'TOTAL_METRIC',
      channels: 'INSTAGRAM',
      metrics: 'IMPRESSIONS,FOLLOWERS,ENGAGEMENT_RATE',
      brand_ids: '101,103',
      ...metricRanges,
    });
    const preview = valueOf(await app.call('reports:data', { config }));
    const { figures } = viewOf(preview.view, 'figures');
    expect(figures).toHaveLength(6);
    figures.forEach((figure, index) => {
      const row = expected[index]!;
      expect(figure).toMatchObject({
        brandId: row.brand_id,
        channel: 'INSTAGRAM',
        metric: row.metric,
        value: row.value,
        contextValue: row.context_value,
        isCompetitor: false,
      });
      const value = figure.value!;
      const before = figure.contextValue!;
      expect(figure.change).toBeCloseTo((value - before) / Math.abs(before), 3);
      expect(figure.direction).toBe(value > before ? 'up' : value < before ? 'down' : 'flat');
    });
  });

  it('makes a SINGLE_METRIC configuration a TOTAL_METRIC report, with a note', async () => {
    const before = reportRequests().length;
    const preview = valueOf(
      await app.call('reports:data', {
        config: {
          report_type: 'SINGLE_METRIC',
          channels: ['TIKTOK'],
          metrics: ['VIEWS'],
          brand_ids: [102],
          ...metricRanges,
        },
      }),
    );
    expect(preview.reportType).toBe('TOTAL_METRIC');
    expect(preview.notes).toEqual([expect.objectContaining({ code: 'report_type_migrated' })]);
    expect(viewOf(preview.view, 'figures').figures).toHaveLength(1);
    const sent = reportRequests().slice(before);
    expect(sent.every((r) => r.includes('report_type=TOTAL_METRIC'))).toBe(true);
  });

  it('sends the PUT body of a benchmark report, whose figures then include the industry', async () => {
    const preview = valueOf(
      await app.call('reports:data', {
        config: {
          report_type: 'BENCHMARK_METRIC',
          channels: ['INSTAGRAM'],
          metrics: ['IMPRESSIONS'],
          brand_ids: [101],
          benchmarks: [{ industry_id: 7 }],
          ...metricRanges,
        },
      }),
    );
    const { figures } = viewOf(preview.view, 'figures');
    expect(figures).toContainEqual(expect.objectContaining({ brandId: null, benchmarkIndustryId: 7 }));
    expect(figures).toContainEqual(expect.objectContaining({ brandId: 101, benchmarkIndustryId: null }));
  });

  it('gives graph reports as one series per brand, channel and metric, a point a day', async () => {
    const preview = valueOf(
      await app.call('reports:data', {
        config: {
          report_type: 'GRAPH',
          channels: ['INSTAGRAM', 'TIKTOK'],
          metrics: ['IMPRESSIONS'],
          brand_ids: [101],
          start_date: '2026-07-01',
          end_date: '2026-07-31',
          time_scale: 'DAILY',
        },
      }),
    );
    const { series } = viewOf(preview.view, 'series');
    expect(series.map((s) => [s.brandId, s.channel, s.metric])).toEqual([
      [101, 'INSTAGRAM', 'IMPRESSIONS'],
      [101, 'TIKTOK', 'IMPRESSIONS'],
    ]);
    for (const line of series) {
      expect(line.points).toHaveLength(31);
      expect(line.points[0]!.date).toMatch(/^2026-07-01/);
    }
  });
});

describe('reports:data input', () => {
  it('refuses a configuration the service would refuse, at its field, without asking it', async () => {
    const before = reportRequests().length;
    const noComparison = await app.call('reports:data', {
      config: {
        report_type: 'TOTAL_METRIC',
        channels: ['INSTAGRAM'],
        metrics: ['IMPRESSIONS'],
        brand_ids: [101],
      },
    });
    expect(noComparison).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!noComparison.ok) {
      expect(Object.keys(noComparison.error.fieldErrors)).toEqual([
        'config.context_start_date',
        'config.context_end_date',
      ]);
    }
    const benchmarksOnContent = await app.call('reports:data', {
      config: {
        report_type: 'CONTENT',
        channels: ['INSTAGRAM'],
        metrics: ['IMPRESSIONS'],
        brand_ids: [101],
        benchmarks: [{ industry_id: 1 }],
      },
    });
    if (!benchmarksOnContent.ok)
      expect(Object.keys(benchmarksOnContent.error.fieldErrors)).toEqual(['config.benchmarks']);
    expect(benchmarksOnContent.ok).toBe(false);
    const badName = await app.call('reports:data', {
      config: {
        report_type: 'CONTENT',
        channels: ['INSTAGRAM'],
        metrics: ['X'],
        brand_ids: [101],
        filename: 'a/b',
      },
    });
    if (!badName.ok) expect(Object.keys(badName.error.fieldErrors)).toEqual(['config.filename']);
    expect(badName.ok).toBe(false);
    expect(reportRequests().length).toBe(before);
  });
});
