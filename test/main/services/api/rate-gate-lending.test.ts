import { describe, expect, it } from 'vitest';
import { RateGate, type Lane, type RateTicket } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * The reserve a window keeps for people is lent to background work when nobody would miss it
 * (issue 22 §3): wholly while no person has used the gate for a window (a bulk job alone uses the
 * whole budget), and in the last moments before the reset otherwise, so a person's call made
 * then waits no longer than that. Never while a person's call waits.
 */

function headers(clock: FakeClock, limit: number, remaining: number, resetMs: number): Headers {
  return new Headers({
    date: new Date(clock.now()).toUTCString(),
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(Math.round(resetMs / 1000)),
  });
}

function track(
  gate: RateGate,
  clock: FakeClock,
  count: number,
  lane: Lane,
  key = lane === 'background' ? 'export' : 'inbox',
) {
  const grants: { at: number; ticket: RateTicket }[] = [];
  for (let i = 0; i < count; i++)
    void gate.acquire(key, { lane }).then((ticket) => grants.push({ at: clock.now(), ticket }));
  return grants;
}

const marginMs = 50;
const lendMs = 250;

/** A gate whose first call (of `lane`) heard 99 of 100 left in a window ending 10 s from now. */
async function gateAfterFirstCall(lane: Lane) {
  const clock = new FakeClock();
  const gate = new RateGate({ clock, resetMarginMs: marginMs, lendBeforeResetMs: lendMs, windowMs: 60_000 });
  const resetMs = clock.now() + 10_000;
  (await gate.acquire(lane === 'background' ? 'export' : 'inbox', { lane })).complete(
    200,
    headers(clock, 100, 99, resetMs),
  );
  return { clock, gate, resetAt: resetMs + marginMs };
}

describe('rate gate: lending the reserve to background work (fake clock)', () => {
  it('lets a bulk job alone use the whole window, the reserve included', async () => {
    const { clock, gate } = await gateAfterFirstCall('background');
    const bulk = track(gate, clock, 200, 'background');
    await clock.advance(0);
    expect(bulk).toHaveLength(99); // not 89: no person has used the gate, none waits
    expect(gate.status()).toMatchObject({ remaining: 0, queuedBackground: 101 });
  });

  it('keeps the reserve once a person has used the gate, and lends it only in the last moments before the reset', async () => {
    const { clock, gate, resetAt } = await gateAfterFirstCall('interactive');
    const bulk = track(gate, clock, 200, 'background');
    await clock.advance(0);
    expect(bulk).toHaveLength(89);
    for (const grant of bulk) grant.ticket.complete(200, headers(clock, 100, 10, resetAt - marginMs));

    await clock.advance(resetAt - lendMs - clock.now() - 1);
    expect(bulk).toHaveLength(89);
    await clock.advance(1);
    expect(bulk).toHaveLength(99); // lent: the window would end with it unused

    // A person coming now finds it spent, and waits for the reset: no longer than the lending time.
    const asked = clock.now();
    const person = track(gate, clock, 1, 'interactive');
    for (const grant of bulk.slice(89))
      grant.ticket.complete(200, headers(clock, 100, 0, resetAt - marginMs));
    await clock.advance(lendMs);
    expect(person).toHaveLength(1);
    expect(person[0]!.at - asked).toBeLessThanOrEqual(lendMs);
  });

  it('stops lending the moment a person comes, leaving what is left of the reserve to people', async () => {
    const { clock, gate } = await gateAfterFirstCall('background');
    const first = track(gate, clock, 1, 'interactive'); // a person: 98 left
    await clock.advance(0);
    expect(first).toHaveLength(1);
    const bulk = track(gate, clock, 200, 'background');
    await clock.advance(1000);
    expect(bulk).toHaveLength(88);
    const people = track(gate, clock, 10, 'interactive');
    await clock.advance(0);
    expect(people).toHaveLength(10);
    expect(people.every((g) => g.at === clock.now())).toBe(true);
  });

  it('lends nothing while a person’s call waits, even in the last moments before the reset', async () => {
    const { clock, gate, resetAt } = await gateAfterFirstCall('interactive');
    // The person's report call waits for its own stricter limit (60 a window, spent).
    (await gate.acquire('reports.get')).complete(200, headers(clock, 60, 0, resetAt - marginMs));
    const report = track(gate, clock, 1, 'interactive', 'reports.get');
    const bulk = track(gate, clock, 200, 'background');
    await clock.advance(0);
    expect(bulk).toHaveLength(88); // 98 left, 10 kept
    await clock.advance(resetAt - clock.now() - 1);
    expect(report).toHaveLength(0);
    expect(bulk).toHaveLength(88);
  });

  it('lends the whole reserve again once no person has called for a window', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({
      clock,
      resetMarginMs: marginMs,
      lendBeforeResetMs: lendMs,
      windowMs: 20_000,
    });
    const resetMs = clock.now() + 30_000; // a long window as the service tells it, for the test's sake
    (await gate.acquire('inbox')).complete(200, headers(clock, 100, 99, resetMs));
    const bulk = track(gate, clock, 200, 'background');
    await clock.advance(19_999);
    expect(bulk).toHaveLength(89);
    await clock.advance(1);
    expect(bulk).toHaveLength(99);
  });
});
