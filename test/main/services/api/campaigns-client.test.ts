import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/main/services/api/api-error.ts';
import { campaignSchema, campaignStatsOverviewSchema } from '../../../../src/shared/domain/index.ts';
import { clientFor, failureOf, sandboxForThisFile } from '../support/sandbox.ts';

/** Campaigns ({library_url}, ops 1 to 5) through the client, against a real sandbox. */
const sandbox = await sandboxForThisFile();
const client = clientFor(sandbox);
const brand = sandbox.brands[0]!;

function row<T>(sql: string, ...params: (string | number)[]): T {
  return sandbox.db.prepare(sql).get(...params) as T;
}

describe('campaigns client', () => {
  it('lists one page of campaigns with a true total, and summaries when asked', async () => {
    const page = await client.campaigns.list(brand, { limit: 3 });
    expect(page.data).toHaveLength(Math.min(3, page.paging.count));
    expect(page.data.every((c) => c.brand_id === brand)).toBe(true);
    expect(campaignSchema.safeParse(page.data[0]).success).toBe(true);

    const summaries = await client.campaigns.list(brand, { limit: 2, summary: true });
    expect(Object.keys(summaries.data[0]!)).not.toContain('topline_metrics');
    expect(client.diagnosticsSeen).toEqual([]);
  });

  it('walks every page of campaigns and yields exactly `count` of them, each once', async () => {
    const { paging } = await client.campaigns.list(brand, { limit: 0 });
    const ids: number[] = [];
    for await (const campaign of client.campaigns.iterate(brand, { limit: 4, summary: true }))
      ids.push(campaign.id);
    expect(paging.count).toBeGreaterThan(4); // more than one page, or the walk proves nothing
    expect(ids).toHaveLength(paging.count);
    expect(new Set(ids).size).toBe(paging.count);
  });

  it('updates a campaign with PUT and answers the saved campaign', async () => {
    const [first] = (await client.campaigns.list(brand, { limit: 1 })).data;
    const updated = await client.campaigns.update(brand, first!.id, {
      name: 'Autumn launch',
      start_date: '2026-09-01',
      end_date: '2026-10-31',
    });
    expect(updated).toMatchObject({ id: first!.id, name: 'Autumn launch' });
    expect((await client.campaigns.list(brand, { ids: [first!.id] })).data[0]?.name).toBe('Autumn launch');
  });

  it('keeps the field errors of a refused update for the form', async () => {
    const [first] = (await client.campaigns.list(brand, { limit: 1 })).data;
    const error = await failureOf(() =>
      client.campaigns.update(brand, first!.id, { start_date: 'next tuesday' } as never),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors.start_date?.[0]).toBeTruthy();
  });

  it("searches a campaign's ads and pages them with limit and offset", async () => {
    const ad = row<{ campaign_id: number; source: 'META_ADS' | 'TIKTOK_ADS' }>(
      'SELECT a.campaign_id, a.source FROM campaign_ads a JOIN campaigns c ON c.id = a.campaign_id WHERE c.brand_id = ? LIMIT 1',
      brand,
    );
    const all = await client.campaigns.searchAds(brand, ad.campaign_id, { source: ad.source, limit: 100 });
    expect(all.data.length).toBe(all.paging.count);
    expect(all.data.every((a) => a.source === ad.source)).toBe(true);
    const second = await client.campaigns.searchAds(brand, ad.campaign_id, {
      source: ad.source,
      limit: 1,
      offset: 1,
    });
    if (all.data.length > 1) expect(second.data[0]?.source_ad_id).toBe(all.data[1]?.source_ad_id);
  });

  it('walks every page of an ads search, sending the same search to each next link', async () => {
    const busiest = row<{ campaign_id: number; source: 'META_ADS' | 'TIKTOK_ADS'; n: number }>(
      `SELECT a.campaign_id, a.source, COUNT(*) AS n FROM campaign_ads a JOIN campaigns c ON c.id = a.campaign_id
       WHERE c.brand_id = ? GROUP BY a.campaign_id, a.source ORDER BY n DESC LIMIT 1`,
      brand,
    );
    const search = { source: busiest.source, sort: '-spend' };
    const onePage = await client.campaigns.searchAds(brand, busiest.campaign_id, { ...search, limit: 100 });
    expect(onePage.paging.count).toBeGreaterThan(3); // several pages, or the walk proves little
    // Four or five pages: enough to follow `next` several times, few enough to stay quick.
    const limit = Math.max(1, Math.ceil(onePage.paging.count / 4) - 1);

    const walked: string[] = [];
    for await (const ad of client.campaigns.iterateAds(brand, busiest.campaign_id, { ...search, limit })) {
      expect(ad.source).toBe(busiest.source);
      walked.push(ad.source_ad_id);
    }
    expect(walked).toHaveLength(onePage.paging.count);
    expect(new Set(walked).size).toBe(walked.length);
    // Same order as one big page: every page kept the body's sort and source.
    expect(walked.slice(0, 100)).toEqual(onePage.data.map((ad) => ad.source_ad_id));
  });

  it('adds owned media to a campaign (204) and the campaign counts them', async () => {
    const campaign = row<{ id: number; number_of_media: number }>(
      'SELECT id FROM campaigns WHERE brand_id = ? LIMIT 1',
      brand,
    );
    const media = sandbox.db
      .prepare(
        'SELECT id FROM media WHERE brand_id = ? AND id NOT IN (SELECT media_id FROM campaign_media WHERE campaign_id = ?) LIMIT 2',
      )
      .all(brand, campaign.id)
      .map((r) => Number(r.id));
    const before = (await client.campaigns.list(brand, { ids: [campaign.id] })).data[0]!.number_of_media ?? 0;
    await expect(
      client.campaigns.addMedia(brand, campaign.id, { media_ids: media }),
    ).resolves.toBeUndefined();
    const after = (await client.campaigns.list(brand, { ids: [campaign.id] })).data[0]!.number_of_media ?? 0;
    expect(after).toBe(before + media.length);
  });

  it('reads the statistics overview of a campaign, grouped by channel', async () => {
    const [first] = (await client.campaigns.list(brand, { limit: 1 })).data;
    const stats = await client.campaigns.statsOverview(brand, first!.id, {
      start_date: '2025-01-01',
      end_date: '2026-12-31',
    });
    expect(campaignStatsOverviewSchema.safeParse(stats).success).toBe(true);
    expect(typeof stats.data.overview?.engagements).toBe('number');
  });

  it('answers 403 for a brand the token cannot reach and 404 for an unknown campaign', async () => {
    const forbidden = await failureOf(() => client.campaigns.list(sandbox.foreignBrand));
    expect(forbidden).toMatchObject({ kind: 'http', status: 403 });
    const missing = await failureOf(() => client.campaigns.statsOverview(brand, 987_654));
    expect(missing).toMatchObject({ kind: 'http', status: 404 });
  });
});
