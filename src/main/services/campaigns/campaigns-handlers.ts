import {
  ContractCallError,
  type campaignsCalls,
  type CampaignAdsQuery,
  type CampaignFilter,
  type CampaignView,
  type ListAnswer,
} from '../../../shared/contract/index.ts';
import type { CampaignAd, Campaign } from '../../../shared/domain/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import { renameFieldErrors } from '../api/field-names.ts';
import type { CallContext, HandlerMap } from '../dispatch.ts';
import { pagedList } from '../lists/list-call.ts';
import type { SharedLoads } from '../lists/shared-loads.ts';
import { readMerged } from '../inbox/merged-list.ts';
import { campaignOrder } from './campaign-order.ts';
import { campaignAdsBody, campaignListQuery } from './campaign-query.ts';

/** The service's largest pages (conventions §5). */
const CAMPAIGN_PAGE_MAX = 1000;
const ADS_PAGE_MAX = 100;
/** Rows read from each brand's list at a time when several brands' lists are merged. */
const MERGED_CHUNK = 200;

/** The Campaigns area (interface.md ops 1 to 5) on the active profile. */
export function createCampaignsHandlers(deps: {
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  loads: SharedLoads;
}): HandlerMap<typeof campaignsCalls> {
  // Answers are kept per profile (two profiles may reach one brand id on different services), and
  // all of a profile's campaign answers are forgotten together after a change: a rename shows in
  // the list, added media in the counts and the statistics.
  const prefix = () => `campaigns:${deps.profiles.active()?.id ?? ''}:`;
  const api = () => deps.clients.active().campaigns;

  const brandList = pagedList<{ brandId: number; filter: CampaignFilter }, Campaign>({
    loads: deps.loads,
    keyPrefix: () => `${prefix()}list`,
    maxPage: CAMPAIGN_PAGE_MAX,
    keyOf: (campaign) => campaign.id,
    fetchPage: async ({ brandId, filter }, offset, limit, { signal, lane }) => {
      const page = await api().list(brandId, campaignListQuery(filter, offset, limit), { signal, lane });
      return { count: page.paging.count, items: page.data as Campaign[] };
    },
  });

  /**
   * The campaigns of every brand chosen in the side bar as one list, in the list's order: each
   * brand's list read from its start in chunks (kept and shared like any page), merged.
   */
  function list(
    input: { query: { brandIds: number[]; filter: CampaignFilter }; offset: number; limit: number },
    context: CallContext,
  ): Promise<ListAnswer<Campaign>> {
    const { brandIds, filter } = input.query;
    if (brandIds.length === 1) {
      return brandList({ ...input, query: { brandId: brandIds[0]!, filter } }, context);
    }
    return readMerged<Campaign>(
      {
        streams: brandIds.length,
        readStream: (stream, offset, limit) =>
          brandList({ query: { brandId: brandIds[stream]!, filter }, offset, limit }, context),
        compare: campaignOrder(filter.sort),
        keyOf: (campaign) => campaign.id,
        chunk: MERGED_CHUNK,
      },
      input.offset,
      input.limit,
    );
  }

  const ads = pagedList<CampaignAdsQuery, CampaignAd>({
    loads: deps.loads,
    keyPrefix: () => `${prefix()}ads`,
    maxPage: ADS_PAGE_MAX,
    keyOf: (ad) => `${ad.source}:${ad.source_ad_id}`,
    fetchPage: async (query, offset, limit, { signal, lane }) => {
      const body = campaignAdsBody(query, offset, limit);
      const page = await renameFieldErrors(
        api().searchAds(query.brandId, query.campaignId, body, { signal, lane }),
        { source_campaign_ids: 'adCampaignIds' },
      );
      return { count: page.paging.count, items: page.data };
    },
  });

  /** Op 2 with the campaign's id: the interface has no read of one campaign. */
  async function readCampaign(
    brandId: number,
    campaignId: number,
    context: CallContext,
  ): Promise<CampaignView> {
    const page = await api().list(brandId, { ids: [campaignId], limit: 1 }, context);
    const campaign = page.data.find((item) => item.id === campaignId);
    if (!campaign) {
      throw new ContractCallError({
        code: 'not_found',
        message: `Brand ${brandId} has no campaign ${campaignId}.`,
        fieldErrors: {},
      });
    }
    return campaign as CampaignView;
  }

  return {
    'campaigns:list': (input, context) => list(input, context),

    'campaigns:get': ({ brandId, campaignId }, context) =>
      deps.loads.get(
        `${prefix()}get:${brandId}:${campaignId}`,
        (signal) => readCampaign(brandId, campaignId, { ...context, signal }),
        context.signal,
      ),

    'campaigns:update': async ({ brandId, campaignId, ...body }, { signal, lane }) => {
      try {
        return await api().update(brandId, campaignId, body, { signal, lane });
      } finally {
        // Even a failed PUT may have reached the service: read everything again.
        deps.loads.invalidate(prefix());
      }
    },

    'campaigns:stats': ({ brandId, campaignId, from, to }, context) =>
      deps.loads.get(
        `${prefix()}stats:${brandId}:${campaignId}:${from ?? ''}:${to ?? ''}`,
        async (signal) => {
          const query = { ...(from ? { start_date: from } : {}), ...(to ? { end_date: to } : {}) };
          const overview = await api().statsOverview(brandId, campaignId, query, { ...context, signal });
          return overview.data;
        },
        context.signal,
      ),

    'campaigns:ads': (input, context) => ads(input, context),

    'campaigns:add-media': async ({ brandId, campaignId, mediaIds, galleryIds }, context) => {
      const body = {
        ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
        ...(galleryIds.length > 0 ? { gallery_ids: galleryIds } : {}),
      };
      try {
        await renameFieldErrors(api().addMedia(brandId, campaignId, body, context), {
          media_ids: 'mediaIds',
          gallery_ids: 'galleryIds',
        });
      } finally {
        deps.loads.invalidate(prefix());
      }
      return readCampaign(brandId, campaignId, context);
    },
  };
}
