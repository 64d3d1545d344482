import { describe, expect, it } from 'vitest';
import { RateGate, type RateStatus, type RateTicket } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * The gate's timing on a fake clock, fed with the headers a fixed-window service sends. The
 * same rules against the real sandbox are in rate-gate-sandbox.test.ts; here each decision is
 * checked to the millisecond without waiting for real windows.
 */

function headers(
  clock: FakeClock,
  opts: { limit: number; remaining: number; resetMs: number; skewMs?: number },
): Headers {
  const serverNow = clock.now() + (opts.skewMs ?? 0);
  return new Headers({
    date: new Date(serverNow).toUTCString(),
    'x-ratelimit-limit': String(opts.limit),
    'x-ratelimit-remaining': String(opts.remaining),
    'x-ratelimit-reset': String(Math.round((opts.resetMs + (opts.skewMs ?? 0)) / 1000)),
  });
}

/** Acquires and records when each grant happened. */
function track(gate: RateGate, clock: FakeClock, count: number, key = 'inbox') {
  const grants: { at: number; ticket: RateTicket }[] = [];
  for (let i = 0; i < count; i++) {
    void gate.acquire(key).then((ticket) => grants.push({ at: clock.now(), ticket }));
  }
  return grants;
}

describe('rate gate (fake clock)', () => {
  it('lets only a few requests out before the service has announced a limit', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, initialInFlight: 2 });
    const grants = track(gate, clock, 5);
    await clock.advance(0);
    expect(grants).toHaveLength(2);
    expect(gate.status().queued).toBe(3);

    const reset = Math.ceil((clock.now() + 10_000) / 1000) * 1000;
    grants[0]!.ticket.complete(200, headers(clock, { limit: 100, remaining: 98, resetMs: reset }));
    await clock.advance(0);
    expect(grants.length).toBeGreaterThanOrEqual(3); // learned a limit: pacing takes over
  });

  it('spreads the calls left over the time left instead of bursting, then stops until the reset', async () => {
    const clock = new FakeClock(Date.UTC(2025, 0, 1, 12, 0, 0, 500));
    const gate = new RateGate({ clock, resetMarginMs: 100 });
    const resetMs = Date.UTC(2025, 0, 1, 12, 0, 10);
    const first = await gate.acquire('inbox');
    first.complete(200, headers(clock, { limit: 10, remaining: 9, resetMs }));

    const grants = track(gate, clock, 12);
    await clock.advance(resetMs + 99 - clock.now());
    expect(grants).toHaveLength(9); // exactly the 9 left, never a 10th in that window
    const gaps = grants.slice(1).map((g, i) => g.at - grants[i]!.at);
    // Even spacing: 9 calls over the ~9 s the window surely lasts, none closer than 0.8 s.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(800);
    expect(grants.at(-1)!.at).toBeLessThan(resetMs);

    for (const g of grants) g.ticket.complete(200, headers(clock, { limit: 10, remaining: 0, resetMs }));
    await clock.advance(2000);
    // After the reset one probe goes; the rest wait for what it learns.
    expect(grants).toHaveLength(10);
    expect(grants[9]!.at).toBeGreaterThanOrEqual(resetMs + 100);
  });

  it('holds every request after a 429 until the reset, then resumes', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, resetMarginMs: 50 });
    const resetMs = Math.ceil((clock.now() + 5000) / 1000) * 1000;
    const first = await gate.acquire('inbox');
    first.complete(429, headers(clock, { limit: 10, remaining: 0, resetMs }));

    const grants = track(gate, clock, 3);
    await clock.advance(resetMs - clock.now() - 1);
    expect(grants).toHaveLength(0);
    expect(gate.status()).toMatchObject({ limit: 10, remaining: 0, queued: 3 });
    await clock.advance(60);
    expect(grants).toHaveLength(1); // the probe of the new window
    grants[0]!.ticket.complete(200, headers(clock, { limit: 10, remaining: 9, resetMs: resetMs + 10_000 }));
    await clock.advance(5000);
    expect(grants).toHaveLength(3);
  });

  it.each([120_000, -120_000])(
    'maps the reset to local time with the Date header when the clocks differ by %i ms',
    async (skewMs) => {
      const clock = new FakeClock(Date.UTC(2025, 0, 1, 12, 0, 0, 400));
      const gate = new RateGate({ clock, resetMarginMs: 100 });
      const resetLocal = Date.UTC(2025, 0, 1, 12, 0, 3);
      const first = await gate.acquire('inbox');
      first.complete(429, headers(clock, { limit: 5, remaining: 0, resetMs: resetLocal, skewMs }));
      expect(gate.status().resetAt).toBeGreaterThanOrEqual(resetLocal);
      // Date has whole seconds, so the estimate may be late by the sub-second part, never early.
      expect(gate.status().resetAt).toBeLessThanOrEqual(resetLocal + 100 + 1000);

      const grants = track(gate, clock, 1);
      await clock.advance(resetLocal - clock.now() - 1);
      expect(grants).toHaveLength(0);
      await clock.advance(1200);
      expect(grants).toHaveLength(1);
    },
  );

  it('reports limit, calls left, local reset time and queue length for the meter', async () => {
    const clock = new FakeClock();
    const statuses: RateStatus[] = [];
    const gate = new RateGate({ clock, onStatus: (s) => statuses.push(s) });
    const resetMs = Math.ceil((clock.now() + 60_000) / 1000) * 1000;
    const ticket = await gate.acquire('inbox');
    ticket.complete(200, headers(clock, { limit: 1000, remaining: 999, resetMs }));
    const last = statuses.at(-1)!;
    expect(last.limit).toBe(1000);
    expect(last.remaining).toBe(999);
    expect(last.resetAt).toBeGreaterThanOrEqual(resetMs);
    expect(last.queued).toBe(0);
  });

  it('drops a waiting request whose caller gave up, without granting it', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, initialInFlight: 1 });
    await gate.acquire('inbox');
    const controller = new AbortController();
    const waiting = gate.acquire('inbox', controller.signal);
    controller.abort(new Error('closed the view'));
    await expect(waiting).rejects.toThrow('closed the view');
    expect(gate.status().queued).toBe(0);
  });

  it('lets a few interactive calls go at once, then spreads the rest', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock });
    const resetMs = Math.ceil((clock.now() + 60_000) / 1000) * 1000;
    (await gate.acquire('inbox')).complete(200, headers(clock, { limit: 1000, remaining: 999, resetMs }));
    const grants = track(gate, clock, 30);
    await clock.advance(0);
    expect(grants).toHaveLength(20); // 5% of the limit at once: the user does not wait for a click
    await clock.advance(1000);
    // Then about 999 calls per minute: 16 more in a second, not the remaining 10 at once.
    expect(grants.length).toBeGreaterThanOrEqual(25);
    expect(grants.length).toBeLessThanOrEqual(30);
  });

  it('keeps a stricter endpoint limit to that endpoint: a report budget used up does not hold the inbox', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock });
    const resetMs = Math.ceil((clock.now() + 60_000) / 1000) * 1000;
    (await gate.acquire('inbox')).complete(200, headers(clock, { limit: 1000, remaining: 999, resetMs }));
    // The last report call of the window, answered normally: the reports budget is spent.
    (await gate.acquire('reports.get')).complete(200, headers(clock, { limit: 60, remaining: 0, resetMs }));

    const reports = track(gate, clock, 2, 'reports.get');
    const inbox = track(gate, clock, 3, 'inbox');
    await clock.advance(1000);
    expect(inbox).toHaveLength(3);
    expect(reports).toHaveLength(0);
    for (const call of inbox)
      call.ticket.complete(200, headers(clock, { limit: 1000, remaining: 990, resetMs }));
    expect(gate.status()).toMatchObject({ limit: 1000 }); // the meter shows the application's limit
    await clock.advance(resetMs - clock.now() + 200);
    expect(reports.length).toBeGreaterThanOrEqual(1);
  });

  it('holds every call after a 429 from a stricter endpoint limit, the inbox too, until its reset', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, resetMarginMs: 100 });
    const resetMs = Math.ceil((clock.now() + 60_000) / 1000) * 1000;
    (await gate.acquire('inbox')).complete(200, headers(clock, { limit: 1000, remaining: 999, resetMs }));
    // The service throttles the whole application after any 429 (conventions §4).
    (await gate.acquire('reports.get')).complete(429, headers(clock, { limit: 60, remaining: 0, resetMs }));

    const inbox = track(gate, clock, 3, 'inbox');
    await clock.advance(resetMs - clock.now() - 1);
    expect(inbox).toHaveLength(0);
    // The meter says why nothing moves, and until when.
    expect(gate.status()).toMatchObject({ limit: 1000, remaining: 0, queued: 3 });
    expect(gate.status().resetAt).toBeGreaterThanOrEqual(resetMs);

    await clock.advance(200);
    expect(inbox.length).toBeGreaterThanOrEqual(1);
  });
});
