import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignListSchema,
  campaignSchema,
  campaignStatsGroupLeaves,
  campaignStatsOverviewSchema,
  errorObjectSchema,
  type Campaign,
} from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/** Op 4 (add media) and op 5 (statistics overview), which move together. */
describe('library: campaign media and statistics', () => {
  let sb: TestSandbox;
  let brand: number;
  let campaign: Campaign;

  beforeAll(async () => {
    sb = await startTestSandbox();
    brand = sb.brands[0]!;
    const result = await sb.call('GET', `/library/brands/${brand}/campaigns`, { query: { limit: 1 } });
    campaign = campaignSchema.parse(campaignListSchema.parse(result.body).data[0]);
  });
  afterAll(() => sb.close());

  const base = () => `/library/brands/${brand}/campaigns/${campaign.id}`;
  const stats = async (query: Record<string, string> = {}) => {
    const result = await sb.call('GET', `${base()}/stats/overview`, { query });
    expect(result.status).toBe(200);
    return campaignStatsOverviewSchema.parse(result.body).data;
  };
  const reload = async () => {
    const result = await sb.call('GET', `/library/brands/${brand}/campaigns`, {
      query: { ids: String(campaign.id) },
    });
    return campaignSchema.parse(campaignListSchema.parse(result.body).data[0]);
  };
  /** Test setup reads the media library from the database: the interface has no media list. */
  const libraryMedia = (brandId: number, notIn: number) =>
    sb.sandbox.db
      .prepare(
        'SELECT id FROM media WHERE brand_id = ? AND id NOT IN (SELECT media_id FROM campaign_media WHERE campaign_id = ?) ORDER BY id LIMIT 6',
      )
      .all(brandId, notIn)
      .map((row) => Number(row.id));

  it('answers every group of the overview with numbers that agree with the campaign totals', async () => {
    const data = await stats();
    for (const [group, leaves] of Object.entries(campaignStatsGroupLeaves)) {
      const values = (data as Record<string, Record<string, unknown>>)[group]!;
      expect(Object.keys(values).sort(), group).toEqual([...leaves].sort());
      for (const leaf of leaves) expect(Number.isFinite(values[leaf]), `${group}.${leaf}`).toBe(true);
    }
    expect(data.CUSTOM_METRICS).toEqual({});
    expect(data.overview).toMatchObject({
      number_of_media: campaign.number_of_media,
      engagements: campaign.total_engagements,
      impressions: campaign.total_impressions,
      emv: campaign.total_emv,
    });
  });

  it('narrows to media published between start_date and end_date (dates or date-times)', async () => {
    const whole = await stats();
    const earliest = campaign.earliest_media_published_date!;
    const latest = campaign.latest_media_published_date!;
    expect(
      (await stats({ start_date: earliest.slice(0, 10), end_date: latest.slice(0, 10) })).overview,
    ).toEqual(whole.overview);
    const middle = new Date((Date.parse(earliest) + Date.parse(latest)) / 2).toISOString().slice(0, 19);
    const firstHalf = await stats({ end_date: `${middle}Z` });
    const secondHalf = await stats({ start_date: `${middle}+00:00` });
    expect(firstHalf.overview.number_of_media).toBeLessThan(whole.overview.number_of_media);
    expect(firstHalf.overview.number_of_media + secondHalf.overview.number_of_media).toBeGreaterThanOrEqual(
      whole.overview.number_of_media,
    );
    const before = await stats({ start_date: '2001-01-01', end_date: '2001-12-31' });
    expect(before.overview.number_of_media).toBe(0);
    expect(before.overview.engagements).toBe(0);
  });

  it('answers 422 for a start or end that does not match the pattern, or an end before the start', async () => {
    for (const query of [
      { start_date: '2025-13-01' },
      { start_date: '01/02/2025' },
      { end_date: '2025-01-01T10:00' },
      { end_date: '2025-01-01T10:00:00' },
      { start_date: '2025-02-01', end_date: '2025-01-01' },
      { from: '2025-01-01' },
    ]) {
      const result = await sb.call('GET', `${base()}/stats/overview`, { query });
      expect(result.status, JSON.stringify(query)).toBe(422);
      errorObjectSchema.parse(result.body);
    }
    expect((await sb.call('GET', `/library/brands/${brand}/campaigns/99999999/stats/overview`)).status).toBe(
      404,
    );
  });

  it('adds media from the query and the body (204), each once, and the statistics count them', async () => {
    const before = await stats();
    const [a, b, c] = libraryMedia(brand, campaign.id);
    const result = await sb.call('POST', `${base()}/media`, {
      query: { media_ids: `${a},${b}` },
      body: { media_ids: [b, c] },
    });
    expect(result.status).toBe(204);
    expect(result.text).toBe('');
    const after = await stats();
    expect(after.overview.number_of_media).toBe(before.overview.number_of_media + 3);
    expect(after.overview.impressions).toBeGreaterThan(before.overview.impressions);
    expect((await reload()).number_of_media).toBe(campaign.number_of_media! + 3);
    // Adding the same media again changes nothing.
    expect((await sb.call('POST', `${base()}/media`, { body: { media_ids: [a] } })).status).toBe(204);
    expect((await stats()).overview.number_of_media).toBe(after.overview.number_of_media);
  });

  it('adds a whole gallery', async () => {
    const gallery = sb.sandbox.db.prepare('SELECT id FROM galleries WHERE brand_id = ? LIMIT 1').get(brand)!;
    const galleryMedia = sb.sandbox.db
      .prepare('SELECT media_id FROM gallery_media WHERE gallery_id = ?')
      .all(gallery.id)
      .map((r) => Number(r.media_id));
    expect(
      (await sb.call('POST', `${base()}/media`, { query: { gallery_ids: String(gallery.id) } })).status,
    ).toBe(204);
    const inCampaign = new Set(
      sb.sandbox.db
        .prepare('SELECT media_id FROM campaign_media WHERE campaign_id = ?')
        .all(campaign.id)
        .map((r) => Number(r.media_id)),
    );
    expect(galleryMedia.every((id) => inCampaign.has(id))).toBe(true);
    expect((await reload()).number_of_media).toBe(inCampaign.size);
  });

  it('answers 422 for nothing to add or media outside the brand, 404 and 403 as usual', async () => {
    const count = (await reload()).number_of_media;
    const none = await sb.call('POST', `${base()}/media`, { body: {} });
    expect(none.status).toBe(422);
    const foreignMedia = libraryMedia(sb.brands[1]!, campaign.id)[0]!;
    const outside = await sb.call('POST', `${base()}/media`, { body: { media_ids: [foreignMedia] } });
    expect(outside.status).toBe(422);
    expect(errorObjectSchema.parse(outside.body).errors.media_ids).toBeDefined();
    expect((await sb.call('POST', `${base()}/media`, { query: { gallery_ids: '999999' } })).status).toBe(422);
    expect((await sb.call('POST', `${base()}/media`, { query: { media_ids: 'x,y' } })).status).toBe(422);
    expect((await reload()).number_of_media).toBe(count);
    expect(
      (
        await sb.call('POST', `/library/brands/${brand}/campaigns/99999999/media`, {
          body: { media_ids: [1] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await sb.call('POST', `/library/brands/${sb.sandbox.foreignBrand}/campaigns/${campaign.id}/media`, {
          body: { media_ids: [1] },
        })
      ).status,
    ).toBe(403);
  });
});
