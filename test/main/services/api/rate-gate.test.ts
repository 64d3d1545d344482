import { describe, expect, it } from 'vitest';
import {
  RateGate,
  type Lane,
  type RateStatus,
  type RateTicket,
} from '../../../../src/main/services/api/rate-gate.ts';
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
function track(gate: RateGate, clock: FakeClock, count: number, key = 'inbox', lane: Lane = 'interactive') {
  const grants: { at: number; ticket: RateTicket }[] = [];
  for (let i = 0; i < count; i++) {
    void gate.acquire(key, { lane }).then((ticket) => grants.push({ at: clock.now(), ticket }));
  }
  return grants;
}

/** A window end `ms` or more from now, on a whole second as the service announces it. */
const windowEnd = (clock: FakeClock, ms: number) => Math.ceil((clock.now() + ms) / 1000) * 1000;

/** A gate that has heard one answer: `remaining` of `limit` left in the window ending at `resetMs`. */
async function gateWith(clock: FakeClock, opts: { limit: number; remaining: number; resetMs: number }) {
  const gate = new RateGate({ clock, resetMarginMs: 100 });
  (await gate.acquire('inbox')).complete(200, headers(clock, opts));
  return gate;
}

describe('rate gate (fake clock)', () => {
  it('lets only a few requests out before the service has announced a limit, one for background work', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, initialInFlight: 2 });
    const background = track(gate, clock, 2, 'export', 'background');
    const grants = track(gate, clock, 5);
    await clock.advance(0);
    expect(background).toHaveLength(1);
    expect(grants).toHaveLength(1);
    expect(gate.status()).toMatchObject({ queued: 5, queuedInteractive: 4, queuedBackground: 1 });

    grants[0]!.ticket.complete(
      200,
      headers(clock, { limit: 100, remaining: 98, resetMs: windowEnd(clock, 10_000) }),
    );
    await clock.advance(0);
    expect(grants).toHaveLength(5); // learned a limit that covers them all
    expect(background).toHaveLength(2);
  });

  it('sends every call at once while the calls left cover them', async () => {
    const clock = new FakeClock();
    const gate = await gateWith(clock, { limit: 100, remaining: 99, resetMs: windowEnd(clock, 10_000) });
    const grants = track(gate, clock, 60);
    const background = track(gate, clock, 20, 'export', 'background');
    await clock.advance(0);
    expect(grants).toHaveLength(60);
    expect(background).toHaveLength(20);
    expect(gate.status()).toMatchObject({ remaining: 19, queued: 0 });
  });

  it('paces once the demand exceeds the calls left: the rest wait for the reset, none is sent into a 429', async () => {
    const clock = new FakeClock(Date.UTC(2025, 0, 1, 12, 0, 0, 500));
    const resetMs = Date.UTC(2025, 0, 1, 12, 0, 10);
    const gate = await gateWith(clock, { limit: 10, remaining: 9, resetMs });
    const grants = track(gate, clock, 15);
    await clock.advance(0);
    expect(grants).toHaveLength(9); // the 9 left, at once

    for (const g of grants) g.ticket.complete(200, headers(clock, { limit: 10, remaining: 0, resetMs }));
    await clock.advance(resetMs + 99 - clock.now());
    expect(grants).toHaveLength(9); // never a 10th in that window, margin included
    // One Date sample leaves the sub-second part unknown: the gate errs late, by up to a second.
    await clock.advance(1000);
    // The new window is not known yet: a probe or two learn it before the rest go.
    expect(grants).toHaveLength(11);
    expect(grants[9]!.at).toBeGreaterThanOrEqual(resetMs + 100);
    grants[9]!.ticket.complete(200, headers(clock, { limit: 10, remaining: 8, resetMs: resetMs + 10_000 }));
    await clock.advance(0);
    expect(grants).toHaveLength(15);
  });

  it('reads the calls left from the freshest answer, less the calls still in flight', async () => {
    const clock = new FakeClock();
    const resetMs = windowEnd(clock, 10_000);
    const gate = await gateWith(clock, { limit: 100, remaining: 99, resetMs });
    const burst = track(gate, clock, 99);
    await clock.advance(0);
    expect(gate.status().remaining).toBe(0);
    // The first answer back was counted after every call of the burst: 0 left, 98 still in
    // flight. Then the one counted first arrives, overtaken on the way back: it says 98 left,
    // which is old news and must not bring the calls back.
    burst[5]!.ticket.complete(200, headers(clock, { limit: 100, remaining: 0, resetMs }));
    burst[0]!.ticket.complete(200, headers(clock, { limit: 100, remaining: 98, resetMs }));
    const late = track(gate, clock, 1);
    await clock.advance(1000);
    expect(late).toHaveLength(0);
    expect(gate.status().remaining).toBe(0);
  });

  it('serves interactive calls before background ones, whatever came first', async () => {
    const clock = new FakeClock();
    const resetMs = windowEnd(clock, 10_000);
    const gate = await gateWith(clock, { limit: 20, remaining: 0, resetMs });
    const background = track(gate, clock, 3, 'export', 'background');
    const interactive = track(gate, clock, 2, 'inbox');
    await clock.advance(resetMs + 100 - clock.now());
    // The new window's probes go to the people waiting; the export waits for what they learn.
    expect(interactive).toHaveLength(2);
    expect(background).toHaveLength(0);
    expect(interactive.every((g) => g.at === resetMs + 100)).toBe(true);

    interactive[0]!.ticket.complete(
      200,
      headers(clock, { limit: 20, remaining: 18, resetMs: resetMs + 10_000 }),
    );
    await clock.advance(0);
    expect(background).toHaveLength(3);
  });

  it('keeps the last tenth of a window from background work, so people never wait for its reset', async () => {
    const clock = new FakeClock();
    const resetMs = windowEnd(clock, 10_000);
    const gate = await gateWith(clock, { limit: 100, remaining: 99, resetMs });
    const background = track(gate, clock, 200, 'export', 'background');
    await clock.advance(0);
    expect(background).toHaveLength(89); // 10 of the 99 left stay in reserve
    for (const g of background)
      g.ticket.complete(200, headers(clock, { limit: 100, remaining: 10, resetMs }));
    await clock.advance(1000);
    expect(background).toHaveLength(89); // answers do not open the reserve to it either

    const people = track(gate, clock, 10);
    await clock.advance(0);
    expect(people).toHaveLength(10);
    expect(people.every((g) => g.at === clock.now())).toBe(true);
    expect(gate.status()).toMatchObject({ remaining: 0, queuedBackground: 111, queuedInteractive: 0 });
  });

  it('keeps at least a few calls in reserve on a small limit', async () => {
    const clock = new FakeClock();
    const gate = await gateWith(clock, { limit: 10, remaining: 9, resetMs: windowEnd(clock, 10_000) });
    const background = track(gate, clock, 9, 'export', 'background');
    await clock.advance(0);
    expect(background).toHaveLength(6);
    const people = track(gate, clock, 3);
    await clock.advance(0);
    expect(people).toHaveLength(3);
  });

  it('drops a queued call whose caller went away: it costs nothing and its place goes to the next', async () => {
    const clock = new FakeClock();
    const resetMs = windowEnd(clock, 10_000);
    const gate = await gateWith(clock, { limit: 10, remaining: 0, resetMs });
    const controller = new AbortController();
    const gone = gate.acquire('search', { signal: controller.signal });
    const background = new AbortController();
    const goneExport = gate.acquire('export', { lane: 'background', signal: background.signal });
    const next = track(gate, clock, 1, 'export', 'background');
    await clock.advance(0);
    expect(gate.status().queued).toBe(3);

    controller.abort(new Error('a newer search replaced it'));
    background.abort(new Error('export cancelled'));
    await expect(gone).rejects.toThrow('a newer search replaced it');
    await expect(goneExport).rejects.toThrow('export cancelled');
    expect(gate.status()).toMatchObject({ queued: 1, queuedInteractive: 0, queuedBackground: 1 });

    // At the reset the one call still wanted is the probe; the new window counts it alone.
    await clock.advance(resetMs + 100 - clock.now());
    expect(next).toHaveLength(1);
    next[0]!.ticket.complete(200, headers(clock, { limit: 10, remaining: 9, resetMs: resetMs + 10_000 }));
    expect(gate.status()).toMatchObject({ remaining: 9, queued: 0 });
  });

  it('holds every call of every lane after a 429 until the reset, then resumes', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, resetMarginMs: 50 });
    const resetMs = windowEnd(clock, 5000);
    const first = await gate.acquire('inbox');
    first.complete(429, headers(clock, { limit: 10, remaining: 0, resetMs }));

    const grants = track(gate, clock, 3);
    const background = track(gate, clock, 3, 'export', 'background');
    await clock.advance(resetMs - clock.now() - 1);
    expect(grants).toHaveLength(0);
    expect(background).toHaveLength(0);
    expect(gate.status()).toMatchObject({ limit: 10, remaining: 0, queued: 6 });
    await clock.advance(60);
    expect(grants).toHaveLength(2); // the probes of the new window
    grants[0]!.ticket.complete(200, headers(clock, { limit: 20, remaining: 18, resetMs: resetMs + 10_000 }));
    await clock.advance(0);
    expect(grants).toHaveLength(3);
    expect(background).toHaveLength(3);
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

  it('reports limit, calls left, local reset time and queue length per lane for the meter', async () => {
    const clock = new FakeClock();
    const statuses: RateStatus[] = [];
    const gate = new RateGate({ clock, onStatus: (s) => statuses.push(s) });
    const resetMs = windowEnd(clock, 30_000);
    const ticket = await gate.acquire('inbox');
    ticket.complete(200, headers(clock, { limit: 1000, remaining: 999, resetMs }));
    expect(statuses.at(-1)).toMatchObject({ limit: 1000, remaining: 999, queued: 0 });
    expect(statuses.at(-1)!.resetAt).toBeGreaterThanOrEqual(resetMs);

    (await gate.acquire('inbox')).complete(429, headers(clock, { limit: 1000, remaining: 0, resetMs }));
    track(gate, clock, 2);
    track(gate, clock, 3, 'export', 'background');
    await clock.advance(200);
    expect(statuses.at(-1)).toMatchObject({
      queued: 5,
      queuedInteractive: 2,
      queuedBackground: 3,
      remaining: 0,
    });
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
    const resetMs = Math.ceil((clock.now() + 30_000) / 1000) * 1000;
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
