import type { CampaignAdsQuery, CampaignFilter } from '../../../shared/contract/index.ts';
import type { CampaignAdsSearchInput, CampaignListQueryInput } from '../../../shared/domain/index.ts';

/** The list's filters as the service's query parameters (conventions §6), one page of them. */
export function campaignListQuery(
  filter: CampaignFilter,
  offset: number,
  limit: number,
): CampaignListQueryInput {
  return {
    limit,
    offset,
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.sort ? { sort: filter.sort } : {}),
    // ALL is no filter; leaving it out says the same to a service that does not know ALL.
    ...(filter.activity && filter.activity !== 'ALL' ? { activity: filter.activity } : {}),
    ...(filter.hasCreators !== undefined ? { has_creators: filter.hasCreators } : {}),
    ...(filter.creatorId !== undefined ? { creator_id: filter.creatorId } : {}),
  };
}

/** The ads search body (op 3) for one page. */
export function campaignAdsBody(
  query: CampaignAdsQuery,
  offset: number,
  limit: number,
): CampaignAdsSearchInput {
  return {
    source: query.source,
    limit,
    offset,
    ...(query.sort ? { sort: query.sort } : {}),
    ...(query.adCampaignIds && query.adCampaignIds.length > 0
      ? { source_campaign_ids: query.adCampaignIds }
      : {}),
  };
}
