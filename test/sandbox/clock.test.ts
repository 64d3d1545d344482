import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClock, isoSeconds } from '../../src/sandbox/clock.ts';

/**
 * The sandbox clock against a faked real time (only `Date` is faked), so each case says exactly
 * how much real time passed: what a busy machine does between a test's setup and its assertion.
 */
describe('sandbox clock', () => {
  const start = '2025-06-01T12:00:00Z';
  afterEach(() => vi.useRealTimers());
  const realTimePasses = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('runs on from its start at real speed (what --now gives the CLI) and steps forward on advance', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:00:00.900Z') });
    const clock = createClock(start);
    expect(isoSeconds(clock.now())).toBe(start);
    realTimePasses(150);
    // A running clock crosses a second boundary whenever the machine is slow enough: the reason
    // tests that compare a written date with their `now` need the frozen clock.
    expect(isoSeconds(clock.now())).toBe('2025-06-01T12:00:00Z');
    realTimePasses(1000);
    expect(isoSeconds(clock.now())).toBe('2025-06-01T12:00:01Z');
    clock.advance(60_000);
    expect(clock.nowMs()).toBe(Date.parse(start) + 61_150);
  });

  it('starts at the real time when no start is given', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:00:00Z') });
    const clock = createClock();
    realTimePasses(2500);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:02.500Z');
  });

  it('frozen, stands at its start however much real time passes, and moves only by advance', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:00:00.900Z') });
    const clock = createClock(start, { frozen: true });
    realTimePasses(5_000);
    expect(clock.now().toISOString()).toBe('2025-06-01T12:00:00.000Z');
    clock.advance(1_500);
    realTimePasses(60_000);
    expect(clock.nowMs()).toBe(Date.parse(start) + 1_500);
    expect(isoSeconds(clock.now())).toBe('2025-06-01T12:00:01Z');
  });

  it('frozen without a start, stands at the real time it was made', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:00:00Z') });
    const clock = createClock(undefined, { frozen: true });
    realTimePasses(3_000);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  it('refuses a start that is not a date-time', () => {
    expect(() => createClock('yesterday', { frozen: true })).toThrow(/Not a date-time/);
  });
});
