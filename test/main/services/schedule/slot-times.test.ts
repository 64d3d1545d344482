import { describe, expect, it } from 'vitest';
import { minuteOf, nextFreeSlot, slotsBetween } from '../../../../src/main/services/schedule/slot-times.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

// 2026-11-26 is a Thursday (weekday 4).
describe('the next free posting time', () => {
  const weekdays9 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, time: '09:00' }));

  it("is today's slot when it is still to come, in the schedule's time zone", () => {
    const next = nextFreeSlot({
      slots: weekdays9,
      timeZone: 'Europe/Paris',
      now: at('2026-11-26T07:00:00Z'), // 08:00 in Paris
      taken: new Set(),
    });
    expect(iso(next)).toBe('2026-11-26T08:00:00.000Z');
  });

  it('is never in the past: a slot gone by today leaves the next day', () => {
    const next = nextFreeSlot({
      slots: weekdays9,
      timeZone: 'Europe/Paris',
      now: at('2026-11-26T08:00:00Z'), // 09:00 exactly in Paris: that slot is now, not to come
      taken: new Set(),
    });
    expect(iso(next)).toBe('2026-11-27T08:00:00.000Z');
  });

  it('skips slots a post holds, and the weekend the schedule leaves out', () => {
    const next = nextFreeSlot({
      slots: weekdays9,
      timeZone: 'America/New_York',
      now: at('2026-11-26T12:00:00Z'), // 07:00 in New York, Thursday
      // Thursday's and Friday's slots hold posts (one a few seconds past the minute).
      taken: new Set([minuteOf(at('2026-11-26T14:00:00Z')), minuteOf(at('2026-11-27T14:00:30Z'))]),
    });
    expect(iso(next)).toBe('2026-11-30T14:00:00.000Z'); // Monday 09:00 in New York
  });

  it('follows the zone across a change of clocks (Paris, last Sunday of March)', () => {
    const sunday = [{ weekday: 7, time: '10:00' }];
    // Saturday 28 March 2026: Paris is at +01:00; on Sunday 29 it is at +02:00.
    const next = nextFreeSlot({
      slots: sunday,
      timeZone: 'Europe/Paris',
      now: at('2026-03-28T12:00:00Z'),
      taken: new Set(),
    });
    expect(iso(next)).toBe('2026-03-29T08:00:00.000Z');
  });

  it('moves a time the clocks skip on by the gap, and takes the first of a time that happens twice', () => {
    // 02:30 does not exist in Paris on 29 March 2026 (02:00 -> 03:00): it is 03:30 that day.
    const skipped = nextFreeSlot({
      slots: [{ weekday: 7, time: '02:30' }],
      timeZone: 'Europe/Paris',
      now: at('2026-03-28T12:00:00Z'),
      taken: new Set(),
    });
    expect(iso(skipped)).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice in Paris on 25 October 2026 (03:00 -> 02:00): the first, at +02:00.
    const twice = nextFreeSlot({
      slots: [{ weekday: 7, time: '02:30' }],
      timeZone: 'Europe/Paris',
      now: at('2026-10-24T12:00:00Z'),
      taken: new Set(),
    });
    expect(iso(twice)).toBe('2026-10-25T00:30:00.000Z');
  });

  it('is none without slots, or when every slot within the horizon is taken', () => {
    expect(
      nextFreeSlot({ slots: [], timeZone: 'UTC', now: at('2026-11-26T00:00:00Z'), taken: new Set() }),
    ).toBeNull();
    const monday = [{ weekday: 1, time: '09:00' }];
    const taken = new Set(
      slotsBetween(monday, 'UTC', at('2026-11-26T00:00:00Z'), at('2027-01-01T00:00:00Z')),
    );
    expect(
      nextFreeSlot({
        slots: monday,
        timeZone: 'UTC',
        now: at('2026-11-26T00:00:00Z'),
        taken,
        horizonDays: 21,
      }),
    ).toBeNull();
  });
});

describe('the posting times of a range', () => {
  it("are every slot's instants in the range, in order, in the schedule's zone", () => {
    const slots = [
      { weekday: 1, time: '18:00' },
      { weekday: 1, time: '09:00' },
      { weekday: 3, time: '12:30' },
    ];
    // The week of Monday 30 November 2026 in Tokyo (+09:00), as UTC instants.
    const shown = slotsBetween(slots, 'Asia/Tokyo', at('2026-11-29T15:00:00Z'), at('2026-12-06T15:00:00Z'));
    expect(shown.map(iso)).toEqual([
      '2026-11-30T00:00:00.000Z',
      '2026-11-30T09:00:00.000Z',
      '2026-12-02T03:30:00.000Z',
    ]);
  });
});
