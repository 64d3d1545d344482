import { afterAll, describe, expect, it } from 'vitest';
import { campaignUpdateFrom, type CampaignView } from '../../../../src/shared/contract/index.ts';
import {
  campaignSortFields,
  campaignStatsGroupLeaves,
  campaignUpdateSchema,
} from '../../../../src/shared/domain/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/** The Campaigns area's calls through dispatch, against a real sandbox. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());
const brand = 101;

/** The sandbox's own answer, read without the app. */
async function service<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${sandbox.urls.library}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${sandbox.tokens.user}`, 'content-type': 'application/json' },
  });
  return (await response.json()) as T;
}
type Page<T> = { data: T[]; paging: { count: number } };
const serviceList = (query: string) =>
  service<Page<CampaignView>>(`/brands/${brand}/campaigns?limit=1000&${query}`);
const list = async (filter: object, offset = 0, limit = 500, brandIds = [brand]) =>
  valueOf(await app.call('campaigns:list', { query: { brandIds, filter }, offset, limit }));
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('campaigns:list', () => {
  it("lists a brand's campaigns as the service has them, newest first", async () => {
    const answer = await list({});
    const expected = await serviceList('');
    expect(answer.count).toBe(expected.paging.count);
    expect(answer.count).toBeGreaterThan(10);
    expect(ids(answer.items)).toEqual(ids(expected.data));
  });

  it("lists the campaigns of several brands as one list, in the sort's order, paged without gaps", async () => {
    const brands = [101, 102, 103];
    const each = async (sort: string) =>
      (
        await Promise.all(
          brands.map((id) => service<Page<CampaignView>>(`/brands/${id}/campaigns?limit=1000&sort=${sort}`)),
        )
      ).flatMap((page) => page.data);
    for (const sort of ['-CREATED', 'NAME', '-TOTAL_ENGAGEMENTS'] as const) {
      const all = await each(sort);
      const first = await list({ sort }, 0, 500, brands);
      const whole = { count: first.count, items: [...first.items] };
      for (let offset = 500; offset < first.count; offset += 500)
        whole.items.push(...(await list({ sort }, offset, 500, brands)).items);
      expect(whole.count, sort).toBe(all.length);
      expect(new Set(whole.items.map((c) => c.brand_id)), sort).toEqual(new Set(brands));
      expect(
        ids(whole.items).sort((a, b) => a - b),
        sort,
      ).toEqual(ids(all).sort((a, b) => a - b));
      // In order: each brand's own rows keep the service's order, and the figure never goes back.
      for (const id of brands) {
        const own = whole.items.filter((c) => c.brand_id === id);
        expect(ids(own), `${sort} ${id}`).toEqual(ids(all.filter((c) => c.brand_id === id)));
      }
      if (sort === '-TOTAL_ENGAGEMENTS') {
        const figures = whole.items.map((c) => c.total_engagements ?? 0);
        expect(figures).toEqual([...figures].sort((a, b) => b - a));
      }
      // Pages read one by one are the whole list's slices.
      const pages = [];
      for (let offset = 0; offset < whole.count; offset += 50)
        pages.push(...(await list({ sort }, offset, 50, brands)).items);
      expect(ids(pages), sort).toEqual(ids(whole.items));
    }
  });

  it('searches names with wildcards, case-insensitively', async () => {
    const [word] = (await list({})).items[0]!.name.split(' ');
    const answer = await list({ search: `${word!.toLowerCase()}*` });
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.items.every((c) => c.name.toLowerCase().startsWith(word!.toLowerCase()))).toBe(true);
    expect(ids(answer.items)).toEqual(
      ids((await serviceList(`search=${encodeURIComponent(`${word!.toLowerCase()}*`)}`)).data),
    );
    expect(app.requests.some((r) => r.includes(`search=${word!.toLowerCase()}*`))).toBe(true);
  });

  it('sorts by every field, ascending and descending, in the order the service gives', async () => {
    for (const field of campaignSortFields) {
      for (const sort of [field, `-${field}`] as const) {
        const answer = await list({ sort }, 0, 15);
        expect(ids(answer.items), sort).toEqual(ids((await serviceList(`sort=${sort}`)).data.slice(0, 15)));
      }
    }
    const up = (await list({ sort: 'TOTAL_ENGAGEMENTS' })).items.map((c) => c.total_engagements ?? 0);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await list({ sort: '-NAME' })).items.map((c) => c.name.toLowerCase());
    expect(down).toEqual([...down].sort().reverse());
  });

  it('filters by activity: active and inactive split all of them', async () => {
    const all = await list({ activity: 'ALL' });
    const active = await list({ activity: 'ACTIVE' });
    const inactive = await list({ activity: 'INACTIVE' });
    expect(active.count).toBeGreaterThan(0);
    expect(inactive.count).toBeGreaterThan(0);
    expect(active.count + inactive.count).toBe(all.count);
    expect(ids(active.items)).toEqual(ids((await serviceList('activity=ACTIVE')).data));
    // ALL is no filter: the service is not asked to apply one.
    expect(app.requests.some((r) => r.includes('activity=ALL'))).toBe(false);
  });

  it('keeps only campaigns with creators, or only those without', async () => {
    const withCreators = await list({ hasCreators: true });
    const without = await list({ hasCreators: false });
    expect(withCreators.items.length).toBeGreaterThan(0);
    expect(without.items.length).toBeGreaterThan(0);
    expect(withCreators.items.every((c) => (c.creator_ids ?? []).length > 0)).toBe(true);
    expect(without.items.every((c) => (c.creator_ids ?? []).length === 0)).toBe(true);
  });

  it('finds the campaigns of one creator', async () => {
    const creator = (await list({ hasCreators: true })).items[0]!.creator_ids![0]!;
    const answer = await list({ creatorId: creator });
    expect(answer.items.length).toBeGreaterThan(0);
    expect(answer.items.every((c) => c.creator_ids?.includes(creator))).toBe(true);
    expect(ids(answer.items)).toEqual(ids((await serviceList(`creator_id=${creator}`)).data));
  });

  it('answers any range of the list, with the true total', async () => {
    const whole = await list({ sort: 'NAME' });
    const range = await list({ sort: 'NAME' }, 7, 9);
    expect(range.count).toBe(whole.count);
    expect(ids(range.items)).toEqual(ids(whole.items.slice(7, 16)));
  });
});

describe('campaigns:get and campaigns:update', () => {
  it('reads one campaign whole, as the service answers it', async () => {
    const [first] = (await list({}, 0, 1)).items;
    const campaign = valueOf(await app.call('campaigns:get', { brandId: brand, campaignId: first!.id }));
    const expected = (await serviceList(`ids=${first!.id}`)).data[0]!;
    expect(campaign).toEqual(expected);
  });

  it('answers an unknown campaign as not found', async () => {
    const missing = await app.call('campaigns:get', { brandId: brand, campaignId: 987_654 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('sends the full PUT built from what the service returned, changing only what was edited', async () => {
    const [first] = (await list({ hasCreators: true }, 0, 1)).items;
    const before = valueOf(await app.call('campaigns:get', { brandId: brand, campaignId: first!.id }));
    const listed = await list({}); // kept by main for a few seconds: the rename must not wait for it
    const name = `Renamed ${crypto.randomUUID().slice(0, 8)}`;
    const body = { ...campaignUpdateFrom(before), name };
    expect(Object.keys(body).sort()).toEqual(Object.keys(campaignUpdateSchema.shape).sort());
    const saved = valueOf(
      await app.call('campaigns:update', { brandId: brand, campaignId: before.id, ...body }),
    );

    expect(saved.name).toBe(name);
    const after = (await serviceList(`ids=${before.id}`)).data[0]!;
    // Everything else reads as before: the PUT carried every field back as it was.
    expect({ ...after, name: before.name, updated_at: before.updated_at }).toEqual(before);
    expect(listed.items.some((c) => c.name === name)).toBe(false);
    expect((await list({})).items.find((c) => c.id === before.id)?.name).toBe(name);
  });

  it('refuses an empty name or dates out of order at their fields, without asking the service', async () => {
    const [first] = (await list({}, 0, 1)).items;
    const before = valueOf(await app.call('campaigns:get', { brandId: brand, campaignId: first!.id }));
    const sent = app.requests.length;
    const body = campaignUpdateFrom(before);
    const blank = await app.call('campaigns:update', {
      brandId: brand,
      campaignId: before.id,
      ...body,
      name: '  ',
      start_date: '2026-05-02',
      end_date: '2026-05-01',
    });
    expect(blank.ok).toBe(false);
    if (blank.ok) return;
    expect(blank.error.code).toBe('invalid_input');
    expect(Object.keys(blank.error.fieldErrors).sort()).toEqual(['end_date', 'name']);
    expect(app.requests.length).toBe(sent);
  });

  it("puts the service's own refusal at its field", async () => {
    const [first] = (await list({}, 0, 1)).items;
    const before = valueOf(await app.call('campaigns:get', { brandId: brand, campaignId: first!.id }));
    const refused = await app.call('campaigns:update', {
      brandId: brand,
      campaignId: before.id,
      ...campaignUpdateFrom(before),
      hashtag_ids: [999_999],
    });
    expect(refused).toMatchObject({ ok: false, error: { status: 422 } });
    if (!refused.ok) expect(refused.error.fieldErrors.hashtag_ids?.[0]).toMatch(/999999/);
  });
});

describe('campaigns:stats', () => {
  it('answers every group of the overview for a date range, as the service does', async () => {
    const [first] = (await list({ sort: '-NUMBER_OF_MEDIA' }, 0, 1)).items;
    const range = { from: '2020-01-01', to: '2030-12-31' };
    const stats = valueOf(
      await app.call('campaigns:stats', { brandId: brand, campaignId: first!.id, ...range }),
    );
    const expected = await service<{ data: object }>(
      `/brands/${brand}/campaigns/${first!.id}/stats/overview?start_date=${range.from}&end_date=${range.to}`,
    );
    expect(stats).toEqual(expected.data);
    for (const group of [...Object.keys(campaignStatsGroupLeaves), 'CUSTOM_METRICS']) {
      expect(stats, group).toHaveProperty(group);
    }
    expect(stats.overview.number_of_media).toBe(first!.number_of_media);
    expect(app.requests.some((r) => r.includes(`start_date=${range.from}&end_date=${range.to}`))).toBe(true);
  });

  it('counts only the media published inside a narrower range', async () => {
    const [first] = (await list({ sort: '-NUMBER_OF_MEDIA' }, 0, 1)).items;
    const narrow = valueOf(
      await app.call('campaigns:stats', { brandId: brand, campaignId: first!.id, from: '2099-01-01' }),
    );
    expect(narrow.overview.number_of_media).toBe(0);
  });
});

describe('campaigns:ads', () => {
  type AdRow = { campaign_id: number; source: 'META_ADS' | 'TIKTOK_ADS'; n: number };
  const busiest = (source: string) =>
    sandbox.db
      .prepare(
        `SELECT a.campaign_id, a.source, COUNT(*) AS n FROM campaign_ads a JOIN campaigns c ON c.id = a.campaign_id
         WHERE c.brand_id = ? AND a.source = ? GROUP BY a.campaign_id ORDER BY n DESC LIMIT 1`,
      )
      .get(brand, source) as AdRow;
  const ads = async (query: object, offset = 0, limit = 100) =>
    valueOf(await app.call('campaigns:ads', { query: { brandId: brand, ...query } as never, offset, limit }));

  it('searches the ads of each platform, sorted, as the service answers them', async () => {
    for (const source of ['META_ADS', 'TIKTOK_ADS'] as const) {
      const { campaign_id: campaignId, n } = busiest(source);
      const answer = await ads({ campaignId, source, sort: '-spend' });
      expect(answer.count).toBe(n);
      expect(answer.items.every((ad) => ad.source === source)).toBe(true);
      const spend = answer.items.map((ad) => (ad.metrics as { spend: number }).spend);
      expect(spend).toEqual([...spend].sort((a, b) => b - a));
      const expected = await service<Page<{ source_ad_id: string }>>(
        `/brands/${brand}/campaigns/${campaignId}/ads/search`,
        { method: 'POST', body: JSON.stringify({ source, sort: '-spend', limit: 100 }) },
      );
      expect(answer.items.map((ad) => ad.source_ad_id)).toEqual(expected.data.map((ad) => ad.source_ad_id));
    }
  });

  it('narrows to ad campaigns and pages through the rest', async () => {
    const { campaign_id: campaignId, source } = busiest('META_ADS');
    const all = await ads({ campaignId, source, sort: 'spend' });
    const adCampaign = all.items[0]!.source_campaign_id;
    const narrowed = await ads({ campaignId, source, adCampaignIds: [adCampaign] });
    expect(narrowed.items.length).toBeGreaterThan(0);
    expect(narrowed.items.every((ad) => ad.source_campaign_id === adCampaign)).toBe(true);
    expect(narrowed.count).toBeLessThanOrEqual(all.count);
    const page = await ads({ campaignId, source, sort: 'spend' }, 2, 3);
    expect(page.items.map((ad) => ad.source_ad_id)).toEqual(
      all.items.slice(2, 5).map((ad) => ad.source_ad_id),
    );
  });

  it("puts the service's refusal of an unknown sort at the sort field", async () => {
    const { campaign_id: campaignId, source } = busiest('META_ADS');
    const refused = await app.call('campaigns:ads', {
      query: { brandId: brand, campaignId, source, sort: 'nonsense' },
      offset: 0,
      limit: 10,
    });
    expect(refused).toMatchObject({ ok: false, error: { status: 422 } });
    if (!refused.ok) expect(Object.keys(refused.error.fieldErrors)).toContain('sort');
  });
});

describe('campaigns:add-media', () => {
  const notInCampaign = (campaignId: number, count: number) =>
    sandbox.db
      .prepare(
        `SELECT id FROM media WHERE brand_id = ? AND id NOT IN
           (SELECT media_id FROM campaign_media WHERE campaign_id = ?) ORDER BY id LIMIT ?`,
      )
      .all(brand, campaignId, count)
      .map((row) => Number(row.id));

  it('adds owned media and answers the campaign with the new count; the list and stats follow', async () => {
    const [first] = (await list({ sort: 'NUMBER_OF_MEDIA' }, 0, 1)).items;
    const before = first!.number_of_media ?? 0;
    const statsBefore = valueOf(await app.call('campaigns:stats', { brandId: brand, campaignId: first!.id }));
    const media = notInCampaign(first!.id, 2);
    const campaign = valueOf(
      await app.call('campaigns:add-media', { brandId: brand, campaignId: first!.id, mediaIds: media }),
    );
    const expected = (await serviceList(`ids=${first!.id}`)).data[0]!;
    expect(campaign.number_of_media).toBe(before + 2);
    expect(campaign.number_of_media).toBe(expected.number_of_media);
    expect((await list({})).items.find((c) => c.id === first!.id)?.number_of_media).toBe(before + 2);
    const statsAfter = valueOf(await app.call('campaigns:stats', { brandId: brand, campaignId: first!.id }));
    expect(statsAfter.overview.number_of_media).toBe(statsBefore.overview.number_of_media + 2);
  });

  it('adds the media of a gallery', async () => {
    const gallery = sandbox.db.prepare('SELECT id FROM galleries WHERE brand_id = ? LIMIT 1').get(brand) as {
      id: number;
    };
    const [first] = (await list({ sort: 'NAME' }, 0, 1)).items;
    const galleryMedia = sandbox.db
      .prepare(
        `SELECT COUNT(*) AS n FROM gallery_media WHERE gallery_id = ? AND media_id NOT IN
           (SELECT media_id FROM campaign_media WHERE campaign_id = ?)`,
      )
      .get(gallery.id, first!.id) as { n: number };
    const campaign = valueOf(
      await app.call('campaigns:add-media', {
        brandId: brand,
        campaignId: first!.id,
        galleryIds: [gallery.id],
      }),
    );
    expect(campaign.number_of_media).toBe((first!.number_of_media ?? 0) + Number(galleryMedia.n));
  });

  it('asks for at least one id, and puts unknown ids at their field', async () => {
    const [first] = (await list({}, 0, 1)).items;
    const nothing = await app.call('campaigns:add-media', { brandId: brand, campaignId: first!.id });
    expect(nothing).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!nothing.ok) expect(Object.keys(nothing.error.fieldErrors)).toEqual(['mediaIds']);
    const unknown = await app.call('campaigns:add-media', {
      brandId: brand,
      campaignId: first!.id,
      galleryIds: [999_999],
    });
    expect(unknown).toMatchObject({ ok: false, error: { status: 422 } });
    if (!unknown.ok) expect(unknown.error.fieldErrors.galleryIds?.[0]).toMatch(/999999/);
  });
});
