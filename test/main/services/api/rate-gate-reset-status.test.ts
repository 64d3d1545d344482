import { describe, expect, it } from 'vitest';
import { RateGate, type RateStatus } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * The meter's figure at a reset (issue 22 §3): when a window ends the gate knows the next one
 * starts with the whole budget, so it says so at once, without waiting for an answer, and marks
 * the figure as an estimate until an answer of the new window confirms it. Likewise when a
 * throttle (429) ends.
 */

function headers(clock: FakeClock, limit: number, remaining: number, resetMs: number): Headers {
  return new Headers({
    date: new Date(clock.now()).toUTCString(),
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(Math.round(resetMs / 1000)),
  });
}

function gateWithStatuses() {
  const clock = new FakeClock();
  const statuses: { at: number; status: RateStatus }[] = [];
  const gate = new RateGate({
    clock,
    resetMarginMs: 50,
    onStatus: (status) => statuses.push({ at: clock.now(), status }),
  });
  return { clock, gate, statuses, last: () => statuses.at(-1)! };
}

describe('rate gate: the meter at a reset (fake clock)', () => {
  it('says the new window has its whole budget at the reset, as an estimate until an answer confirms it', async () => {
    const { clock, gate, last } = gateWithStatuses();
    const resetMs = clock.now() + 30_000;
    (await gate.acquire('inbox')).complete(200, headers(clock, 1000, 993, resetMs));
    await clock.advance(200);
    expect(last().status).toMatchObject({ remaining: 993, estimate: false });

    // Nobody calls; the window ends.
    await clock.advance(resetMs + 50 - clock.now());
    expect(last().at).toBe(resetMs + 50);
    expect(last().status).toMatchObject({ limit: 1000, remaining: 1000, estimate: true, throttledUntil: 0 });

    (await gate.acquire('inbox')).complete(200, headers(clock, 1000, 999, resetMs + 60_000));
    await clock.advance(200);
    expect(last().status).toMatchObject({ remaining: 999, estimate: false });
  });

  it('says until when the service throttles, and that it has stopped at the end of the hold', async () => {
    const { clock, gate, last } = gateWithStatuses();
    const resetMs = clock.now() + 20_000;
    (await gate.acquire('inbox')).complete(429, headers(clock, 1000, 0, resetMs));
    await clock.advance(200);
    expect(last().status).toMatchObject({ remaining: 0, throttledUntil: resetMs + 50, estimate: false });

    await clock.advance(resetMs + 50 - clock.now());
    expect(last().at).toBe(resetMs + 50);
    expect(last().status).toMatchObject({ remaining: 1000, throttledUntil: 0, estimate: true });
  });

  it('keeps no timer for the meter once the gate is closed', async () => {
    const { clock, gate } = gateWithStatuses();
    (await gate.acquire('inbox')).complete(200, headers(clock, 1000, 993, clock.now() + 30_000));
    expect(clock.pendingTimers).toBeGreaterThan(0);
    gate.close();
    expect(clock.pendingTimers).toBe(0);
  });
});
