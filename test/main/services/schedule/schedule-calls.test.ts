import { afterAll, describe, expect, it } from 'vitest';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/** Posting schedules kept per profile, and "Add to queue"'s next free time against a real service. */
const sandbox = await sandboxForThisFile();
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const everyDay = (time: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time }));

describe('a posting schedule', () => {
  it('is kept per channel and brand, in day then time order, and an empty one is gone', async () => {
    valueOf(await app.call('schedule:set-time-zone', { timeZone: 'Europe/Paris' }));
    const saved = valueOf(
      await app.call('schedule:set-times', {
        channel: 'linkedin',
        brandId: 102,
        slots: [
          { weekday: 3, time: '17:00' },
          { weekday: 1, time: '09:30' },
          { weekday: 3, time: '08:00' },
        ],
      }),
    );
    expect(saved.timeZone).toBe('Europe/Paris');
    expect(saved.schedules).toContainEqual({
      channel: 'linkedin',
      brandId: 102,
      slots: [
        { weekday: 1, time: '09:30' },
        { weekday: 3, time: '08:00' },
        { weekday: 3, time: '17:00' },
      ],
    });
    const cleared = valueOf(
      await app.call('schedule:set-times', { channel: 'linkedin', brandId: 102, slots: [] }),
    );
    expect(cleared.schedules.find((s) => s.channel === 'linkedin' && s.brandId === 102)).toBeUndefined();
  });

  it('refuses a time zone nobody knows, at its field', async () => {
    const answer = await app.call('schedule:set-time-zone', { timeZone: 'Mars/Olympus' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.fieldErrors.timeZone).toEqual(['Choose a time zone from the list.']);
  });

  it("lists a range's posting times of the brands asked only", async () => {
    valueOf(await app.call('schedule:set-time-zone', { timeZone: 'UTC' }));
    valueOf(
      await app.call('schedule:set-times', { channel: 'threads', brandId: 103, slots: everyDay('12:00') }),
    );
    const { slots } = valueOf(
      await app.call('schedule:slots', {
        brandIds: [103],
        from: '2026-12-07T00:00:00Z',
        to: '2026-12-09T00:00:00Z',
      }),
    );
    expect(slots).toEqual([
      { channel: 'threads', brandId: 103, start: '2026-12-07T12:00:00.000Z' },
      { channel: 'threads', brandId: 103, start: '2026-12-08T12:00:00.000Z' },
    ]);
    const otherBrand = valueOf(
      await app.call('schedule:slots', {
        brandIds: [101],
        from: '2026-12-07T00:00:00Z',
        to: '2026-12-09T00:00:00Z',
      }),
    );
    expect(otherBrand.slots).toEqual([]);
  });
});

describe('the next free posting time', () => {
  it('says there are no times when the channel and brand have none', async () => {
    const next = valueOf(await app.call('schedule:next-free', { channel: 'twitter', brandId: 101 }));
    expect(next).toMatchObject({ timestamp: null, slotCount: 0 });
  });

  it('is later than now, and skips the time a post of the channel and brand now holds', async () => {
    valueOf(await app.call('schedule:set-time-zone', { timeZone: 'UTC' }));
    // Times no seeded post holds: a minute past odd hours.
    valueOf(
      await app.call('schedule:set-times', {
        channel: 'instagram',
        brandId: 101,
        slots: [...everyDay('05:01'), ...everyDay('17:01')],
      }),
    );
    const first = valueOf(await app.call('schedule:next-free', { channel: 'instagram', brandId: 101 }));
    expect(first.slotCount).toBe(14);
    expect(Date.parse(first.timestamp!)).toBeGreaterThan(Date.now());
    expect(first.timestamp!).toMatch(/T(05|17):01:00\.000Z$/);

    // An unscheduled post of that channel and brand takes the slot.
    const unscheduled = valueOf(
      await app.call('posts:list', {
        query: { brandIds: [101], channels: ['instagram'], hasScheduledTime: false },
        offset: 0,
        limit: 1,
      }),
    ).items[0]!;
    valueOf(
      await app.call('posts:reschedule', {
        channel: 'instagram',
        id: unscheduled.id,
        timestamp: first.timestamp!,
      }),
    );
    const second = valueOf(await app.call('schedule:next-free', { channel: 'instagram', brandId: 101 }));
    expect(Date.parse(second.timestamp!) - Date.parse(first.timestamp!)).toBe(12 * 3_600_000);
  });
});
