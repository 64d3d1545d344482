import { describe, expect, it } from 'vitest';
import { ClockSkew } from '../../../../src/main/services/api/clock-skew.ts';

/** The `Date` header a service whose clock is `offsetMs` ahead of ours writes at local `now`. */
const dateAt = (now: number, offsetMs: number) =>
  new Date(Math.floor((now + offsetMs) / 1000) * 1000).toUTCString();

describe('the service clock read from Date headers', () => {
  it("keeps the answer that came just after the service's second ticked, through a bulk job's hundred answers after it", () => {
    const skew = new ClockSkew();
    const tick = 1_700_000_000_000; // a whole second on both clocks (no offset)
    skew.sample(dateAt(tick + 8, 0), tick + 8);
    for (let call = 1; call <= 100; call++) skew.sample(dateAt(tick + 8 + call * 8, 0), tick + 8 + call * 8);
    // The first answer bounds the difference at -8 ms; the later ones only at -16 to -808 ms.
    expect(skew.low).toBe(-8);
  });

  it('forgets a sample after half a minute, so a change of either clock ages out', () => {
    const skew = new ClockSkew();
    const start = 1_700_000_000_000;
    skew.sample(dateAt(start + 5, 0), start + 5);
    skew.sample(dateAt(start + 40_900, 0), start + 40_900);
    expect(skew.low).toBe(-900);
  });

  it('forgets samples taken at a local time later than now (our clock went back)', () => {
    const skew = new ClockSkew();
    const start = 1_700_000_000_000;
    skew.sample(dateAt(start + 2, 0), start + 2);
    // Our clock was set back ten seconds; the service's was not: it is now 10 s ahead of ours.
    const back = start + 500 - 10_000;
    skew.sample(dateAt(back, 10_000), back);
    expect(skew.low).toBe(10_000 - 500);
  });

  it('is 0 before any answer, and ignores a missing or broken Date', () => {
    const skew = new ClockSkew();
    skew.sample(null, 1_000);
    skew.sample('not a date', 1_000);
    expect(skew.low).toBe(0);
  });
});
