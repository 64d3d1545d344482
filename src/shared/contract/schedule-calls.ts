import { z } from 'zod';
import { dateTimeSchema, idSchema, schedulerChannels, schedulerChannelSchema } from '../domain/index.ts';

/**
 * Calls of the posting schedule (issue 26 §2): per channel and brand, the times of the week a
 * post goes out ("Tuesday 09:00"), kept in each profile; the free ones the calendar shows; and the
 * next free one, where "Add to queue" puts a post. Times are walked in the schedule's time zone.
 */

/** A time of day, 24-hour, to the minute. */
export const slotTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give a time such as 09:30.');

/** One posting time of the week: 1 Monday ... 7 Sunday. */
export const weeklySlotSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  time: slotTimeSchema,
});
export type WeeklySlot = z.output<typeof weeklySlotSchema>;

/** A channel and brand's posting times, by day then time. */
export const postingTimesSchema = z.object({
  channel: schedulerChannelSchema,
  brandId: idSchema,
  slots: z.array(weeklySlotSchema),
});
export type PostingTimes = z.output<typeof postingTimesSchema>;

/** The whole schedule of the active profile: small (a few times a week per channel and brand). */
export const postingScheduleSchema = z.object({
  /** The IANA zone the times are in ("Europe/Paris"); the machine's until the person picks one. */
  timeZone: z.string(),
  /** Only the channel and brand pairs that have times, by channel then brand. */
  schedules: z.array(postingTimesSchema),
});
export type PostingSchedule = z.output<typeof postingScheduleSchema>;

/** At most this many times a week for one channel and brand: a calm schedule, not a firehose. */
export const SLOTS_PER_SCHEDULE_MAX = 70;

export const scheduleCalls = {
  'schedule:get': { input: z.undefined(), output: postingScheduleSchema },
  /** Replaces a channel and brand's times (none: it has no schedule). Answers the whole schedule. */
  'schedule:set-times': {
    input: z.object({
      channel: schedulerChannelSchema,
      brandId: idSchema,
      slots: z
        .array(weeklySlotSchema)
        .max(SLOTS_PER_SCHEDULE_MAX, `At most ${SLOTS_PER_SCHEDULE_MAX} times a week.`),
    }),
    output: postingScheduleSchema,
  },
  'schedule:set-time-zone': {
    input: z.object({ timeZone: z.string().min(1) }),
    output: postingScheduleSchema,
  },
  /** Every posting time from `from` to `to` of the brands (and channels) asked, in time order. */
  'schedule:slots': {
    input: z.object({
      brandIds: z.array(idSchema).min(1).max(100),
      channels: z.array(schedulerChannelSchema).min(1).max(schedulerChannels.length).optional(),
      from: dateTimeSchema,
      to: dateTimeSchema,
    }),
    output: z.object({
      slots: z.array(z.object({ channel: schedulerChannelSchema, brandId: idSchema, start: z.string() })),
    }),
  },
  /**
   * The next posting time of a channel and brand that no scheduled post of theirs holds, later than
   * now. `timestamp` null: none within the horizon; `slotCount` 0 says it has no times at all.
   */
  'schedule:next-free': {
    input: z.object({ channel: schedulerChannelSchema, brandId: idSchema }),
    output: z.object({
      timestamp: z.string().nullable(),
      slotCount: z.number().int(),
      horizonDays: z.number().int(),
    }),
  },
} as const;
