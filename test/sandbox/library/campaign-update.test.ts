import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignListSchema,
  campaignSchema,
  errorObjectSchema,
  type Campaign,
} from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/** Op 1: PUT /brands/{brand_id}/campaigns/{campaign_id}. */
describe('library: campaign update', () => {
  let sb: TestSandbox;
  let brand: number;
  let campaigns: Campaign[];
  const now = '2025-06-15T12:00:00Z';

  beforeAll(async () => {
    sb = await startTestSandbox({ now });
    brand = sb.brands[0]!;
    const result = await sb.call('GET', `/library/brands/${brand}/campaigns`, { query: { limit: 1000 } });
    campaigns = campaignListSchema.parse(result.body).data.map((c) => campaignSchema.parse(c));
  });
  afterAll(() => sb.close());

  const put = (id: number, body: unknown, brandId = brand) =>
    sb.call('PUT', `/library/brands/${brandId}/campaigns/${id}`, { body });

  it('updates the fields sent, keeps the others, and the list shows the change', async () => {
    const target = campaigns[0]!;
    const hashtag = campaigns.flatMap((c) => (c.hashtags as { id: number }[]) ?? [])[0]!.id;
    const result = await put(target.id, {
      name: 'Renamed Autumn Push',
      start_date: '2025-09-01',
      end_date: '2025-10-31',
      creator_ids: [7, 8, 9],
      hashtag_ids: [hashtag],
      ttcm_spark_ads_authorization_days: 30,
      creator_filters: { source_created_at: { start: '2025-06-01T00:00:00Z', end: '2025-07-01T00:00:00Z' } },
      topline_metrics: {
        OWNED_SUMMARY: [{ id: 1, metric: 'ENGAGEMENTS', goal: 5000 }],
        SOCIAL_ADS_SUMMARY: [{ source: 'dashboards', goal: 250 }],
      },
    });
    expect(result.status).toBe(200);
    const updated = campaignSchema.parse(result.body);
    expect(updated).toMatchObject({
      id: target.id,
      name: 'Renamed Autumn Push',
      start_date: '2025-09-01T00:00:00Z',
      end_date: '2025-10-31T23:59:59Z',
      creator_ids: [7, 8, 9],
      ttcm_spark_ads_authorization_days: 30,
      google_analytics_selected_campaigns: target.google_analytics_selected_campaigns,
      number_of_media: target.number_of_media,
    });
    expect(updated.topline_metrics?.OWNED_SUMMARY?.[0]).toMatchObject({
      id: 1,
      metric: 'ENGAGEMENTS',
      goal: 5000,
      source: 'campaign_stats',
    });
    expect(updated.topline_metrics?.SOCIAL_ADS_SUMMARY?.[0]).toMatchObject({
      source: 'dashboards',
      goal: 250,
      metric: 'TOTAL_SPENT',
    });
    expect((updated.hashtags as { id: number }[]).map((h) => h.id)).toEqual([hashtag]);
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(now));

    const search = await sb.call('GET', `/library/brands/${brand}/campaigns`, {
      query: { search: 'renamed autumn', creator_id: 8 },
    });
    expect(campaignListSchema.parse(search.body).data.map((c) => c.id)).toEqual([target.id]);
    // The creator filters range now contains the sandbox date: the campaign is active.
    const active = await sb.call('GET', `/library/brands/${brand}/campaigns`, {
      query: { activity: 'ACTIVE', ids: String(target.id) },
    });
    expect(campaignListSchema.parse(active.body).paging.count).toBe(1);
  });

  it('answers 422 with the field at fault', async () => {
    const id = campaigns[1]!.id;
    const cases: [unknown, string][] = [
      [{ start_date: '2025-10-01', end_date: '2025-09-01' }, 'end_date'],
      [{ name: '' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ start_date: '2025-02-30' }, 'start_date'],
      [{ end_date: '2025-09-01T10:00:00Z' }, 'end_date'],
      [{ hashtag_ids: [999_999] }, 'hashtag_ids'],
      [{ benchmark_campaigns: [id] }, 'benchmark_campaigns'],
      [{ creator_ids: [-1] }, 'creator_ids.0'],
      [{ id: 5 }, 'id'],
      [{ updated_at: '2025-01-01T00:00:00Z' }, 'updated_at'],
      [{ budget: 100 }, 'budget'],
      [{ topline_metrics: { OWNED_SUMMARY: [{ goal: 1 }] } }, 'topline_metrics.OWNED_SUMMARY.0.id'],
    ];
    for (const [body, field] of cases) {
      const result = await put(id, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorObjectSchema.parse(result.body).errors), JSON.stringify(body)).toContain(field);
    }
    // Nothing was changed by the refused requests.
    const after = await sb.call('GET', `/library/brands/${brand}/campaigns`, { query: { ids: String(id) } });
    expect(campaignListSchema.parse(after.body).data[0]).toMatchObject({
      name: campaigns[1]!.name,
      updated_at: campaigns[1]!.updated_at,
    });
  });

  it('takes a creator range bound only as a date or a date-time with a zone, naming the bound otherwise', async () => {
    const target = campaigns[2]!;
    const range = (start: unknown, end: unknown = null) => ({
      creator_filters: { source_created_at: { start, end } },
    });
    // Numbers, a bare year and a date-time without a zone: Date.parse reads each as some moment.
    for (const start of ['0', '1', '2026', '2025-06-01T00:00:00', '2025-06-01 00:00:00Z', '', 'soon']) {
      const result = await put(target.id, range(start));
      expect(result.status, start).toBe(422);
      const error = errorObjectSchema.parse(result.body);
      expect(error.errors, start).toEqual({
        'creator_filters.source_created_at.start': [
          'Must be a date (YYYY-MM-DD) or a date-time with a zone.',
        ],
      });
    }
    const end = await put(target.id, range(null, '2026'));
    expect(Object.keys(errorObjectSchema.parse(end.body).errors)).toEqual([
      'creator_filters.source_created_at.end',
    ]);
    const unchanged = await sb.call('GET', `/library/brands/${brand}/campaigns`, {
      query: { ids: String(target.id) },
    });
    expect(campaignListSchema.parse(unchanged.body).data[0]).toMatchObject({ updated_at: target.updated_at });

    for (const [start, stored] of [
      ['2025-06-01', '2025-06-01'],
      ['2025-06-01T02:00:00+02:00', '2025-06-01T02:00:00+02:00'],
      ['2025-06-01T00:00:00.250Z', '2025-06-01T00:00:00.250Z'],
    ]) {
      const result = await put(target.id, range(start, '2025-07-01T00:00:00Z'));
      expect(result.status, `${start}: ${result.text}`).toBe(200);
      expect(campaignSchema.parse(result.body).creator_filters?.source_created_at?.start).toBe(stored);
    }
  });

  it('answers 404 for a campaign of another brand or none, 403 for the foreign brand, 401 without a token', async () => {
    const otherBrand = sb.brands[1]!;
    const other = await sb.call('GET', `/library/brands/${otherBrand}/campaigns`, { query: { limit: 1 } });
    const otherId = campaignListSchema.parse(other.body).data[0]!.id;
    expect((await put(otherId, { name: 'x' })).status).toBe(404);
    expect((await put(99_999_999, { name: 'x' })).status).toBe(404);
    expect((await put(campaigns[0]!.id, { name: 'x' }, sb.sandbox.foreignBrand)).status).toBe(403);
    expect(
      (
        await sb.call('PUT', `/library/brands/${brand}/campaigns/${campaigns[0]!.id}`, {
          body: { name: 'x' },
          token: null,
        })
      ).status,
    ).toBe(401);
  });
});
