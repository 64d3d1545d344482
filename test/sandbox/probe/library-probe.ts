import { describe, expect, it } from 'vitest';
import {
  campaignAdsSearchResultSchema,
  campaignListSchema,
  campaignSchema,
  campaignStatsGroupLeaves,
  campaignStatsOverviewSchema,
  type Campaign,
} from '../../../src/shared/domain/index.ts';
import { expectError, type Probe } from './probe-client.ts';

/** Operations 1 to 5 ({library_url}) and the campaign list's paging (conventions §5, §6). */
export function libraryProbe(probe: () => Probe): void {
  describe('library: campaigns (ops 1-5)', () => {
    const campaigns = () => `/brands/${probe().brand}/campaigns`;
    const list = async (query: Record<string, string | number | boolean> = {}) => {
      const answer = await probe().get('library', campaigns(), { query });
      expect(answer.status).toBe(200);
      return campaignListSchema.parse(answer.body);
    };
    let all: Campaign[] = [];

    it('op 2 lists full campaigns, 50 by default, with null links on a single page', async () => {
      const page = await list();
      all = page.data.map((item) => campaignSchema.parse(item));
      expect(page.paging.count).toBeGreaterThanOrEqual(30);
      expect(all.length).toBe(Math.min(50, page.paging.count));
      expect(all.every((campaign) => campaign.brand_id === probe().brand)).toBe(true);
      expect(page.paging.previous).toBeNull();
      if (page.paging.count <= 50) expect(page.paging.next).toBeNull();
    });

    it('pages with absolute next/previous URLs that keep every other parameter', async () => {
      const first = await list({ limit: 15, sort: '-NAME', search: '*' });
      const next = new URL(first.paging.next!);
      expect(next.origin + next.pathname).toBe(probe().at('library', campaigns()));
      expect(Object.fromEntries(next.searchParams)).toEqual({
        limit: '15',
        offset: '15',
        sort: '-NAME',
        search: '*',
      });
      const second = campaignListSchema.parse((await probe().call('GET', first.paging.next!)).body);
      expect(new URL(second.paging.previous!).searchParams.get('offset')).toBe('0');
      // -NAME is descending, case-insensitive (ASCII folding, as SQL's NOCASE).
      const names = [...first.data, ...second.data].map((campaign) => campaign.name.toLowerCase());
      expect(names.every((name, n) => n === 0 || names[n - 1]! >= name)).toBe(true);
      let last = second;
      while (last.paging.next)
        last = campaignListSchema.parse((await probe().call('GET', last.paging.next)).body);
      expect(last.paging.next).toBeNull();
      expect(last.paging.previous).not.toBeNull();
    });

    it('limit=0 gives empty data and the true count; limit 1000 is the maximum', async () => {
      const empty = await list({ limit: 0 });
      expect(empty.data).toEqual([]);
      expect(empty.paging.count).toBe(all.length);
      expect((await list({ limit: 1000 })).data.length).toBe(all.length);
      expect(
        Object.keys(
          expectError(await probe().get('library', campaigns(), { query: { limit: 1001 } }), 422).errors,
        ),
      ).toEqual(['limit']);
      expectError(await probe().get('library', campaigns(), { query: { offset: -1 } }), 422);
    });

    it('summary=true answers summary objects with exactly the summary fields', async () => {
      const page = await list({ summary: true, limit: 3 });
      for (const item of page.data) {
        expect(Object.keys(item).sort()).toEqual([
          'brand_id',
          'created_at',
          'end_date',
          'id',
          'name',
          'number_of_media',
          'start_date',
          'updated_at',
        ]);
      }
    });

    it('refuses an unknown parameter or sort (422), the foreign brand and an unknown one (403)', async () => {
      expectError(await probe().get('library', campaigns(), { query: { page: 2 } }), 422);
      expectError(await probe().get('library', campaigns(), { query: { sort: 'COLOUR' } }), 422);
      expectError(await probe().get('library', `/brands/${probe().ready.foreign_brand}/campaigns`), 403);
      expectError(await probe().get('library', '/brands/424242/campaigns'), 403);
    });

    it('op 1 updates a campaign and answers the campaign; read-only and unknown fields are 422', async () => {
      const target = all[0]!;
      const url = probe().at('library', `${campaigns()}/${target.id}`);
      const body = { name: 'Probe – été 2026 🌞', start_date: '2026-06-01', end_date: '2026-08-31' };
      const answer = await probe().call('PUT', url, { json: body });
      expect(answer.status).toBe(200);
      expect(campaignSchema.parse(answer.body)).toMatchObject({ id: target.id, name: body.name });
      const reread = await list({ ids: String(target.id) });
      expect(reread.data[0]!.name).toBe(body.name);

      const refused = expectError(
        await probe().call('PUT', url, {
          json: { name: 'x', avg_emv: 1, number_of_media: 2, colour: 'red' },
        }),
        422,
      );
      expect(refused.errors.avg_emv?.[0]).toMatch(/read-only/i);
      expect(refused.errors.number_of_media?.[0]).toMatch(/read-only/i);
      expect(refused.errors.colour?.[0]).toMatch(/unknown/i);
      expectError(
        await probe().call('PUT', probe().at('library', `${campaigns()}/999999`), { json: body }),
        404,
      );
    });

    it('op 3 searches ads; next, POSTed with the same body, gives the next page', async () => {
      const withAds = all.find((campaign) => campaign.ad_campaigns?.some((ad) => ad.source === 'META_ADS'))!;
      const url = probe().at('library', `${campaigns()}/${withAds.id}/ads/search`);
      const search = { source: 'META_ADS', limit: 1 };
      const first = await probe().call('POST', url, { json: search });
      expect(first.status).toBe(200);
      const page = campaignAdsSearchResultSchema.parse(first.body);
      expect(page.data.every((ad) => ad.source === 'META_ADS')).toBe(true);
      expect(page.paging.previous).toBeNull();
      if (page.paging.count > 1) {
        const second = campaignAdsSearchResultSchema.parse(
          (await probe().call('POST', page.paging.next!, { json: search })).body,
        );
        expect(second.data[0]!.source_ad_id).not.toBe(page.data[0]!.source_ad_id);
        expect(second.paging.previous).not.toBeNull();
      }
      expect(
        Object.keys(
          expectError(await probe().call('POST', url, { json: { ...search, limit: 101 } }), 422).errors,
        ),
      ).toEqual(['limit']);
      expectError(await probe().call('POST', url, { json: { limit: 5 } }), 422);
    });

    it('op 4 adds media named in the query (204) and refuses media outside the library (422)', async () => {
      const [donor, target] = [all[1]!, all[2]!];
      const mediaIds = ((donor.top_media as { id: number }[] | null) ?? []).map((media) => media.id);
      const url = probe().at('library', `${campaigns()}/${target.id}/media`);
      const added = await probe().call('POST', url, { query: { media_ids: mediaIds.join(',') } });
      expect(added.status).toBe(204);
      expect(added.text).toBe('');
      const after = campaignSchema.parse((await list({ ids: String(target.id) })).data[0]);
      expect(after.number_of_media).toBeGreaterThanOrEqual(target.number_of_media ?? 0);
      expectError(await probe().call('POST', url, { json: { media_ids: [987654321] } }), 422);
      // An empty JSON body is no body: the route's own rule (name some media) answers.
      const empty = await probe().call('POST', url, { raw: { body: '', contentType: 'application/json' } });
      expect(Object.keys(expectError(empty, 422).errors)).toEqual(['media_ids']);
    });

    it('op 5 answers every statistics group with numbers, for dates and date-times alike', async () => {
      const url = `${campaigns()}/${all[0]!.id}/stats/overview`;
      const ranges: Record<string, string>[] = [
        {},
        { start_date: '2025-01-01', end_date: '2026-12-31T23:59:59+02:00' },
      ];
      for (const query of ranges) {
        const answer = await probe().get('library', url, { query });
        expect(answer.status).toBe(200);
        const data = campaignStatsOverviewSchema.parse(answer.body).data as Record<
          string,
          Record<string, unknown>
        >;
        for (const [group, leaves] of Object.entries(campaignStatsGroupLeaves)) {
          expect(Object.keys(data[group]!).sort(), group).toEqual([...leaves].sort());
          for (const leaf of leaves) expect(typeof data[group]![leaf], `${group}.${leaf}`).toBe('number');
        }
      }
      expectError(await probe().get('library', url, { query: { start_date: '2025-13-01' } }), 422);
    });
  });
}
