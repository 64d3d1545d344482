import { describe, expect, it } from 'vitest';
import { RateGate, type GateLane, type RateTicket } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * Issue 25 §2: while a person is active, the inbox copy's sync (the first fill, the delta, the
 * sweep, the revalidation of shown rows) uses at most its share of each rate window and never
 * goes while a person's call is at the service; the bulk of it (fill, sweep) is spread over the
 * window and leaves a fifth of the share to the delta and the rows shown; once the person pauses
 * it goes at full speed. The gate counts each window's calls by lane for the meter.
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
  it('stops bulk sync at four fifths of its share while a person works, spread over the window', async () => {
    const { clock, gate, resetMs } = await knownGate();
    gate.notePerson();
    const sync = track(gate, 40, 'sync-bulk');
    await clock.advance(0);
    expect(sync).toHaveLength(1);
    // Half the window: about half of it (8 calls of 100 spread over 60 s: one each 7.5 s).
    await runWhileActive(clock, gate, sync, 30_000, resetMs);
    expect(sync.length).toBeGreaterThanOrEqual(4);
    expect(sync.length).toBeLessThanOrEqual(5);
    await runWhileActive(clock, gate, sync, 29_000, resetMs);
    expect(sync).toHaveLength(8);
    expect(gate.status().sent).toMatchObject({ sync: 8, background: 9, interactive: 0 });
  });

  it('lets the live delta and the rows shown go at once, up to the whole share, while bulk sync waits its turn', async () => {
    const { clock, gate, resetMs } = await knownGate();
    gate.notePerson();
    const bulk = track(gate, 40, 'sync-bulk');
    await runWhileActive(clock, gate, bulk, 59_000, resetMs);
    expect(bulk).toHaveLength(8);
    const prompt = track(gate, 5, 'sync');
    await runWhileActive(clock, gate, prompt, 500, resetMs);
    // Each goes as the one before is answered, within the share: 2 more make the 10.
    expect(prompt).toHaveLength(2);
    expect(bulk).toHaveLength(8);
    expect(gate.status().sent.sync).toBe(10);
  });

  it('resumes at the next window while the person keeps working', async () => {
    const { clock, gate, resetMs } = await knownGate();
    gate.notePerson();
    const sync = track(gate, 40, 'sync-bulk');
    await runWhileActive(clock, gate, sync, 59_500, resetMs);
    expect(sync).toHaveLength(8);
    await runWhileActive(clock, gate, sync, 1_000, resetMs + windowMs);
    expect(sync.length).toBe(9);
  });

  it('resumes at full speed once the person pauses', async () => {
    const { clock, gate, resetMs } = await knownGate();
    gate.notePerson();
    const sync = track(gate, 40, 'sync-bulk');
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
