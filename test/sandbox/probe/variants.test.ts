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
  const limit = 5;

  /**
   * Spends a window with bursts of limit + 1 concurrent calls until one is throttled; returns that
   * 429. The CLI's clock runs in real time, so a burst a window's end splits is simply followed
   * by another, however slow the machine (one call at a time may never fit six in 2 s).
   */
  async function spendWindow(url: string): Promise<Answer> {
    for (let burst = 0; burst < 20; burst++) {
      const answers = await Promise.all(Array.from({ length: limit + 1 }, () => probe().call('GET', url)));
      // Within one window the accepted calls count down, one remaining value each.
      const accepted = answers.filter((answer) => answer.status === 200).map(rate);
      for (const reset of new Set(accepted.map((r) => r.reset))) {
        const remaining = accepted.filter((r) => r.reset === reset).map((r) => r.remaining);
        expect(new Set(remaining).size).toBe(remaining.length);
        expect(Math.max(...remaining)).toBeLessThan(limit);
      }
      const throttled = answers.find((answer) => answer.status === 429);
      if (throttled) return throttled;
    }
    throw new Error(`No burst of ${limit + 1} calls was throttled in 20 tries.`);
  }

  it('throttles with 429 on every route until x-ratelimit-reset, then counts afresh', async () => {
    const campaigns = probe().at('library', `/brands/${probe().brand}/campaigns?limit=0`);
    let answer = await spendWindow(campaigns);
    let throttled = rate(answer);
    expect(expectError(answer, 429).message).toMatch(/x-ratelimit-reset/);
    expect(throttled).toMatchObject({ limit: 5, remaining: 0 });
    // Every route and every answer is throttled, errors included, until the reset time. An answer
    // from the next window (the 2 s may end between two calls) proves nothing: spend that one too.
    for (let attempt = 0; ; attempt++) {
      const others = [
        await probe().call('GET', probe().at('community', '/nowhere')),
        await probe().call('POST', probe().at('community', '/tags'), { json: {} }),
      ];
      if (others.every((other) => rate(other).reset === throttled.reset)) {
        for (const other of others) expectError(other, 429);
        break;
      }
      expect(attempt, 'every try met the end of its window').toBeLessThan(20);
      answer = await spendWindow(campaigns);
      throttled = rate(answer);
    }
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
    // The clock started at --now and has run on since, but no longer than the real time since the
    // launch (seeding on a busy machine can take many seconds, so no fixed bound holds).
    const clockRan = Date.parse(answer.headers.get('date')!) - Date.parse('2026-01-01T00:00:00Z');
    expect(clockRan).toBeGreaterThanOrEqual(0);
    expect(clockRan).toBeLessThanOrEqual(Date.now() - probe().launchedAt);
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
