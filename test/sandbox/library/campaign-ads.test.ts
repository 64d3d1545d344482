import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAdsSearchResultSchema,
  campaignListSchema,
  campaignSchema,
  errorObjectSchema,
  type Campaign,
  type CampaignAd,
} from '../../../src/shared/domain/index.ts';
import { startTestSandbox, type TestSandbox } from '../helpers.ts';

/** Op 3: POST .../campaigns/{campaign_id}/ads/search. */
describe('library: campaign ads search', () => {
  let sb: TestSandbox;
  let brand: number;
  let campaigns: Campaign[];

  beforeAll(async () => {
    sb = await startTestSandbox();
    brand = sb.brands[0]!;
    const result = await sb.call('GET', `/library/brands/${brand}/campaigns`, { query: { limit: 1000 } });
    campaigns = campaignListSchema.parse(result.body).data.map((c) => campaignSchema.parse(c));
  });
  afterAll(() => sb.close());

  const search = (campaignId: number, body: unknown) =>
    sb.call('POST', `/library/brands/${brand}/campaigns/${campaignId}/ads/search`, { body });
  const withAds = (source: string) =>
    campaigns.filter((c) => (c.ad_campaigns ?? []).filter((a) => a.source === source).length >= 1);
  const metric = (ad: CampaignAd, key: string) => (ad.metrics as Record<string, number>)[key]!;

  it('finds the ads of each source, paged by limit and offset in the body', async () => {
    for (const source of ['META_ADS', 'TIKTOK_ADS']) {
      const campaign = withAds(source)[0]!;
      const first = campaignAdsSearchResultSchema.parse(
        (await search(campaign.id, { source, limit: 2 })).body,
      );
      const count = first.paging.count;
      expect(count).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (let offset = 0; offset < count; offset += 2) {
        const page = campaignAdsSearchResultSchema.parse(
          (await search(campaign.id, { source, limit: 2, offset })).body,
        );
        expect(page.paging.count).toBe(count);
        expect(page.paging.next === null).toBe(offset + 2 >= count);
        expect(page.paging.previous === null).toBe(offset === 0);
        for (const ad of page.data) {
          expect(ad.source).toBe(source);
          expect((campaign.ad_campaigns ?? []).map((a) => a.source_campaign_id)).toContain(
            ad.source_campaign_id,
          );
          seen.add(ad.source_ad_id);
        }
      }
      expect(seen.size).toBe(count);
    }
  });

  it('uses the default limit of 20 and filters by source_campaign_ids', async () => {
    const campaign =
      withAds('META_ADS').find(
        (c) => (c.ad_campaigns ?? []).filter((a) => a.source === 'META_ADS').length >= 2,
      ) ?? withAds('META_ADS')[0]!;
    const all = campaignAdsSearchResultSchema.parse((await search(campaign.id, { source: 'META_ADS' })).body);
    expect(all.data.length).toBe(Math.min(20, all.paging.count));
    const adCampaign = all.data[0]!.source_campaign_id;
    const filtered = campaignAdsSearchResultSchema.parse(
      (await search(campaign.id, { source: 'META_ADS', limit: 100, source_campaign_ids: [adCampaign] })).body,
    );
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(filtered.data.every((ad) => ad.source_campaign_id === adCampaign)).toBe(true);
    expect(filtered.paging.count).toBe(
      campaignAdsSearchResultSchema
        .parse((await search(campaign.id, { source: 'META_ADS', limit: 100 })).body)
        .data.filter((ad) => ad.source_campaign_id === adCampaign).length,
    );
  });

  it('sorts by a metric, ascending or descending with a leading -', async () => {
    const campaign = withAds('META_ADS')[0]!;
    const down = campaignAdsSearchResultSchema.parse(
      (await search(campaign.id, { source: 'META_ADS', limit: 100, sort: '-spend' })).body,
    ).data;
    const up = campaignAdsSearchResultSchema.parse(
      (await search(campaign.id, { source: 'META_ADS', limit: 100, sort: 'CLICKS' })).body,
    ).data;
    for (let i = 1; i < down.length; i++)
      expect(metric(down[i - 1]!, 'spend')).toBeGreaterThanOrEqual(metric(down[i]!, 'spend'));
    for (let i = 1; i < up.length; i++)
      expect(metric(up[i - 1]!, 'clicks')).toBeLessThanOrEqual(metric(up[i]!, 'clicks'));
  });

  it('answers 422 for a bad body, 404 for an unknown campaign, 403 for the foreign brand', async () => {
    const id = campaigns[0]!.id;
    for (const [body, field] of [
      [{}, 'source'],
      [{ source: 'GOOGLE_ADS' }, 'source'],
      [{ source: 'META_ADS', limit: 101 }, 'limit'],
      [{ source: 'META_ADS', offset: -1 }, 'offset'],
      [{ source: 'META_ADS', sort: 'likes_per_minute' }, 'sort'],
      [{ source: 'META_ADS', page: 2 }, 'page'],
    ] as const) {
      const result = await search(id, body);
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorObjectSchema.parse(result.body).errors)).toContain(field);
    }
    expect((await search(99_999_999, { source: 'META_ADS' })).status).toBe(404);
    const foreign = await sb.call(
      'POST',
      `/library/brands/${sb.sandbox.foreignBrand}/campaigns/${id}/ads/search`,
      { body: { source: 'META_ADS' } },
    );
    expect(foreign.status).toBe(403);
  });
});
