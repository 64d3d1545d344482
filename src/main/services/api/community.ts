import {
  communityInteractionListSchema,
  communityInteractionSchema,
  communityOverviewStatsResponseSchema,
  interactionTagListSchema,
  interactionTagResponseSchema,
  sentimentDistributionResponseSchema,
  sentimentTimeSeriesResponseSchema,
  tiktokCommentSchema,
  topKeywordsResponseSchema,
  unreadInteractionCountsResponseSchema,
  volumeTimeSeriesResponseSchema,
  replyResponseSchema,
  type CommunityInteraction,
  type CommunityInteractionList,
  type CommunityInteractionListQueryInput,
  type CommunityInteractionUpdate,
  type CommunityOverviewStats,
  type CommunityStatsBody,
  type InteractionTag,
  type InteractionTagCreate,
  type Reply,
  type ReplyCreate,
  type SentimentDistribution,
  type SentimentTimeSeriesPoint,
  type TiktokComment,
  type TopKeyword,
  type UnreadInteractionCounts,
  type UnreadInteractionCountsBody,
  type VolumeTimeSeriesPoint,
} from '../../../shared/domain/index.ts';
import type { CallOptions } from './campaigns.ts';
import type { HttpClient, Query, RequestSpec } from './http-client.ts';
import { walkItems } from './paging.ts';

/**
 * The multi-brand form only (interface.md Versioning 3, conventions §10): the single `brand_id`
 * is withdrawn on community endpoints, so one that slips into a query (an untyped caller, an old
 * saved filter) is folded into `brand_ids` rather than sent.
 */
export function withBrandIds<Q extends Query>(query: Q): Q {
  if (!('brand_id' in query)) return query;
  const { brand_id: single, ...rest } = query as Query & { brand_id?: unknown };
  const listed = rest.brand_ids;
  const ids = [
    ...(Array.isArray(listed)
      ? listed
      : typeof listed === 'string' || typeof listed === 'number'
        ? String(listed).split(',')
        : []),
    ...(single === undefined || single === null ? [] : [single as number]),
  ].map(Number);
  return { ...rest, brand_ids: [...new Set(ids)] } as unknown as Q;
}

/** `{data}` -> data; a malformed answer gives undefined (already reported as a diagnostic). */
function unwrap<T>(answer: { data: T } | undefined): T {
  return (answer as { data?: T } | null | undefined)?.data as T;
}

/** Community interactions, tags and statistics ({community_url}), interface.md ops 14 to 20. */
export function createCommunityApi(http: HttpClient) {
  const listSpec = (query: CommunityInteractionListQueryInput, options: CallOptions): RequestSpec => ({
    operation: 'community.listInteractions',
    area: 'community',
    method: 'GET',
    path: 'community_interactions',
    query: withBrandIds(query),
    schema: communityInteractionListSchema,
    signal: options.signal,
    lane: options.lane,
  });

  /** A read whose answer is `{data}` (ops 15 and 18 to 20): resolves to the data. */
  const readData = <T>(
    operation: string,
    path: string,
    request: Pick<RequestSpec, 'method' | 'query' | 'json' | 'readOnly'>,
    schema: RequestSpec['schema'],
    options: CallOptions,
  ) =>
    http
      .send<{ data: T }>({
        operation,
        area: 'community',
        path,
        ...request,
        schema,
        signal: options.signal,
        lane: options.lane,
      })
      .then(unwrap<T>);

  /** Ops 18 and 20 are POSTs that only read: retried like a GET. */
  const statsCall = <T>(
    operation: string,
    path: string,
    body: CommunityStatsBody | UnreadInteractionCountsBody,
    schema: RequestSpec['schema'],
    options: CallOptions,
  ) => readData<T>(operation, path, { method: 'POST', json: body, readOnly: true }, schema, options);

  /** Ops 15 and 19 name their brands in the query. */
  const brandsQuery = (brandIds: number[]) => ({ method: 'GET', query: { brand_ids: brandIds } }) as const;

  return {
    /** Op 14: a tag; without `color` the service picks one. A name already used in the brand: 409. */
    async createTag(body: InteractionTagCreate, options: CallOptions = {}): Promise<InteractionTag> {
      const answer = await http.send<{ data: InteractionTag }>({
        operation: 'community.createTag',
        area: 'community',
        method: 'POST',
        path: 'tags',
        json: body,
        schema: interactionTagResponseSchema,
        signal: options.signal,
        lane: options.lane,
      });
      return unwrap(answer);
    },

    /** Op 15: the tags of these brands. */
    async listTags(brandIds: number[], options: CallOptions = {}): Promise<InteractionTag[]> {
      return readData('community.listTags', 'tags', brandsQuery(brandIds), interactionTagListSchema, options);
    },

    /** Op 16: one page of interactions. */
    listInteractions(
      query: CommunityInteractionListQueryInput,
      options: CallOptions = {},
    ): Promise<CommunityInteractionList> {
      return http.send(listSpec(query, options));
    },

    /**
     * Op 16 narrowed to one id: the interaction as the service lists it now, or undefined when it
     * lists it no longer (deleted at its source, or not of these brands).
     */
    async getInteraction(
      brandIds: number[],
      id: number,
      options: CallOptions = {},
    ): Promise<CommunityInteraction | undefined> {
      const page: CommunityInteractionList = await http.send(
        listSpec({ brand_ids: brandIds, id, limit: 1 }, options),
      );
      return page.data.find((item) => item.id === id);
    },

    /** Op 16, every page: yields each interaction, following `paging.next`. */
    iterateInteractions(
      query: CommunityInteractionListQueryInput,
      options: CallOptions = {},
    ): AsyncGenerator<CommunityInteraction> {
      return walkItems(http, listSpec(query, options));
    },

    /**
     * Extension (conventions §9): set read, archived, follow-up, tags or assignee. A service
     * without it answers 404 or 405; callers hide the feature then (see `isMissingFeature`).
     */
    updateInteraction(
      id: number,
      body: CommunityInteractionUpdate,
      options: CallOptions = {},
    ): Promise<CommunityInteraction> {
      return http.send({
        operation: 'community.updateInteraction',
        area: 'community',
        method: 'PATCH',
        path: `community_interactions/${id}`,
        json: body,
        schema: communityInteractionSchema,
        signal: options.signal,
        lane: options.lane,
      });
    },

    /**
     * Extension (conventions §9): a brand reply to an interaction. Not retried by the client (a
     * POST sent twice makes two replies): the reply outbox decides, after looking for it.
     */
    async createReply(id: number, body: ReplyCreate, options: CallOptions = {}): Promise<Reply> {
      const answer = await http.send<{ data: Reply }>({
        operation: 'community.replies.create',
        area: 'community',
        method: 'POST',
        path: `community_interactions/${id}/replies`,
        json: body,
        schema: replyResponseSchema,
        signal: options.signal,
        lane: options.lane,
      });
      return unwrap(answer);
    },

    /** Op 17: a TikTok comment with its replies. */
    tiktokComment(id: number, options: CallOptions = {}): Promise<TiktokComment> {
      return http.send({
        operation: 'community.tiktokComment',
        area: 'community',
        method: 'GET',
        path: `tiktok_comments/${id}`,
        schema: tiktokCommentSchema,
        signal: options.signal,
        lane: options.lane,
      });
    },

    /** Op 18. */
    unreadCounts(
      body: UnreadInteractionCountsBody,
      options: CallOptions = {},
    ): Promise<UnreadInteractionCounts> {
      return statsCall(
        'community.unreadCounts',
        'community_interactions/unread_interaction_counts',
        body,
        unreadInteractionCountsResponseSchema,
        options,
      );
    },

    /** Op 19. */
    async overviewStats(brandIds: number[], options: CallOptions = {}): Promise<CommunityOverviewStats> {
      return readData(
        'community.overviewStats',
        'overview_stats',
        brandsQuery(brandIds),
        communityOverviewStatsResponseSchema,
        options,
      );
    },

    /** Op 20, the four statistics. */
    sentimentDistribution(
      body: CommunityStatsBody,
      options: CallOptions = {},
    ): Promise<SentimentDistribution> {
      return statsCall(
        'community.sentimentDistribution',
        'sentiment_distribution_stats',
        body,
        sentimentDistributionResponseSchema,
        options,
      );
    },
    sentimentTimeSeries(
      body: CommunityStatsBody,
      options: CallOptions = {},
    ): Promise<SentimentTimeSeriesPoint[]> {
      return statsCall(
        'community.sentimentTimeSeries',
        'sentiment_time_series',
        body,
        sentimentTimeSeriesResponseSchema,
        options,
      );
    },
    topKeywords(body: CommunityStatsBody, options: CallOptions = {}): Promise<TopKeyword[]> {
      return statsCall('community.topKeywords', 'top_keywords', body, topKeywordsResponseSchema, options);
    },
    volumeTimeSeries(body: CommunityStatsBody, options: CallOptions = {}): Promise<VolumeTimeSeriesPoint[]> {
      return statsCall(
        'community.volumeTimeSeries',
        'volume_time_series',
        body,
        volumeTimeSeriesResponseSchema,
        options,
      );
    },
  };
}

export type CommunityApi = ReturnType<typeof createCommunityApi>;
