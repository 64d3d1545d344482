import { ContractCallError, type scheduleCalls } from '../../../shared/contract/index.ts';
import { schedulerChannels } from '../../../shared/domain/index.ts';
import { noActiveProfile, type ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { PostingScheduleStore } from './posting-schedule.ts';
import { QUEUE_HORIZON_DAYS, isTimeZone, minuteOf, nextFreeSlot, slotsBetween } from './slot-times.ts';

/** The service's largest page of scheduled posts. */
const SERVICE_PAGE_MAX = 1000;
const DAY = 86_400_000;

/** The service's date-time parameters take whole seconds. */
const wholeSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The posting schedule's calls on the active profile (issue 26 §2). */
export function createScheduleHandlers(deps: {
  schedule: PostingScheduleStore;
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  now?: () => number;
}): HandlerMap<typeof scheduleCalls> {
  const now = deps.now ?? Date.now;
  const profileId = () => {
    const active = deps.profiles.active();
    if (!active) throw noActiveProfile();
    return active.id;
  };

  return {
    'schedule:get': async () => deps.schedule.read(profileId()),

    'schedule:set-times': async ({ channel, brandId, slots }) =>
      deps.schedule.setTimes(profileId(), channel, brandId, slots),

    'schedule:set-time-zone': async ({ timeZone }) => {
      if (!isTimeZone(timeZone)) {
        throw new ContractCallError({
          code: 'invalid_input',
          message: `"${timeZone}" is not a time zone this app knows.`,
          fieldErrors: { timeZone: ['Choose a time zone from the list.'] },
        });
      }
      return deps.schedule.setTimeZone(profileId(), timeZone);
    },

    'schedule:slots': async ({ brandIds, channels, from, to }) => {
      const { timeZone, schedules } = deps.schedule.read(profileId());
      const asked = new Set(channels ?? schedulerChannels);
      const brands = new Set(brandIds);
      const slots = schedules
        .filter((s) => asked.has(s.channel) && brands.has(s.brandId))
        .flatMap((s) =>
          slotsBetween(s.slots, timeZone, Date.parse(from), Date.parse(to)).map((at) => ({
            channel: s.channel,
            brandId: s.brandId,
            start: new Date(at).toISOString(),
          })),
        );
      return { slots: slots.sort((a, b) => a.start.localeCompare(b.start)) };
    },

    'schedule:next-free': async ({ channel, brandId }, { signal, lane }) => {
      const id = profileId();
      const slots = deps.schedule.slotsOf(id, channel, brandId);
      const answer = { slotCount: slots.length, horizonDays: QUEUE_HORIZON_DAYS };
      if (slots.length === 0) return { ...answer, timestamp: null };
      // The minutes the channel and brand's posts hold from now to the horizon (and a day more:
      // the zone's last day may end after it in UTC).
      const from = now();
      const taken = new Set<number>();
      const posts = deps.clients.active().scheduler.iterate(
        channel,
        {
          brand_ids: [brandId],
          has_scheduled_time: true,
          start_date: wholeSeconds(from),
          end_date: wholeSeconds(from + (QUEUE_HORIZON_DAYS + 2) * DAY),
          limit: SERVICE_PAGE_MAX,
        },
        { signal, lane },
      );
      for await (const post of posts) {
        if (post.timestamp) taken.add(minuteOf(Date.parse(post.timestamp)));
      }
      const next = nextFreeSlot({ slots, timeZone: deps.schedule.timeZone(id), now: from, taken });
      return { ...answer, timestamp: next === null ? null : new Date(next).toISOString() };
    },
  };
}
