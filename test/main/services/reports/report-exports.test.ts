import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../../../src/main/services/event-bus.ts';
import type { ExportProgress, ReportConfigInput } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile, startTestSandbox } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { seededRandom } from '../../../../src/sandbox/random.ts';

/**
 * Report exports through the contract, against a real sandbox, into the browser shell's
 * downloads folder. The sandbox clock stands after 2026-06-30, when SINGLE_METRIC answers 400.
 */
const sandbox = await sandboxForThisFile({ now: '2026-08-01T10:00:00Z', rateLimit: 10_000 });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const totalMetric: ReportConfigInput = {
  report_type: 'TOTAL_METRIC',
  channels: ['INSTAGRAM', 'TIKTOK'],
  metrics: ['IMPRESSIONS', 'ENGAGEMENTS'],
  brand_ids: [101, 102],
  start_date: '2026-07-01',
  end_date: '2026-07-31',
  context_start_date: '2026-06-01',
  context_end_date: '2026-06-30',
};

const content = (limit: number): ReportConfigInput => ({
  report_type: 'CONTENT_OWNED',
  channels: ['INSTAGRAM'],
  metrics: ['IMPRESSIONS', 'ENGAGEMENT_RATE'],
  brand_ids: [101],
  limit,
});

/** The sandbox's own CSV answer for a query, read without the app. */
async function serviceCsv(query: Record<string, string>): Promise<Buffer> {
  const params = new URLSearchParams({ ...query, format: 'csv' });
  const response = await fetch(`${sandbox.urls.dashboard}/reports/data?${params}`, {
    headers: { authorization: `Bearer ${sandbox.tokens.user}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const filesIn = (folder: string) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

/** Progress events of one export, and a promise of the first that passes `test`. */
function progressOf(events: EventBus, id: string) {
  const seen: ExportProgress[] = [];
  const waiters: { test: (p: ExportProgress) => boolean; resolve: (p: ExportProgress) => void }[] = [];
  const unsubscribe = events.subscribe((event, payload) => {
    if (event !== 'exports:progress') return;
    const progress = payload as ExportProgress;
    if (progress.id !== id) return;
    seen.push(progress);
    for (const waiter of [...waiters]) {
      if (!waiter.test(progress)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(progress);
    }
  });
  const first = (test: (p: ExportProgress) => boolean) =>
    new Promise<ExportProgress>((resolve) => waiters.push({ test, resolve }));
  return { seen, first, unsubscribe };
}

describe('reports:export', () => {
  it('saves a TOTAL_METRIC report as the service answers it, with a BOM, and no other file', async () => {
    const saved = valueOf(await app.call('reports:export', { config: totalMetric }));
    expect(saved).not.toBeNull();
    const file = readFileSync(saved!.path);
    const expected = await serviceCsv({
      report_type: 'TOTAL_METRIC',
      channels: 'INSTAGRAM,TIKTOK',
      metrics: 'IMPRESSIONS,ENGAGEMENTS',
      brand_ids: '101,102',
      start_date: '2026-07-01',
      end_date: '2026-07-31',
      context_start_date: '2026-06-01',
      context_end_date: '2026-06-30',
    });
    expect(file.subarray(0, 3)).toEqual(BOM);
    expect(file.subarray(3).toString('utf8')).toBe(expected.toString('utf8'));
    expect(file.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'brand_id,is_competitor,channel,metric,value,context_value,change',
    );
    // 2 brands x 2 channels x 2 metrics.
    expect(saved).toMatchObject({
      reportType: 'TOTAL_METRIC',
      fileName: 'TOTAL_METRIC.csv',
      rows: 8,
      bytes: file.length,
      notes: [],
    });
    expect(filesIn(app.downloadsFolder)).toEqual(['TOTAL_METRIC.csv']);
  });

  it('saves a cell of the service CSV that a spreadsheet would run as a formula as text; numbers stay numbers', async () => {
    // The sandbox echoes a metric as it was asked for, as a service may.
    const metrics = ['=SUM(1+1)', 'ENGAGEMENTS', '@cmd', '-2+3'];
    const saved = valueOf(
      await app.call('reports:export', { config: { ...totalMetric, metrics }, fileName: 'formulas' }),
    );
    const service = parse(
      await serviceCsv({
        report_type: 'TOTAL_METRIC',
        channels: 'INSTAGRAM,TIKTOK',
        metrics: metrics.join(','),
        brand_ids: '101,102',
        start_date: '2026-07-01',
        end_date: '2026-07-31',
        context_start_date: '2026-06-01',
        context_end_date: '2026-06-30',
      }),
    ) as string[][];
    const file = readFileSync(saved!.path);
    expect(file.subarray(0, 3)).toEqual(BOM);
    const written = parse(file, { bom: true }) as string[][];
    const metricColumn = service[0]!.indexOf('metric');
    expect(written.map((record) => record[metricColumn])).toEqual([
      'metric',
      ...service.slice(1).map(([, , , metric]) => (metric!.startsWith('E') ? metric : `'${metric}`)),
    ]);
    expect(new Set(written.slice(1).map((record) => record[metricColumn]))).toEqual(
      new Set(["'=SUM(1+1)", 'ENGAGEMENTS', "'@cmd", "'-2+3"]),
    );
    // Every other cell as the service wrote it: negative changes are numbers, not text.
    const others = (records: string[][]) => records.map((r) => r.filter((_, i) => i !== metricColumn));
    expect(others(written)).toEqual(others(service));
    expect(
      others(written)
        .flat()
        .filter((cell) => cell.startsWith('-')).length,
    ).toBeGreaterThan(0);
    expect(saved).toMatchObject({ rows: 16, bytes: file.length });
  });

  it('refuses a metric name with a comma, which the service would split in two, sending nothing', async () => {
    const before = app.requests.length;
    const result = await app.call('reports:export', {
      config: { ...totalMetric, metrics: ['IMPRESSIONS,REACH'] },
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fieldErrors: { 'config.metrics.0': [expect.stringMatching(/comma/)] } },
    });
    expect(app.requests.slice(before)).toEqual([]);
  });

  it('sends TOTAL_METRIC for a configuration that says SINGLE_METRIC, and says so in a note', async () => {
    const before = app.requests.length;
    const saved = valueOf(
      await app.call('reports:export', {
        config: { ...totalMetric, report_type: 'SINGLE_METRIC' },
        fileName: 'old single metric',
      }),
    );
    const sent = app.requests.slice(before).filter((r) => r.includes('/reports/data'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('report_type=TOTAL_METRIC');
    expect(sent.join()).not.toContain('SINGLE_METRIC');
    expect(saved).toMatchObject({ reportType: 'TOTAL_METRIC', fileName: 'old single metric.csv', rows: 8 });
    expect(saved!.notes).toEqual([expect.objectContaining({ code: 'report_type_migrated' })]);
  });

  it('reports progress with bytes and rows, ending with the file as saved', async () => {
    const id = crypto.randomUUID();
    const progress = progressOf(app.events, id);
    const saved = valueOf(await app.call('reports:export', { config: content(20_000), id }));
    progress.unsubscribe();
    const { seen } = progress;
    expect(seen[0]).toMatchObject({ id, state: 'running', bytes: 0, rows: 0 });
    expect(seen.at(-1)).toEqual({
      id,
      state: 'done',
      bytes: saved!.bytes,
      rows: 20_000,
      fileName: saved!.fileName,
    });
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.bytes).toBeGreaterThanOrEqual(seen[i - 1]!.bytes);
      expect(seen[i]!.rows).toBeGreaterThanOrEqual(seen[i - 1]!.rows);
    }
    const records = parse(readFileSync(saved!.path), { bom: true }) as string[][];
    expect(records).toHaveLength(20_001);
    expect(saved!.bytes).toBe(readFileSync(saved!.path).length);
  });

  it('leaves no file, temporary or final, when a large export is cancelled by id half way', async () => {
    const id = crypto.randomUUID();
    const progress = progressOf(app.events, id);
    const before = filesIn(app.downloadsFolder);
    const answer = app.call('reports:export', { config: content(1_000_000), id, fileName: 'cancel-by-id' });
    const underway = await progress.first((p) => p.rows >= 1000);
    expect(filesIn(app.downloadsFolder).some((name) => name.startsWith('.cancel-by-id.csv.'))).toBe(true);
    // Nothing by the export's name while it runs: no empty file that looks like a finished export.
    expect(filesIn(app.downloadsFolder)).not.toContain('cancel-by-id.csv');
    expect(valueOf(await app.call('exports:cancel', { id }))).toEqual({ cancelled: true });
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(underway.rows).toBeLessThan(1_000_000);
    expect(progress.seen.at(-1)).toMatchObject({ state: 'cancelled' });
    expect(filesIn(app.downloadsFolder)).toEqual(before);
    // Nothing by that id runs any more.
    expect(valueOf(await app.call('exports:cancel', { id }))).toEqual({ cancelled: false });
    progress.unsubscribe();
  });

  it('leaves no file when the renderer abandons the call half way', async () => {
    const id = crypto.randomUUID();
    const progress = progressOf(app.events, id);
    const before = filesIn(app.downloadsFolder);
    const controller = new AbortController();
    const answer = app.call(
      'reports:export',
      { config: content(1_000_000), id, fileName: 'abandoned' },
      { signal: controller.signal },
    );
    await progress.first((p) => p.rows >= 1000);
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(filesIn(app.downloadsFolder)).toEqual(before);
    progress.unsubscribe();
  });

  it('writes the CSV itself, through the CSV writer, when the service answers the CSV request with JSON', async () => {
    // A service that ignores format=csv: the same request without it gets the JSON answer.
    const own = await servicesOnSandbox(sandbox, {
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        url.searchParams.delete('format');
        return fetch(input instanceof Request ? new Request(url, input) : url, init);
      },
    });
    try {
      const saved = valueOf(await own.call('reports:export', { config: content(300) }));
      const file = readFileSync(saved!.path);
      expect(file.subarray(0, 3)).toEqual(BOM);
      const written = parse(file, { bom: true }) as string[][];
      const service = parse(
        await serviceCsv({
          report_type: 'CONTENT_OWNED',
          channels: 'INSTAGRAM',
          metrics: 'IMPRESSIONS,ENGAGEMENT_RATE',
          brand_ids: '101',
          limit: '300',
        }),
      ) as string[][];
      expect(written).toEqual(service);
      expect(saved).toMatchObject({ rows: 300, bytes: file.length });
    } finally {
      await own.close();
    }
  });
});

describe('reports:export when the service fails', () => {
  it('leaves no file when the service stops in the middle of the answer', async () => {
    const own = await startTestSandbox({ rateLimit: 10_000 });
    const ownApp = await servicesOnSandbox(own);
    try {
      const id = crypto.randomUUID();
      const progress = progressOf(ownApp.events, id);
      const answer = ownApp.call('reports:export', { config: content(1_000_000), id });
      await progress.first((p) => p.rows >= 1000);
      await own.close();
      const result = await answer;
      expect(result).toMatchObject({ ok: false, error: { code: 'offline' } });
      expect(progress.seen.at(-1)).toMatchObject({ state: 'failed' });
      expect(filesIn(ownApp.downloadsFolder)).toEqual([]);
    } finally {
      await ownApp.close();
      await own.close();
    }
  });

  it('leaves no file when the service answers 500', async () => {
    // With --faults 1 every request fails; the seed decides how. Take one whose first three
    // requests (the export's and its two retries) are server errors, using the sandbox's own RNG
    // the way its fault hook draws: one draw to fail, one for the kind (0: server-error).
    const seed = firstSeed((random) => [0, 1, 2].every(() => (random(), Math.floor(random() * 3) === 0)));
    const own = await startTestSandbox({ faults: 1, seed });
    const ownApp = await servicesOnSandbox(own);
    try {
      const result = await ownApp.call('reports:export', { config: totalMetric });
      expect(result).toMatchObject({ ok: false, error: { code: 'service_error', status: 500 } });
      expect(filesIn(ownApp.downloadsFolder)).toEqual([]);
    } finally {
      await ownApp.close();
      await own.close();
    }
  });
});

function firstSeed(test: (random: () => number) => boolean): number {
  for (let seed = 1; ; seed++) if (test(seededRandom(seed ^ 0x0fa17))) return seed;
}
