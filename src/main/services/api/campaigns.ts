import {
  campaignAdsSearchResultSchema,
  campaignListSchema,
  campaignSchema,
  campaignStatsOverviewSchema,
  type Campaign,
  type CampaignAd,
  type CampaignAddMedia,
  type CampaignAdsSearchInput,
  type CampaignAdsSearchResult,
  type CampaignList,
  type CampaignListQueryInput,
  type CampaignStatsOverview,
  type CampaignStatsQuery,
  type CampaignSummary,
  type CampaignUpdate,
} from '../../../shared/domain/index.ts';
import type { GateLane } from './rate-gate.ts';
import type { HttpClient, RequestSpec } from './http-client.ts';
import { walkItems } from './paging.ts';

/** Calls options every operation takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Whether a person waits for the answer (default interactive; the rate gate serves them first),
   * or background work, or the inbox copy's sync (held to its share while a person works).
   */
  lane?: GateLane;
}

/** Campaigns ({library_url}), interface.md operations 1 to 5. */
export function createCampaignsApi(http: HttpClient) {
  const campaignsPath = (brandId: number) => `brands/${brandId}/campaigns`;
  const campaignPath = (brandId: number, campaignId: number) => `${campaignsPath(brandId)}/${campaignId}`;

  const listSpec = (brandId: number, query: CampaignListQueryInput, options: CallOptions): RequestSpec => ({
    operation: 'campaigns.list',
    area: 'library',
    method: 'GET',
    path: campaignsPath(brandId),
    query,
    schema: campaignListSchema,
    signal: options.signal,
    lane: options.lane,
  });

  const adsSearchSpec = (
    brandId: number,
    campaignId: number,
    body: CampaignAdsSearchInput,
    options: CallOptions,
  ): RequestSpec => ({
    operation: 'campaigns.searchAds',
    area: 'library',
    method: 'POST',
    path: `${campaignPath(brandId, campaignId)}/ads/search`,
    json: body,
    schema: campaignAdsSearchResultSchema,
    signal: options.signal,
    lane: options.lane,
    readOnly: true,
  });

  return {
    /** Op 1: PUT replaces the campaign's editable fields. */
    update(
      brandId: number,
      campaignId: number,
      body: CampaignUpdate,
      options: CallOptions = {},
    ): Promise<Campaign> {
      return http.send({
        operation: 'campaigns.update',
        area: 'library',
        method: 'PUT',
        path: campaignPath(brandId, campaignId),
        json: body,
        schema: campaignSchema,
        signal: options.signal,
        lane: options.lane,
      });
    },

    /** Op 2: one page of a brand's campaigns (summaries with `summary: true`). */
    list(
      brandId: number,
      query: CampaignListQueryInput = {},
      options: CallOptions = {},
    ): Promise<CampaignList> {
      return http.send(listSpec(brandId, query, options));
    },

    /** Op 2, every page: yields each campaign, following `paging.next`. */
    iterate(
      brandId: number,
      query: CampaignListQueryInput = {},
      options: CallOptions = {},
    ): AsyncGenerator<Campaign | CampaignSummary> {
      return walkItems(http, listSpec(brandId, query, options));
    },

    /** Op 3: one page of a campaign's ads (a POST that only reads, so it may be retried). */
    searchAds(
      brandId: number,
      campaignId: number,
      body: CampaignAdsSearchInput,
      options: CallOptions = {},
    ): Promise<CampaignAdsSearchResult> {
      return http.send(adsSearchSpec(brandId, campaignId, body, options));
    },

    /**
     * Op 3, every page: yields each ad, following `paging.next`. Each page POSTs the same body
     * to the next link; the link's `limit` and `offset` (query) win over the body's.
     */
    iterateAds(
      brandId: number,
      campaignId: number,
      body: CampaignAdsSearchInput,
      options: CallOptions = {},
    ): AsyncGenerator<CampaignAd> {
      return walkItems(http, adsSearchSpec(brandId, campaignId, body, options));
    },

    /** Op 4: add owned media and galleries; named in the body and, as the interface asks, the query. */
    async addMedia(
      brandId: number,
      campaignId: number,
      body: CampaignAddMedia,
      options: CallOptions = {},
    ): Promise<void> {
      await http.send({
        operation: 'campaigns.addMedia',
        area: 'library',
        method: 'POST',
        path: `${campaignPath(brandId, campaignId)}/media`,
        query: { media_ids: body.media_ids, gallery_ids: body.gallery_ids },
        json: body,
        signal: options.signal,
        lane: options.lane,
      });
    },

    /** Op 5: the statistics overview, grouped by channel. */
    statsOverview(
      brandId: number,
      campaignId: number,
      query: CampaignStatsQuery = {},
      options: CallOptions = {},
    ): Promise<CampaignStatsOverview> {
      return http.send({
        operation: 'campaigns.statsOverview',
        area: 'library',
        method: 'GET',
        path: `${campaignPath(brandId, campaignId)}/stats/overview`,
        query,
        schema: campaignStatsOverviewSchema,
        signal: options.signal,
        lane: options.lane,
      });
    },
  };
}

export type CampaignsApi = ReturnType<typeof createCampaignsApi>;
