import { describe, expect, it } from 'vitest';
import {
  communityOverviewStatsResponseSchema,
  interactionTagListSchema,
  reportDataSchema,
} from '../../../src/shared/domain/index.ts';
import { withdrawnPaths } from './community-probe.ts';
import { metricQuery } from './dashboard-probe.ts';
import { expectError, useProbe, type Answer } from './probe-client.ts';

/** The probe against the CLI's other switches: short rate windows and a set clock. */

const rate = (answer: Answer) => ({
  limit: Number(answer.headers.get('x-ratelimit-limit')),
  remaining: Number(answer.headers.get('x-ratelimit-remaining')),
  reset: Number(answer.headers.get('x-ratelimit-reset')),
  /** The sandbox clock in whole seconds, from the Date header. */
  now: Date.parse(answer.headers.get('date')!) / 1000,
});

describe('probe: --rate-limit 5 --rate-window 2', () => {
  const probe = useProbe(['--rate-limit', '5', '--rate-window', '2']);

  it('throttles with 429 on every route until x-ratelimit-reset, then counts afresh', async () => {
    const campaigns = probe().at('library', `/brands/${probe().brand}/campaigns?limit=0`);
    // Spend the window (it may roll over mid-way: then spend the new one).
    let answer = await probe().call('GET', campaigns);
    for (let n = 0; n < 12 && answer.status !== 429; n++) {
      const before = rate(answer);
      answer = await probe().call('GET', campaigns);
      if (answer.status === 200 && rate(answer).reset === before.reset) {
        expect(rate(answer).remaining).toBe(before.remaining - 1);
      }
    }
    const throttled = rate(answer);
    expect(expectError(answer, 429).message).toMatch(/x-ratelimit-reset/);
    expect(throttled).toMatchObject({ limit: 5, remaining: 0 });
    // Every route and every answer is throttled, errors included, until the reset time.
    expectError(await probe().call('GET', probe().at('community', '/nowhere')), 429);
    expectError(await probe().call('POST', probe().at('community', '/tags'), { json: {} }), 429);
    // Polled without a timer: each throttled call must come before the reset, and none counts.
    let polls = 0;
    do {
      answer = await probe().call('GET', campaigns);
      polls += 1;
      if (answer.status === 429) expect(rate(answer).now).toBeLessThan(throttled.reset);
    } while (answer.status === 429 && polls < 20_000);
    expect(answer.status).toBe(200);
    expect(rate(answer).now).toBeGreaterThanOrEqual(throttled.reset);
    expect(rate(answer)).toMatchObject({ limit: 5, remaining: 4 });
    expect(rate(answer).reset).toBeGreaterThan(throttled.reset);
  });
});

describe('probe: --now 2026-01-01T00:00:00Z (before the SINGLE_METRIC cut-off)', () => {
  const probe = useProbe(['--now', '2026-01-01T00:00:00Z']);

  it('answers on the set clock and still accepts SINGLE_METRIC', async () => {
    const answer = await probe().get('dashboard', '/reports/data', {
      query: {
        ...metricQuery,
        channels: 'INSTAGRAM',
        metrics: 'IMPRESSIONS',
        brand_ids: String(probe().brand),
        report_type: 'SINGLE_METRIC',
        context_start_date: '2025-11-01',
        context_end_date: '2025-11-30',
        start_date: '2025-12-01',
        end_date: '2025-12-31',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('date')).toMatch(/^Thu, 01 Jan 2026 00:00:0\d GMT$/);
    expect((reportDataSchema.parse(answer.body).data as unknown[]).length).toBeGreaterThan(0);
    const missing = expectError(await probe().get('dashboard', '/reports/data'), 400);
    expect(missing.message).toContain('TOTAL_METRIC');
  });

  it('keeps the community single-brand forms withdrawn (after 2025-05-01)', async () => {
    expectError(await probe().get('community', '/tags', { query: { brand_id: probe().brand } }), 400);
    expectError(await probe().get('community', `/brands/${probe().brand}/overview_stats`), 410);
  });
});

describe('probe: --now 2025-04-01T00:00:00Z (before the community cut-off)', () => {
  const probe = useProbe(['--now', '2025-04-01T00:00:00Z']);

  it('still takes the single brand_id and serves the per-brand paths', async () => {
    const tags = await probe().get('community', '/tags', { query: { brand_id: probe().brand } });
    const listed = interactionTagListSchema.parse(tags.body).data;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((tag) => tag.brand_id === probe().brand)).toBe(true);
    const [method, path] = withdrawnPaths[1]!;
    const overview = await probe().call(method, probe().at('community', `/brands/${probe().brand}${path}`));
    expect(overview.status).toBe(200);
    communityOverviewStatsResponseSchema.parse(overview.body);
  });
});
