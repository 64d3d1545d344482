import type { LocationQuery, LocationQueryRaw } from 'vue-router';
import { campaignFilterSchema } from '../../../../shared/contract/index.ts';
import { idSchema, type CampaignActivity, type CampaignSort } from '../../../../shared/domain/index.ts';
import { firstOf, withOwnedQuery } from '../../lib/route-query.ts';

/**
 * The Campaigns list's state in the address, so reload, back/forward and a copied link keep it:
 * the brand, the search as typed, the sort and the filters. Each value is checked against the
 * contract's own schemas; one that does not fit (an old or edited link) falls back to its
 * default rather than breaking the page. Defaults are left out of the address.
 */
export interface CampaignsQuery {
  /** The brand picked in the list; null: the first chosen brand. */
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

/** The query names the list owns; any other name in the address is left alone. */
const names: ReadonlySet<string> = new Set(['brand', 'q', 'sort', 'activity', 'creators', 'creator']);

/** An id from the address, or null when it is not one. */
function idOf(raw: string | undefined): number | null {
  const parsed = idSchema.safeParse(raw === undefined ? undefined : Number(raw));
  return parsed.success ? parsed.data : null;
}

export function decodeCampaignsQuery(query: LocationQuery): CampaignsQuery {
  const shape = campaignFilterSchema.shape;
  const creators = firstOf(query.creators);
  return {
    brandId: idOf(firstOf(query.brand)),
    search: shape.search.safeParse(firstOf(query.q)).data ?? '',
    sort: shape.sort.safeParse(firstOf(query.sort)).data ?? defaultCampaignsQuery.sort,
    activity: shape.activity.safeParse(firstOf(query.activity)).data ?? defaultCampaignsQuery.activity,
    creators: creators === 'with' || creators === 'without' ? creators : 'any',
    creatorId: idOf(firstOf(query.creator)),
  };
}

export function encodeCampaignsQuery(state: CampaignsQuery): Record<string, string> {
  const query: Record<string, string> = {};
  if (state.brandId !== null) query.brand = String(state.brandId);
  if (state.search) query.q = state.search;
  if (state.sort !== defaultCampaignsQuery.sort) query.sort = state.sort;
  if (state.activity !== defaultCampaignsQuery.activity) query.activity = state.activity;
  if (state.creators !== 'any') query.creators = state.creators;
  if (state.creatorId !== null) query.creator = String(state.creatorId);
  return query;
}

/** The address's query with the list's state replaced, other names kept. */
export function withCampaignsQuery(query: LocationQuery, state: CampaignsQuery): LocationQueryRaw {
  return withOwnedQuery(query, names, encodeCampaignsQuery(state));
}
