import type { PostingSchedule, PostingTimes, WeeklySlot } from '../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../shared/domain/index.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { transaction } from '../storage/transaction.ts';
import { hostTimeZone } from './slot-times.ts';

interface SlotRow {
  channel: SchedulerChannel;
  brand_id: number;
  weekday: number;
  minute: number;
}

const ZONE_KEY = 'posting_time_zone';

const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Each profile's posting schedule (table `posting_slots`, profile migration 8, and its zone in
 * `meta`): per channel and brand, the times of the week posts go out. Every change answers the
 * whole schedule, which stays small.
 */
export function createPostingSchedule(databases: Pick<ProfileDatabases, 'open'>, zone = hostTimeZone) {
  function timeZone(profileId: string): string {
    const row = databases.open(profileId).prepare('SELECT value FROM meta WHERE key = ?').get(ZONE_KEY) as
      { value: string } | undefined;
    return row?.value ?? zone();
  }

  function read(profileId: string): PostingSchedule {
    const rows = databases
      .open(profileId)
      .prepare(
        'SELECT channel, brand_id, weekday, minute FROM posting_slots ORDER BY channel, brand_id, weekday, minute',
      )
      .all() as unknown as SlotRow[];
    const schedules = new Map<string, PostingTimes>();
    for (const row of rows) {
      const key = `${row.channel}:${row.brand_id}`;
      let times = schedules.get(key);
      if (!times) schedules.set(key, (times = { channel: row.channel, brandId: row.brand_id, slots: [] }));
      times.slots.push({ weekday: row.weekday, time: timeOf(row.minute) });
    }
    return { timeZone: timeZone(profileId), schedules: [...schedules.values()] };
  }

  return {
    read,
    timeZone,

    /** A channel and brand's times, in day then time order. */
    slotsOf(profileId: string, channel: SchedulerChannel, brandId: number): WeeklySlot[] {
      return (
        read(profileId).schedules.find((s) => s.channel === channel && s.brandId === brandId)?.slots ?? []
      );
    },

    setTimes(profileId: string, channel: SchedulerChannel, brandId: number, slots: readonly WeeklySlot[]) {
      const db = databases.open(profileId);
      transaction(db, () => {
        db.prepare('DELETE FROM posting_slots WHERE channel = ? AND brand_id = ?').run(channel, brandId);
        const insert = db.prepare(
          'INSERT OR IGNORE INTO posting_slots (channel, brand_id, weekday, minute) VALUES (?, ?, ?, ?)',
        );
        for (const slot of slots) insert.run(channel, brandId, slot.weekday, minuteOf(slot.time));
      });
      return read(profileId);
    },

    setTimeZone(profileId: string, name: string): PostingSchedule {
      databases
        .open(profileId)
        .prepare(
          'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        )
        .run(ZONE_KEY, name);
      return read(profileId);
    },
  };
}

export type PostingScheduleStore = ReturnType<typeof createPostingSchedule>;
