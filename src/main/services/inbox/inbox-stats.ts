import type { InboxInsights, InboxOverview, InboxUnreadCounts } from '../../../shared/contract/index.ts';
import {
  interactionListTypes,
  type CommunityOverviewStats,
  type CommunityStatsBody,
  type UnreadInteractionCounts,
} from '../../../shared/domain/index.ts';
import { isApiError } from '../api/api-error.ts';
import type { CallOptions } from '../api/campaigns.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';

/** The chosen brands and an optional range on `source_updated_at`. */
export interface StatsScope {
  brandIds: number[];
  from?: string;
  to?: string;
}

/**
 * Op 18 counts only the types it is asked for. Every type the list filters on is asked (the ads
 * comments included, which it leaves out by default), as the one comma-separated string op 18 takes.
 */
export const UNREAD_TYPES = interactionListTypes.join(',');

const rangeOf = (scope: StatsScope) => ({
  ...(scope.from ? { source_updated_after: scope.from } : {}),
  ...(scope.to ? { source_updated_before: scope.to } : {}),
});

export async function unreadCounts(
  community: CommunityApi,
  scope: StatsScope,
  // The live delta reads them on the sync lane, which a handler's context cannot name.
  context: CallOptions,
): Promise<InboxUnreadCounts> {
  const answer: UnreadInteractionCounts = await community.unreadCounts(
    { brand_ids: scope.brandIds, types: UNREAD_TYPES, ...rangeOf(scope) },
    context,
  );
  return { total: answer.total, byType: answer.by_type, byBrand: answer.by_brand };
}

export async function overview(
  community: CommunityApi,
  brandIds: number[],
  context: CallContext,
): Promise<InboxOverview> {
  const answer: CommunityOverviewStats = await community.overviewStats(brandIds, context);
  return {
    unreadCount: answer.unread_count ?? null,
    followUpCount: answer.follow_up_count ?? null,
    totalCount: answer.total_count ?? null,
    averageResponseTime: answer.average_response_time ?? null,
  };
}

/**
 * The range is an extension of the four statistics bodies (conventions §9): a service that
 * refuses it answers 422 naming the fields. Such a refusal is not the person's mistake; the
 * figures are asked again for all time and the panel says the range could not be applied.
 */
export function refusesRange(error: unknown): boolean {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 422) return false;
  const named = Object.keys(error.fieldErrors).join(' ') + ' ' + error.body.message;
  return /source_updated_(after|before)/.test(named);
}

/**
 * The services (their API clients, one per profile while it lasts) that refused the range: they
 * are asked for all time at once afterwards, rather than refused again on every panel's load.
 * A new connection to the service (the profile edited, the app started again) asks afresh.
 */
const refusingRange = new WeakSet<CommunityApi>();

/** The four statistics (op 20) at once, all under one body, so the panel's figures agree. */
async function fourStats(community: CommunityApi, body: CommunityStatsBody, context: CallContext) {
  const [sentiment, sentimentSeries, volumeSeries, keywords] = await Promise.all([
    community.sentimentDistribution(body, context),
    community.sentimentTimeSeries(body, context),
    community.volumeTimeSeries(body, context),
    community.topKeywords(body, context),
  ]);
  return {
    sentiment: {
      positive: sentiment.positive,
      negative: sentiment.negative,
      neutral: sentiment.neutral,
      question: sentiment.question,
    },
    sentimentSeries: sentimentSeries.map(({ date, positive, negative, neutral }) => ({
      date,
      positive,
      negative,
      neutral,
    })),
    volumeSeries: volumeSeries.map(({ date, count }) => ({ date, count })),
    keywords: keywords.map(({ keyword, count }) => ({ keyword, count })),
  };
}

export async function insights(
  community: CommunityApi,
  scope: StatsScope,
  context: CallContext,
): Promise<InboxInsights> {
  const range = rangeOf(scope);
  const withRange = Object.keys(range).length > 0;
  if (withRange && refusingRange.has(community)) {
    return { ...(await fourStats(community, { brand_ids: scope.brandIds }, context)), rangeApplied: false };
  }
  // A failure of one of the four aborts the others: their figures would be thrown away anyway.
  const controller = new AbortController();
  const signal = AbortSignal.any([context.signal, controller.signal]);
  try {
    const figures = await fourStats(
      community,
      { brand_ids: scope.brandIds, ...range },
      { ...context, signal },
    );
    return { ...figures, rangeApplied: true };
  } catch (error) {
    controller.abort();
    if (!withRange || !refusesRange(error)) throw error;
    refusingRange.add(community);
  }
  const figures = await fourStats(community, { brand_ids: scope.brandIds }, context);
  return { ...figures, rangeApplied: false };
}
