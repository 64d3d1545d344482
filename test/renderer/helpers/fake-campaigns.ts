import { afterEach, beforeEach, vi } from 'vitest';
import {
  calls,
  invalidInput,
  type CallInput,
  type CallName,
  type CallOutput,
  type CallResult,
  type CampaignAdView,
  type CampaignStatsView,
  type CampaignView,
} from '../../../src/shared/contract/index.ts';
import { campaignStatsGroupLeaves } from '../../../src/shared/domain/index.ts';
import type { createFakePreload } from './fake-preload.ts';

type FakePreload = ReturnType<typeof createFakePreload>;

/** A campaign as the service returns one, with `changes` over sample values. */
export function sampleCampaign(changes: Partial<CampaignView> = {}): CampaignView {
  return {
    id: 1,
    brand_id: 101,
    name: 'Spring launch',
    start_date: '2026-03-01T00:00:00Z',
    end_date: '2026-04-30T23:59:59Z',
    created_at: '2026-02-01T10:00:00Z',
    updated_at: '2026-02-02T10:00:00Z',
    creator_ids: [101001, 101002],
    creator_filters: {
      excluded_media_ids: [],
      included_media_ids: [],
      source_created_at: { start: null, end: null },
    },
    google_analytics_selected_campaigns: ['spring_1'],
    number_of_media: 12,
    total_engagements: 5000,
    total_impressions: 90000,
    avg_engagement_rate: 0.055,
    total_video_views: 1000,
    total_clicks: 300,
    total_emv: 1234.5,
    ttcm_spark_ads_authorization_days: null,
    topline_metrics: {
      OWNED_SUMMARY: [
        { id: 1, metric: 'ENGAGEMENTS', source: 'campaign_stats', aggregation: 'SUM', goal: 8000 },
      ],
      CREATOR_SUMMARY: [{ metric: 'TOTAL_ENGAGEMENTS', source: 'creator_insights', goal: null }],
      SOCIAL_ADS_SUMMARY: [{ metric: 'TOTAL_SPENT', source: 'dashboards', goal: 200 }],
    },
    ad_campaigns: [{ source: 'META_ADS', source_ad_account_id: 'act_1', source_campaign_id: 'meta-c1' }],
    benchmark_campaigns: [],
    hashtags: [{ id: 7, name: '#spring' }],
    included_ad_sources: ['META_ADS'],
    included_creator_sources: [],
    top_media: [],
    ...changes,
  };
}

/** Every group of the overview's shape; each leaf a distinct number, engagements per group. */
export function sampleStats(scale = 1): CampaignStatsView {
  const groups = Object.fromEntries(
    Object.entries(campaignStatsGroupLeaves).map(([group, leaves], g) => [
      group,
      Object.fromEntries(
        leaves.map((leaf, i) => [leaf, leaf.includes('rate') ? 0.01 * (i + 1) : (g + 1) * 100 * scale + i]),
      ),
    ]),
  );
  return { ...groups, CUSTOM_METRICS: {} } as CampaignStatsView;
}

export function sampleAds(count: number, source: 'META_ADS' | 'TIKTOK_ADS' = 'META_ADS'): CampaignAdView[] {
  return Array.from({ length: count }, (_, i) => ({
    source,
    ad_name: `Ad ${i + 1}`,
    ad_status: i % 3 === 0 ? 'PAUSED' : 'ACTIVE',
    media: [],
    metrics: { spend: (i * 37) % 100, impressions: 1000 + i, ctr: 0.01 },
    source_ad_account_id: 'act_1',
    source_ad_id: `${source}-${i + 1}`,
    source_campaign_id: i % 2 === 0 ? 'meta-c1' : 'meta-c2',
  }));
}

/**
 * The Campaigns area as main answers it, over a fake preload: inputs checked with the contract's
 * schemas (as dispatch does), campaigns kept in memory so an update or added media shows in the
 * next list. The list answers filters it can check here (search, has creators); sorting is main's.
 */
export function installFakeCampaigns(
  preload: FakePreload,
  init: { campaigns?: CampaignView[]; ads?: CampaignAdView[]; stats?: CampaignStatsView } = {},
) {
  const campaigns = (
    init.campaigns ?? [sampleCampaign(), sampleCampaign({ id: 2, name: 'Summer sale', creator_ids: [] })]
  ).map((c) => ({ ...c }));
  const ads = init.ads ?? sampleAds(45);
  const stats = init.stats ?? sampleStats();
  const find = (brandId: number, campaignId: number) =>
    campaigns.find((c) => c.brand_id === brandId && c.id === campaignId);
  const notFound = (): CallResult<never> => ({
    ok: false,
    error: { code: 'not_found', message: 'No such campaign.', fieldErrors: {} },
  });

  function on<K extends CallName>(name: K, answer: (input: CallInput<K>) => CallResult<CallOutput<K>>) {
    preload.answer(name, (input) => {
      const parsed = calls[name].input.safeParse(input);
      if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
      return answer(parsed.data as CallInput<K>);
    });
  }

  on('campaigns:list', ({ query, offset = 0, limit = 50 }) => {
    const pattern = query.filter.search
      ? new RegExp(`^${query.filter.search.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i')
      : null;
    const rows = campaigns.filter(
      (c) =>
        query.brandIds.includes(c.brand_id) &&
        (!pattern || pattern.test(c.name)) &&
        (query.filter.hasCreators === undefined ||
          (c.creator_ids?.length ?? 0) > 0 === query.filter.hasCreators),
    );
    return { ok: true, value: { count: rows.length, items: rows.slice(offset, offset + limit) } };
  });
  on('campaigns:get', ({ brandId, campaignId }) => {
    const campaign = find(brandId, campaignId);
    return campaign ? { ok: true, value: { ...campaign } } : notFound();
  });
  on('campaigns:update', ({ brandId, campaignId, ...body }) => {
    const campaign = find(brandId, campaignId);
    if (!campaign) return notFound();
    if (body.hashtag_ids?.includes(999)) {
      return {
        ok: false,
        error: {
          code: 'invalid_input',
          status: 422,
          message: 'Invalid request body.',
          fieldErrors: { hashtag_ids: [`Brand ${brandId} has no hashtag 999.`] },
        },
      };
    }
    Object.assign(campaign, {
      name: body.name,
      start_date: body.start_date ? `${body.start_date}T00:00:00Z` : null,
      end_date: body.end_date ? `${body.end_date}T23:59:59Z` : null,
      creator_ids: body.creator_ids,
      updated_at: '2026-05-01T00:00:00Z',
    });
    return { ok: true, value: { ...campaign } };
  });
  // The overview counts the campaign's media, as the service's does (added media show in both).
  on('campaigns:stats', ({ brandId, campaignId }) => {
    const media = find(brandId, campaignId)?.number_of_media;
    const overview = { ...stats.overview, ...(typeof media === 'number' ? { number_of_media: media } : {}) };
    return { ok: true, value: { ...stats, overview } };
  });
  on('campaigns:ads', ({ query, offset = 0, limit = 20 }) => {
    const rows = ads.filter(
      (ad) =>
        ad.source === query.source &&
        (!query.adCampaignIds?.length || query.adCampaignIds.includes(ad.source_campaign_id)),
    );
    return { ok: true, value: { count: rows.length, items: rows.slice(offset, offset + limit) } };
  });
  on('campaigns:add-media', ({ brandId, campaignId, mediaIds = [], galleryIds = [] }) => {
    const campaign = find(brandId, campaignId);
    if (!campaign) return notFound();
    if (mediaIds.includes(999)) {
      return {
        ok: false,
        error: {
          code: 'invalid_input',
          status: 422,
          message: 'Invalid media to add.',
          fieldErrors: { mediaIds: [`Not in brand ${brandId}'s library: 999.`] },
        },
      };
    }
    campaign.number_of_media = (campaign.number_of_media ?? 0) + mediaIds.length + 4 * galleryIds.length;
    return { ok: true, value: { ...campaign } };
  });

  return { campaigns };
}

/**
 * happy-dom lays nothing out, so a virtual list there has no height and draws no rows: the
 * calling file's lists get a viewport of `height` px, each row 56 px.
 */
export function giveCampaignListAViewport(height = 640): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('virtual-list') ? height : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'listitem' ? 56 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('virtual-list') ? 900 : 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
