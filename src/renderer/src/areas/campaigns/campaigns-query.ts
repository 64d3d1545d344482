import { campaignFilterSchema } from '../../../../shared/contract/index.ts';
import { idSchema, type CampaignActivity, type CampaignSort } from '../../../../shared/domain/index.ts';
import type { QueryParams } from '../../lib/use-query-param.ts';

/**
 * The Campaigns list's state in the address, so reload, back/forward and a copied link keep it:
 * the open campaign's brand, the search as typed, the sort and the filters. Each value is checked
 * against the contract's own schemas; one that does not fit (an old or edited link) falls back to
 * its default rather than breaking the page. Defaults are left out of the address.
 */
export interface CampaignsQuery {
  /** The open campaign's brand (its row's link sets it); null: the first brand chosen. */
  brandId: number | null;
  search: string;
  sort: CampaignSort;
  activity: CampaignActivity;
  creators: 'any' | 'with' | 'without';
  creatorId: number | null;
}

export const defaultCampaignsQuery: CampaignsQuery = {
  brandId: null,
  search: '',
  sort: '-CREATED',
  activity: 'ALL',
  creators: 'any',
  creatorId: null,
};

/** An id from the address, or undefined when it is not one. */
function idOf(text: string): number | undefined {
  return idSchema.safeParse(Number(text)).data;
}

const shape = campaignFilterSchema.shape;

/** Where each value lives in the address; any other query name is left alone. */
export const campaignsQueryParams: QueryParams<CampaignsQuery> = {
  brandId: {
    name: 'brand',
    fallback: defaultCampaignsQuery.brandId,
    parse: idOf,
    serialize: (id) => id?.toString(),
  },
  search: {
    name: 'q',
    fallback: defaultCampaignsQuery.search,
    parse: (text) => shape.search.safeParse(text).data,
    serialize: (text) => text || undefined,
  },
  sort: {
    name: 'sort',
    fallback: defaultCampaignsQuery.sort,
    parse: (text) => shape.sort.safeParse(text).data,
    serialize: (sort) => sort,
  },
  activity: {
    name: 'activity',
    fallback: defaultCampaignsQuery.activity,
    parse: (text) => shape.activity.safeParse(text).data,
    serialize: (activity) => activity,
  },
  creators: {
    name: 'creators',
    fallback: defaultCampaignsQuery.creators,
    parse: (text) => (text === 'with' || text === 'without' ? text : undefined),
    serialize: (creators) => creators,
  },
  creatorId: {
    name: 'creator',
    fallback: defaultCampaignsQuery.creatorId,
    parse: idOf,
    serialize: (id) => id?.toString(),
  },
};
