import { describe, expect, it } from 'vitest';
import { RateGate, type GateLane, type RateTicket } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * While a person works, background work (a waiting walk, a sync) keeps one request in flight,
 * so a person's request never queues behind several of them at the service; once the person
 * pauses it goes at full width again (issue 24's filter-change figure, issue 25's sync).
 */

function headers(clock: FakeClock): Headers {
  return new Headers({
    date: new Date(clock.now()).toUTCString(),
    'x-ratelimit-limit': '1000',
    'x-ratelimit-remaining': '900',
    'x-ratelimit-reset': String(Math.round((clock.now() + 30_000) / 1000)),
  });
}

function track(gate: RateGate, count: number, lane: GateLane, signal?: AbortSignal) {
  const granted: RateTicket[] = [];
  for (let i = 0; i < count; i++)
    void gate.acquire(lane === 'interactive' ? 'inbox' : 'walk', { lane, signal }).then(
      (t) => granted.push(t),
      () => undefined,
    );
  return granted;
}

/** A gate that knows its window (one answer heard) and keeps one background request while a person is active. */
async function knownGate() {
  const clock = new FakeClock();
  const gate = new RateGate({ clock, backgroundInFlightWhileActive: 1, personActiveMs: 2000 });
  (await gate.acquire('walk', { lane: 'background' })).complete(200, headers(clock));
  return { clock, gate };
}

describe('rate gate: background work while a person is active (fake clock)', () => {
  it('sends background pages at full width while nobody works', async () => {
    const { clock, gate } = await knownGate();
    const walk = track(gate, 4, 'background');
    await clock.advance(0);
    expect(walk).toHaveLength(4);
  });

  it('keeps one background request in flight while a person works, the next going as it is answered', async () => {
    const { clock, gate } = await knownGate();
    const person = track(gate, 1, 'interactive');
    const walk = track(gate, 4, 'background');
    await clock.advance(0);
    expect(person).toHaveLength(1);
    expect(walk).toHaveLength(1);

    walk[0]!.complete(200, headers(clock));
    await clock.advance(0);
    expect(walk).toHaveLength(2);
    // A person's call meanwhile is not held back by the background one in flight.
    const again = track(gate, 1, 'interactive');
    await clock.advance(0);
    expect(again).toHaveLength(1);
  });

  it('goes back to full width once the person has paused, without waiting for an answer', async () => {
    const { clock, gate } = await knownGate();
    track(gate, 1, 'interactive');
    const walk = track(gate, 4, 'background');
    await clock.advance(1999);
    expect(walk).toHaveLength(1);
    await clock.advance(1);
    expect(walk).toHaveLength(4);
  });

  it('is unlimited unless the gate is told, as every other gate of the tests assumes', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock });
    (await gate.acquire('walk', { lane: 'background' })).complete(200, headers(clock));
    track(gate, 1, 'interactive');
    const walk = track(gate, 4, 'background');
    await clock.advance(0);
    expect(walk).toHaveLength(4);
  });
});

describe('rate gate: idle work (fake clock)', () => {
  it('goes at once, at full width, while nobody works', async () => {
    const { clock, gate } = await knownGate();
    const walk = track(gate, 4, 'idle');
    await clock.advance(0);
    expect(walk).toHaveLength(4);
  });

  it('sends nothing while a person works, and goes once they pause', async () => {
    const { clock, gate } = await knownGate();
    track(gate, 1, 'interactive');
    const walk = track(gate, 4, 'idle');
    await clock.advance(1000);
    // The person works on: each call puts the pause further away.
    gate.notePerson();
    await clock.advance(1999);
    expect(walk).toHaveLength(0);
    await clock.advance(1);
    expect(walk).toHaveLength(4);
  });

  it('waits however long the person works, and leaves the queue when nobody wants it any more', async () => {
    const { clock, gate } = await knownGate();
    const wanted = new AbortController();
    gate.notePerson();
    const walk = track(gate, 1, 'idle', wanted.signal);
    for (let second = 0; second < 600; second++) {
      gate.notePerson();
      await clock.advance(1000);
    }
    expect(walk).toHaveLength(0);
    expect(gate.status().queuedBackground).toBe(1);
    wanted.abort();
    await clock.advance(0);
    expect(gate.status().queuedBackground).toBe(0);
  });
});
