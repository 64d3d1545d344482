import { Temporal } from 'temporal-polyfill';

/** A posting time: a day of the week (1 Monday ... 7 Sunday) and a time of day ("09:30"). */
export interface WeeklySlot {
  weekday: number;
  time: string;
}

/** How far ahead "Add to queue" looks for a free time before saying there is none. */
export const QUEUE_HORIZON_DAYS = 56;

const MINUTE = 60_000;

/** The minute an instant falls in: a post "holds" a slot when it goes out within that minute. */
export const minuteOf = (epochMs: number) => Math.floor(epochMs / MINUTE) * MINUTE;

/**
 * The instants of the weekly slots on one calendar day in `timeZone`. A time that the clocks skip
 * (spring forward) moves on by the gap, as a person's alarm would; a time that happens twice (fall
 * back) is the first of the two. Two slots landing on the same instant are one.
 */
function slotsOnDay(slots: readonly WeeklySlot[], day: Temporal.PlainDate, timeZone: string): number[] {
  const instants = slots
    .filter((slot) => slot.weekday === day.dayOfWeek)
    .map(
      (slot) =>
        day.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(slot.time) }).epochMilliseconds,
    );
  return [...new Set(instants)].sort((a, b) => a - b);
}

/**
 * The instants of the weekly slots from `from` (inclusive) to `to` (exclusive), in time order: the
 * calendar's free slots. Days are walked in the schedule's time zone.
 */
export function slotsBetween(
  slots: readonly WeeklySlot[],
  timeZone: string,
  from: number,
  to: number,
): number[] {
  if (slots.length === 0 || to <= from) return [];
  const out: number[] = [];
  // A day before and after: the zone's day may start before `from` or end after `to` in UTC.
  let day = Temporal.Instant.fromEpochMilliseconds(from)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .subtract({ days: 1 });
  const last = Temporal.Instant.fromEpochMilliseconds(to)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .add({ days: 1 });
  while (Temporal.PlainDate.compare(day, last) <= 0) {
    for (const at of slotsOnDay(slots, day, timeZone)) if (at >= from && at < to) out.push(at);
    day = day.add({ days: 1 });
  }
  return out;
}

/**
 * The next free slot after `now`: the first slot instant later than now whose minute no post of the
 * channel and brand holds (`taken`: the minutes of their publish times), within `horizonDays` days
 * of the schedule's zone. Null when there is none (no slots, or every one taken).
 */
export function nextFreeSlot(options: {
  slots: readonly WeeklySlot[];
  timeZone: string;
  now: number;
  taken: ReadonlySet<number>;
  horizonDays?: number;
}): number | null {
  const { slots, timeZone, now, taken } = options;
  if (slots.length === 0) return null;
  const horizon = options.horizonDays ?? QUEUE_HORIZON_DAYS;
  let day = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone).toPlainDate();
  for (let walked = 0; walked <= horizon; walked++, day = day.add({ days: 1 })) {
    for (const at of slotsOnDay(slots, day, timeZone)) {
      if (at > now && !taken.has(minuteOf(at))) return at;
    }
  }
  return null;
}

/** Whether the runtime knows a time zone by this name (an IANA name such as "Europe/Paris"). */
export function isTimeZone(name: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone of the machine: what a profile's schedule uses until the person picks another. */
export const hostTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
