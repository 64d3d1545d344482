import { afterEach, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/**
 * Rate limits on a short budget. The clock starts at a window boundary so the window cannot roll
 * over mid-test, and moves on with `clock.advance` instead of a sleep.
 */
describe('sandbox rate limits', () => {
  let sb: TestSandbox;
  afterEach(() => sb.close());

  const start = '2025-01-01T00:00:00Z';
  const windowEnd = (seconds: number) => Date.parse(start) / 1000 + seconds;

  it('counts down, throttles with 429 until the reset, does not count throttled calls, then opens again', async () => {
    sb = await startTestSandbox({ now: start, rateLimit: 5, rateWindow: 30 });
    const path = `/library/brands/${sb.brands[0]}/campaigns`;
    for (let i = 1; i <= 5; i++) {
      const ok = await sb.call('GET', path, { query: { limit: 1 } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-limit')).toBe('5');
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(5 - i));
      expect(ok.headers.get('x-ratelimit-reset')).toBe(String(windowEnd(30)));
    }
    for (let i = 0; i < 3; i++) {
      // Every route of the application is throttled, errors and all.
      const throttled = await sb.call('GET', i === 2 ? '/library/unknown' : path);
      expect(throttled.status).toBe(429);
      expect(errorObjectSchema.parse(throttled.body)).toMatchObject({
        code: 429,
        status: 'Too Many Requests',
      });
      expect(throttled.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(throttled.headers.get('x-ratelimit-reset')).toBe(String(windowEnd(30)));
      expect(throttled.headers.get('retry-after')).toBeNull();
    }
    // The other token belongs to the same application: throttled too.
    expect((await sb.call('GET', path, { token: sb.sandbox.tokens.application })).status).toBe(429);

    sb.sandbox.clock.advance(30_000);
    const reopened = await sb.call('GET', path, { query: { limit: 1 } });
    expect(reopened.status).toBe(200);
    // The throttled calls of the last window were not counted into this one.
    expect(reopened.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(reopened.headers.get('x-ratelimit-reset')).toBe(String(windowEnd(60)));
  });

  it('applies the stricter reports limit, with headers describing whichever limit has fewer calls left', async () => {
    sb = await startTestSandbox({ now: start, rateLimit: 100, rateWindow: 60 });
    const report = {
      report_type: 'CONTENT',
      channels: 'INSTAGRAM',
      metrics: 'IMPRESSIONS',
      brand_ids: String(sb.brands[0]),
      limit: 1,
    };
    const first = await sb.call('GET', '/dashboard/reports/data', { query: report });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('60');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('59');
    // A library call counts against the application only: 98 left there.
    const library = await sb.call('GET', `/library/brands/${sb.brands[0]}/campaigns`, {
      query: { limit: 0 },
    });
    expect(library.headers.get('x-ratelimit-limit')).toBe('100');
    expect(library.headers.get('x-ratelimit-remaining')).toBe('98');
    for (let i = 2; i <= 60; i++)
      expect((await sb.call('GET', '/dashboard/reports/data', { query: report })).status).toBe(200);
    // The bucket is used up but not exceeded yet: other routes still answer.
    const beforeExceeded = await sb.call('GET', `/library/brands/${sb.brands[0]}/campaigns`, {
      query: { limit: 0 },
    });
    expect(beforeExceeded.status).toBe(200);
    expect(beforeExceeded.headers.get('x-ratelimit-remaining')).toBe(String(100 - 62));
    const throttled = await sb.call('PUT', '/dashboard/reports/data', { query: report, body: {} });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('x-ratelimit-limit')).toBe('60');
    // Exceeded: every further request of the application is throttled until the reset (§4),
    // with headers describing the limit that was exceeded.
    await expectThrottledEverywhere('60', windowEnd(60));
    sb.sandbox.clock.advance(60_000);
    expect((await sb.call('GET', '/dashboard/reports/data', { query: report })).status).toBe(200);
  });

  it('applies the ads-search limit of 120, then throttles the whole application until the reset', async () => {
    sb = await startTestSandbox({ now: start, rateLimit: 1000, rateWindow: 60 });
    const brand = sb.brands[0]!;
    const campaigns = await sb.call('GET', `/library/brands/${brand}/campaigns`, { query: { limit: 1 } });
    const path = `/library/brands/${brand}/campaigns/${campaigns.body.data[0].id}/ads/search`;
    const body = { source: 'META_ADS', limit: 1 };
    for (let i = 1; i <= 120; i++) {
      const ok = await sb.call('POST', path, { body });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-limit')).toBe('120');
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(120 - i));
    }
    const over = await sb.call('POST', path, { body });
    expect(over.status).toBe(429);
    expect(errorObjectSchema.parse(over.body)).toMatchObject({ code: 429, status: 'Too Many Requests' });
    expect(over.headers.get('x-ratelimit-limit')).toBe('120');
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    await expectThrottledEverywhere('120', windowEnd(60));
    sb.sandbox.clock.advance(60_000);
    const reopened = await sb.call('POST', path, { body });
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get('x-ratelimit-remaining')).toBe('119');
  });

  /** Every route of the application answers 429, with both tokens, errors included. */
  async function expectThrottledEverywhere(limit: string, reset: number) {
    for (const [method, path, token] of [
      ['GET', `/library/brands/${sb.brands[0]}/campaigns`, sb.sandbox.tokens.user],
      ['GET', '/dashboard/reports/data?report_type=CONTENT', sb.sandbox.tokens.application],
      ['GET', '/library/nowhere', sb.sandbox.tokens.user],
    ] as const) {
      const result = await sb.call(method, path, { token });
      expect(result.status, path).toBe(429);
      errorObjectSchema.parse(result.body);
      expect(result.headers.get('x-ratelimit-limit')).toBe(limit);
      expect(result.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(result.headers.get('x-ratelimit-reset')).toBe(String(reset));
    }
  }

  it('keeps a separate budget for calls without a valid token', async () => {
    sb = await startTestSandbox({ now: start, rateLimit: 2, rateWindow: 60 });
    const path = `/library/brands/${sb.brands[0]}/campaigns`;
    expect((await sb.call('GET', path, { token: null })).status).toBe(401);
    expect((await sb.call('GET', path, { token: null })).status).toBe(401);
    expect((await sb.call('GET', path, { token: null })).status).toBe(429);
    expect((await sb.call('GET', path)).status).toBe(200);
  });
});
