import { z } from 'zod';
import { dateOrDateTimeSchema, dateTimeSchema } from './common.ts';
import {
  campaignActivitySchema,
  campaignSortSchema,
  interactionListSortSchema,
  interactionListTypes,
  postStatusSchema,
  scheduledPostListSortSchema,
} from './enums.ts';
import {
  boolParam,
  commaIntList,
  commaStringList,
  commaEnumList,
  idParam,
  intParam,
} from './query-params.ts';

/**
 * Query parameters (conventions §5 and §6), valid both as a client sends them (typed values) and
 * as a server receives them (strings). Strict: an unknown parameter is refused, so the server can
 * answer 422. `z.input<...>` is the client-side type, `z.infer<...>` the parsed one.
 */

const offset = intParam({ min: 0 }).default(0);

// ---- path parameters ----

export const brandPathSchema = z.strictObject({ brand_id: idParam() });
export const campaignPathSchema = z.strictObject({ brand_id: idParam(), campaign_id: idParam() });
export const postPathSchema = z.strictObject({ post_id: idParam() });
export const interactionPathSchema = z.strictObject({ community_interaction_id: idParam() });

// ---- campaigns ({library_url}) ----

/** GET /brands/{brand_id}/campaigns. */
export const campaignListQuerySchema = z.strictObject({
  limit: intParam({ min: 0, max: 1000 }).default(50),
  offset,
  ids: commaIntList().optional(),
  summary: boolParam().optional(),
  /** `*` is a wildcard; matching is case-insensitive. */
  search: z.string().optional(),
  sort: campaignSortSchema.optional(),
  creator_id: idParam().optional(),
  has_creators: boolParam().optional(),
  /** null (a typed client's "no filter") is the same as leaving it out. */
  activity: campaignActivitySchema.nullable().optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;
export type CampaignListQueryInput = z.input<typeof campaignListQuerySchema>;

/** GET .../campaigns/{campaign_id}/stats/overview. */
export const campaignStatsQuerySchema = z.strictObject({
  start_date: dateOrDateTimeSchema.optional(),
  end_date: dateOrDateTimeSchema.optional(),
});
export type CampaignStatsQuery = z.infer<typeof campaignStatsQuerySchema>;

/** POST .../campaigns/{campaign_id}/media: the items to act on, also given in the query (op 4). */
export const campaignMediaQuerySchema = z.strictObject({
  media_ids: commaIntList().optional(),
  gallery_ids: commaIntList().optional(),
});
export type CampaignMediaQuery = z.infer<typeof campaignMediaQuerySchema>;

// ---- scheduled posts ({scheduler_url}) ----

/** GET /{channel}/scheduled_posts. A normal user must send brand_id or brand_ids (a server rule). */
export const scheduledPostListQuerySchema = z.strictObject({
  limit: intParam({ min: 0, max: 1000 }).default(50),
  offset,
  brand_id: idParam().optional(),
  brand_ids: commaIntList({ min: 1, max: 10 }).optional(),
  status: postStatusSchema.optional(),
  sort: scheduledPostListSortSchema.optional(),
  /** Bounds on `timestamp`. */
  start_date: dateOrDateTimeSchema.optional(),
  end_date: dateOrDateTimeSchema.optional(),
  has_scheduled_time: boolParam().optional(),
  source_ids: commaStringList().optional(),
  resolve_references: boolParam().optional(),
});
export type ScheduledPostListQuery = z.infer<typeof scheduledPostListQuerySchema>;
export type ScheduledPostListQueryInput = z.input<typeof scheduledPostListQuerySchema>;

/** GET /{channel}/scheduled_posts/{post_id}. */
export const scheduledPostReadQuerySchema = z.strictObject({
  resolve_references: boolParam().optional(),
});
export type ScheduledPostReadQuery = z.infer<typeof scheduledPostReadQuerySchema>;

// ---- community ({community_url}) ----
// The withdrawn single `brand_id` is deliberately absent: the server answers it with 400 first.

/** GET /community_interactions. */
export const communityInteractionListQuerySchema = z.strictObject({
  brand_ids: commaIntList({ min: 1 }),
  limit: intParam({ min: 0, max: 100 }).default(50),
  offset,
  types: commaEnumList(interactionListTypes).optional(),
  /** Combined with AND. */
  tag_ids: commaIntList().optional(),
  source_updated_after: dateTimeSchema.optional(),
  source_updated_before: dateTimeSchema.optional(),
  is_archived: boolParam().optional(),
  is_follow_up: boolParam().optional(),
  is_read: boolParam().optional(),
  /** Free text; with multiple_keywords=true a comma-separated keyword list. */
  query: z.string().optional(),
  multiple_keywords: boolParam().optional(),
  media_ids: commaIntList().optional(),
  is_positive: boolParam().optional(),
  is_negative: boolParam().optional(),
  is_neutral: boolParam().optional(),
  is_question: boolParam().optional(),
  /** OR condition: interactions with this ticket. */
  ticket_id: z.string().min(1).optional(),
  assignee_id: idParam().optional(),
  sort: interactionListSortSchema.optional(),
  filter_messages_by_date: boolParam().optional(),
  id: idParam().optional(),
  must_include_text: boolParam().optional(),
});
export type CommunityInteractionListQuery = z.infer<typeof communityInteractionListQuerySchema>;
export type CommunityInteractionListQueryInput = z.input<typeof communityInteractionListQuerySchema>;

/** GET /tags. */
export const tagListQuerySchema = z.strictObject({ brand_ids: commaIntList({ min: 1 }) });
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

/** GET /overview_stats (op 19). */
export const overviewStatsQuerySchema = z.strictObject({ brand_ids: commaIntList({ min: 1 }) });
export type OverviewStatsQuery = z.infer<typeof overviewStatsQuerySchema>;
