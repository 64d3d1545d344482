import { afterAll, describe, expect, it } from 'vitest';
import {
  bestTimes,
  dayAndHourIn,
  engagementColumn,
} from '../../../../src/main/services/reports/best-times.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

const sandbox = await sandboxForThisFile({ now: '2026-08-01T10:00:00Z', rateLimit: 10_000 });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const row = (channel: string, published_at: unknown, engagements: unknown = 100) => ({
  channel,
  published_at,
  engagements,
});
const columns = ['channel', 'published_at', 'engagements'];

describe('best times to post, from content report rows', () => {
  it("puts each post on the day and hour it was in the person's zone", () => {
    // Sunday 23:30 UTC: Monday 08:30 in Tokyo, Sunday 19:30 in New York (summer time).
    const at = new Date('2026-07-05T23:30:00Z');
    expect(dayAndHourIn('UTC')(at)).toEqual({ day: 6, hour: 23 });
    expect(dayAndHourIn('Asia/Tokyo')(at)).toEqual({ day: 0, hour: 8 });
    expect(dayAndHourIn('America/New_York')(at)).toEqual({ day: 6, hour: 19 });
    // Midnight is hour 0, not 24.
    expect(dayAndHourIn('UTC')(new Date('2026-07-06T00:10:00Z'))).toEqual({ day: 0, hour: 0 });
  });

  it('averages the engagement of the posts of one hour, per channel, and counts them', () => {
    const rows = [
      row('INSTAGRAM', '2026-07-06T09:05:00Z', 100),
      row('INSTAGRAM', '2026-07-13T09:55:00Z', 300),
      row('INSTAGRAM', '2026-07-06T10:00:00Z', 50),
      row('TIKTOK', '2026-07-06T09:30:00Z', 7),
    ];
    const answer = bestTimes(rows, columns, 'UTC');
    expect(answer.metric).toBe('engagements');
    expect(answer.rows).toBe(4);
    expect(answer.skipped).toBe(0);
    const instagram = answer.channels.find((c) => c.channel === 'INSTAGRAM')!;
    expect(instagram.posts).toBe(3);
    expect(instagram.cells).toEqual([
      { day: 0, hour: 9, posts: 2, average: 200 },
      { day: 0, hour: 10, posts: 1, average: 50 },
    ]);
    expect(answer.channels.map((c) => c.channel)).toEqual(['INSTAGRAM', 'TIKTOK']);
  });

  it('moves the same posts to other cells in another zone, never losing one', () => {
    const rows = [row('INSTAGRAM', '2026-07-05T23:30:00Z'), row('INSTAGRAM', '2026-07-06T14:00:00Z')];
    const tokyo = bestTimes(rows, columns, 'Asia/Tokyo').channels[0]!.cells;
    expect(tokyo.map(({ day, hour }) => [day, hour])).toEqual([
      [0, 8],
      [0, 23],
    ]);
    const kolkata = bestTimes(rows, columns, 'Asia/Kolkata').channels[0]!.cells;
    // +05:30: 23:30 UTC is 05:00 on Monday.
    expect(kolkata.map(({ day, hour }) => [day, hour])).toEqual([
      [0, 5],
      [0, 19],
    ]);
  });

  it('leaves hours with no post out (empty, not zero), and rows with no time or figure out of the count', () => {
    const rows = [
      row('INSTAGRAM', '2026-07-06T09:00:00Z', 0),
      row('INSTAGRAM', null),
      row('INSTAGRAM', 'not a time'),
      row('INSTAGRAM', '2026-07-06T12:00:00Z', null),
    ];
    const answer = bestTimes(rows, columns, 'UTC');
    expect(answer.skipped).toBe(3);
    expect(answer.channels[0]!.cells).toEqual([{ day: 0, hour: 9, posts: 1, average: 0 }]);
    expect(bestTimes([], columns, 'UTC')).toEqual({
      metric: 'engagements',
      timeZone: 'UTC',
      rows: 0,
      skipped: 0,
      channels: [],
    });
  });

  it('reads the engagement count first, else the rate; without either it still counts posts', () => {
    expect(engagementColumn(['impressions', 'engagement_rate', 'engagements'])).toBe('engagements');
    expect(engagementColumn(['impressions', 'engagement_rate'])).toBe('engagement_rate');
    expect(engagementColumn(['impressions'])).toBeNull();
    const answer = bestTimes(
      [{ channel: 'TIKTOK', published_at: '2026-07-06T09:00:00Z', impressions: 5 }],
      ['channel', 'published_at', 'impressions'],
      'UTC',
    );
    expect(answer.metric).toBeNull();
    expect(answer.channels[0]!.cells).toEqual([{ day: 0, hour: 9, posts: 1, average: null }]);
  });
});

describe('reports:best-times against the sandbox', () => {
  const config = {
    report_type: 'CONTENT_OWNED' as const,
    channels: ['INSTAGRAM' as const, 'TIKTOK' as const],
    metrics: ['IMPRESSIONS', 'ENGAGEMENTS'],
    brand_ids: [101],
    start_date: '2026-07-01',
    end_date: '2026-07-31',
    limit: 300,
  };

  it("counts every row the preview reads, per channel, from the report's one request", async () => {
    const before = app.requests.filter((r) => r.includes('/reports/data')).length;
    const preview = valueOf(await app.call('reports:data', { config, offset: 0, limit: 100 }));
    const answer = valueOf(await app.call('reports:best-times', { config, timeZone: 'Europe/Paris' }));
    expect(app.requests.filter((r) => r.includes('/reports/data')).length - before).toBe(1);
    expect(preview.view.kind).toBe('table');
    expect(answer.metric).toBe('engagements');
    expect(answer.timeZone).toBe('Europe/Paris');
    expect(answer.rows).toBe(300);
    const posts = answer.channels.reduce((total, channel) => total + channel.posts, 0);
    expect(posts + answer.skipped).toBe(300);
    expect(answer.channels.map((c) => c.channel).sort()).toEqual(['INSTAGRAM', 'TIKTOK']);
    for (const channel of answer.channels) {
      expect(channel.cells.reduce((total, cell) => total + cell.posts, 0)).toBe(channel.posts);
    }
  });

  it('refuses a report that is no content report, and a time zone nobody knows, in words', async () => {
    const figures = await app.call('reports:best-times', {
      config: {
        ...config,
        report_type: 'TOTAL_METRIC',
        context_start_date: '2026-06-01',
        context_end_date: '2026-06-30',
      },
      timeZone: 'UTC',
    });
    expect(figures.ok).toBe(false);
    const zone = await app.call('reports:best-times', { config, timeZone: 'Mars/Olympus' });
    expect(zone.ok).toBe(false);
    if (!zone.ok) expect(zone.error.fieldErrors.timeZone).toEqual(['Not a time zone this computer knows.']);
  });
});
