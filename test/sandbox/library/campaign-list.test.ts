import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignListSchema,
  campaignSchema,
  campaignSortFields,
  errorObjectSchema,
  type Campaign,
} from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/** Op 2: GET /brands/{brand_id}/campaigns, every parameter of conventions §6. */
describe('library: campaign list', () => {
  let sb: TestSandbox;
  let brand: number;
  let all: Campaign[];
  const now = '2025-06-15T12:00:00Z';

  beforeAll(async () => {
    sb = await startTestSandbox({ now });
    brand = sb.brands[0]!;
    const result = await sb.call('GET', path(), { query: { limit: 1000 } });
    all = campaignListSchema.parse(result.body).data.map((item) => campaignSchema.parse(item));
  });
  afterAll(() => sb.close());

  const path = () => `/library/brands/${brand}/campaigns`;
  async function list(query: Record<string, string | number | boolean>) {
    const result = await sb.call('GET', path(), { query: { limit: 1000, ...query } });
    expect(result.status).toBe(200);
    return campaignListSchema.parse(result.body);
  }
  const ids = (items: { id: number }[]) => items.map((item) => item.id);
  const sortedIds = (items: { id: number }[]) => ids(items).sort((a, b) => a - b);

  it('lists about 40 full campaigns per brand, with creators, goals and statistics', async () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.every((c) => c.brand_id === brand)).toBe(true);
    expect(all.some((c) => (c.creator_ids ?? []).length > 0)).toBe(true);
    expect(
      all.some((c) => (c.topline_metrics?.OWNED_SUMMARY ?? []).some((g) => typeof g.goal === 'number')),
    ).toBe(true);
    expect(all.every((c) => typeof c.total_engagements === 'number' && c.number_of_media! > 0)).toBe(true);
    expect(all.some((c) => (c.ad_campaigns ?? []).some((a) => a.source === 'META_ADS'))).toBe(true);
  });

  it('returns summary objects with summary=true', async () => {
    const page = await list({ summary: true, limit: 5 });
    for (const item of page.data) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'brand_id',
          'created_at',
          'end_date',
          'id',
          'name',
          'number_of_media',
          'start_date',
          'updated_at',
        ].sort(),
      );
    }
  });

  it('walks every page through next links, seeing each campaign exactly once', async () => {
    let url: string | null = sb.url(path(), { limit: 7, has_creators: true, sort: 'NAME' });
    const seen: number[] = [];
    let count = -1;
    let previous: string | null = 'unset';
    while (url) {
      const result = await sb.call('GET', url);
      const page = campaignListSchema.parse(result.body);
      if (previous === 'unset') expect(page.paging.previous).toBeNull();
      previous = page.paging.previous;
      count = page.paging.count;
      seen.push(...ids(page.data));
      if (page.paging.next) {
        const next = new URL(page.paging.next);
        expect(next.searchParams.get('has_creators')).toBe('true');
        expect(next.searchParams.get('sort')).toBe('NAME');
      }
      url = page.paging.next;
    }
    expect(seen.length).toBe(count);
    expect(new Set(seen).size).toBe(count);
    expect(count).toBe(all.filter((c) => (c.creator_ids ?? []).length > 0).length);
    expect(previous).not.toBeNull();
  });

  it('answers limit=0 with no data and the true count', async () => {
    const page = await list({ limit: 0 });
    expect(page.data).toEqual([]);
    expect(page.paging.count).toBe(all.length);
    expect(page.paging.next).toBeNull();
  });

  it('refuses out-of-range paging and unknown values with 422', async () => {
    for (const query of [
      { limit: 1001 },
      { limit: -1 },
      { offset: -1 },
      { limit: 'ten' },
      { sort: 'POPULARITY' },
      { activity: 'SOMETIMES' },
      { has_creators: 'yes' },
    ]) {
      const result = await sb.call('GET', path(), { query });
      expect(result.status).toBe(422);
      const error = errorObjectSchema.parse(result.body);
      expect(Object.keys(error.errors)).toEqual(Object.keys(query));
    }
  });

  it('sorts by every field, ascending and with a leading - descending', async () => {
    const value: Record<string, (c: Campaign) => string | number> = {
      CREATED: (c) => c.created_at,
      NAME: (c) => c.name.toLowerCase(),
      NUMBER_OF_MEDIA: (c) => c.number_of_media ?? 0,
      AVG_ENGAGEMENTS: (c) => c.avg_engagements ?? 0,
      AVG_ENGAGEMENT_RATE: (c) => c.avg_engagement_rate ?? 0,
      AVG_EMV: (c) => c.avg_emv ?? 0,
      TOTAL_CREATOR_LIKES: (c) => c.total_creator_likes ?? 0,
      TOTAL_ENGAGEMENTS: (c) => c.total_engagements ?? 0,
      TOTAL_EMV: (c) => c.total_emv ?? 0,
      TOTAL_CLICKS: (c) => c.total_clicks ?? 0,
      TOTAL_IMPRESSIONS: (c) => c.total_impressions ?? 0,
      TOTAL_VIDEO_VIEWS: (c) => c.total_video_views ?? 0,
    };
    for (const field of campaignSortFields) {
      for (const sort of [field, `-${field}`]) {
        const page = await list({ sort });
        const data = page.data as Campaign[];
        expect(data.length).toBe(all.length);
        for (let i = 1; i < data.length; i++) {
          const [a, b] = [value[field]!(data[i - 1]!), value[field]!(data[i]!)];
          if (sort.startsWith('-')) expect(a >= b, `${sort} at ${i}`).toBe(true);
          else expect(a <= b, `${sort} at ${i}`).toBe(true);
        }
      }
    }
  });

  it('searches names case-insensitively, with * as a wildcard', async () => {
    const word = all[0]!.name.split(' ')[1]!;
    const contains = await list({ search: word.toUpperCase() });
    expect(sortedIds(contains.data)).toEqual(
      sortedIds(all.filter((c) => c.name.toLowerCase().includes(word.toLowerCase()))),
    );
    const season = all[0]!.name.split(' ')[0]!;
    const prefix = await list({ search: `${season.toLowerCase()}*` });
    expect(prefix.data.length).toBeGreaterThan(0);
    expect(sortedIds(prefix.data)).toEqual(
      sortedIds(all.filter((c) => c.name.toLowerCase().startsWith(season.toLowerCase()))),
    );
    const wildcard = await list({ search: `*${word.slice(1, 4)}*` });
    expect(sortedIds(wildcard.data)).toEqual(
      sortedIds(all.filter((c) => c.name.toLowerCase().includes(word.slice(1, 4).toLowerCase()))),
    );
    expect((await list({ search: 'no campaign is called this' })).paging.count).toBe(0);
  });

  it('filters by ids, creator_id and has_creators', async () => {
    const wanted = [all[3]!.id, all[1]!.id];
    expect(sortedIds((await list({ ids: wanted.join(',') })).data)).toEqual(
      [...wanted].sort((a, b) => a - b),
    );
    const creator = all.find((c) => (c.creator_ids ?? []).length > 0)!.creator_ids![0]!;
    const withCreator = await list({ creator_id: creator });
    expect(sortedIds(withCreator.data)).toEqual(
      sortedIds(all.filter((c) => c.creator_ids?.includes(creator))),
    );
    const withCreators = await list({ has_creators: true });
    const without = await list({ has_creators: false });
    expect(withCreators.data.every((c) => ((c as Campaign).creator_ids ?? []).length > 0)).toBe(true);
    expect(without.data.every((c) => ((c as Campaign).creator_ids ?? []).length === 0)).toBe(true);
    expect(withCreators.paging.count + without.paging.count).toBe(all.length);
  });

  it('filters by activity: the sandbox date inside the creator filters range, or a creator campaign with none', async () => {
    const at = Date.parse(now);
    const isActive = (c: Campaign) => {
      const range = c.creator_filters?.source_created_at;
      const start = range?.start ? Date.parse(range.start) : null;
      const end = range?.end ? Date.parse(range.end) : null;
      if (start === null && end === null) return (c.creator_ids ?? []).length > 0;
      return (start === null || start <= at) && (end === null || end >= at);
    };
    const active = await list({ activity: 'ACTIVE' });
    const inactive = await list({ activity: 'INACTIVE' });
    expect(active.data.length).toBeGreaterThan(0);
    expect(inactive.data.length).toBeGreaterThan(0);
    expect(sortedIds(active.data)).toEqual(sortedIds(all.filter(isActive)));
    expect(sortedIds(inactive.data)).toEqual(sortedIds(all.filter((c) => !isActive(c))));
    expect((await list({ activity: 'ALL' })).paging.count).toBe(all.length);
  });
});
