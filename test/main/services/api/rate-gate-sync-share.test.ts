import { describe, expect, it } from 'vitest';
import { RateGate, type GateLane, type RateTicket } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * Issue 25 §2: while a person is active, the inbox copy's sync (the first fill, the delta, the
 * sweep, the revalidation of shown rows) uses at most its share of each rate window, spread over
 * the window, and never goes while a person's call is at the service; once the person pauses it
 * goes at full speed. The gate counts each window's calls by lane for the meter.
 */

const windowMs = 60_000;

/** An answer of the window ending at `resetMs` (local = server time here), `remaining` left. */
function headers(clock: FakeClock, resetMs: number, remaining = 900): Headers {
  return new Headers({
    date: new Date(clock.now()).toUTCString(),
    'x-ratelimit-limit': '100',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(Math.round(resetMs / 1000)),
  });
}

function track(gate: RateGate, count: number, lane: GateLane) {
  const granted: RateTicket[] = [];
  for (let i = 0; i < count; i++) void gate.acquire(lane, { lane }).then((t) => granted.push(t));
  return granted;
}

/** A gate with a known window of 100 calls, ending 60 s from now, and a sync share of 10%. */
async function knownGate(share = 0.1) {
  const clock = new FakeClock(Date.UTC(2025, 0, 1, 12, 0, 0));
  const resetMs = clock.now() + windowMs;
  const gate = new RateGate({
    clock,
    windowMs,
    resetMarginMs: 0,
    personActiveMs: 2000,
    syncShareWhileActive: () => share,
  });
  (await gate.acquire('probe', { lane: 'background' })).complete(200, headers(clock, resetMs, 99));
  return { clock, gate, resetMs };
}

/** Answers each sync call as soon as it is granted, the person marked active every `everyMs`. */
async function runWhileActive(
  clock: FakeClock,
  gate: RateGate,
  sync: RateTicket[],
  ms: number,
  resetMs: number,
) {
  let answered = 0;
  for (let t = 0; t < ms; t += 500) {
    gate.notePerson();
    await clock.advance(500);
    while (answered < sync.length) sync[answered++]!.complete(200, headers(clock, resetMs, 50));
  }
}

describe('rate gate: the sync share while a person is active (fake clock)', () => {
  it('stops sync at its share of the window while a person works, spread over the window', async () => {
    const { clock, gate, resetMs } = await knownGate();
    gate.notePerson();
    const sync = track(gate, 40, 'sync');
    await clock.advance(0);
    expect(sync).toHaveLength(1);
    // Half the window: about half the share (10 calls of 100 spread over 60 s: one each 6 s).
    await runWhileActive(clock, gate, sync, 30_000, resetMs);
    expect(sync.length).toBeGreaterThanOrEqual(5);
    expect(sync.length).toBeLessThanOrEqual(6);
    await runWhileActive(clock, gate, sync, 29_000, resetMs);
    expect(sync).toHaveLength(10);
    expect(gate.status().sent).toMatchObject({ sync: 10, background: 11, interactive: 0 });
  });

  it('resumes at the next window while the person keeps working', async () => {
    const { clock, gate, resetMs } = await knownGate();
    gate.notePerson();
    const sync = track(gate, 40, 'sync');
    await runWhileActive(clock, gate, sync, 59_500, resetMs);
    expect(sync).toHaveLength(10);
    await runWhileActive(clock, gate, sync, 1_000, resetMs + windowMs);
    expect(sync.length).toBe(11);
  });

  it('resumes at full speed once the person pauses', async () => {
    const { clock, gate, resetMs } = await knownGate();
    gate.notePerson();
    const sync = track(gate, 40, 'sync');
    await runWhileActive(clock, gate, sync, 20_000, resetMs);
    expect(sync.length).toBeLessThanOrEqual(4);
    await clock.advance(2000);
    // Full speed: everything the window's budget (less a person's reserve) allows goes at once.
    expect(sync).toHaveLength(40);
  });

  it('goes at full speed while nobody works', async () => {
    const { clock, gate } = await knownGate();
    const sync = track(gate, 40, 'sync');
    await clock.advance(0);
    expect(sync).toHaveLength(40);
    expect(gate.status().sent.sync).toBe(40);
  });

  it("waits while a person's call is at the service, and goes when it is answered", async () => {
    const { clock, gate, resetMs } = await knownGate(1);
    const person = track(gate, 1, 'interactive');
    const sync = track(gate, 1, 'sync');
    await clock.advance(0);
    expect(person).toHaveLength(1);
    expect(sync).toHaveLength(0);
    person[0]!.complete(200, headers(clock, resetMs, 90));
    await clock.advance(0);
    expect(sync).toHaveLength(1);
    expect(gate.status().sent).toMatchObject({ interactive: 1, sync: 1 });
  });

  it('holds only sync: other background work keeps its own rule', async () => {
    const { clock, gate } = await knownGate(0);
    gate.notePerson();
    const sync = track(gate, 1, 'sync');
    const walk = track(gate, 1, 'background');
    await clock.advance(0);
    expect(walk).toHaveLength(1);
    expect(sync).toHaveLength(0);
    await clock.advance(2000);
    expect(sync).toHaveLength(1);
  });

  it('counts a new window from zero, the calls sent after the reset in it', async () => {
    const { clock, gate, resetMs } = await knownGate();
    const first = track(gate, 3, 'sync');
    await clock.advance(0);
    for (const ticket of first) ticket.complete(200, headers(clock, resetMs, 90));
    expect(gate.status().sent).toMatchObject({ sync: 3, background: 4 });
    await clock.advance(windowMs);
    // The reset has passed: nothing sent in the new window yet.
    expect(gate.status().sent).toMatchObject({ sync: 0, background: 0 });
    const next = track(gate, 1, 'sync');
    await clock.advance(0);
    next[0]!.complete(200, headers(clock, resetMs + windowMs, 99));
    expect(gate.status().sent).toMatchObject({ sync: 1, background: 1 });
  });
});
