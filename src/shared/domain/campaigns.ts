import { z } from 'zod';
import { dateSchema, dateTimeSchema, idSchema, listOf, pagingSchema } from './common.ts';
import { adSourceSchema } from './enums.ts';

/** Campaigns ({library_url}): the campaign, its topline metrics, ads and statistics overview. */

// ---- topline_metrics ----

/** A goal is nullable; its type is not shown, a number is what a goal of a metric can be. */
const goalSchema = z.number().nullable();

export const toplineCreatorSummarySchema = z.looseObject({
  metric: z.string().nullish(),
  source: z.string().nullish(), // creator_insights appears
  goal: goalSchema.optional(),
});
export const toplineOwnedSummarySchema = z.looseObject({
  id: idSchema.nullish(),
  metric: z.string().nullish(),
  source: z.string().nullish(), // campaign_stats appears
  aggregation: z.string().nullish(), // SUM appears
  goal: goalSchema.optional(),
});
export const toplineSocialAdsSummarySchema = z.looseObject({
  metric: z.string().nullish(), // TOTAL_SPENT appears
  source: z.string().nullish(), // dashboards appears
  goal: goalSchema.optional(),
});
export const toplineMetricsSchema = z.looseObject({
  CREATOR_SUMMARY: z.array(toplineCreatorSummarySchema).optional(),
  OWNED_SUMMARY: z.array(toplineOwnedSummarySchema).optional(),
  SOCIAL_ADS_SUMMARY: z.array(toplineSocialAdsSummarySchema).optional(),
});
export type ToplineMetrics = z.infer<typeof toplineMetricsSchema>;

/** Request form: exactly the element fields interface.md lists for a request. */
export const toplineMetricsRequestSchema = z.strictObject({
  CREATOR_SUMMARY: z.array(z.strictObject({ source: z.string(), goal: goalSchema })).optional(),
  OWNED_SUMMARY: z.array(z.strictObject({ goal: goalSchema, id: idSchema, metric: z.string() })).optional(),
  SOCIAL_ADS_SUMMARY: z.array(z.strictObject({ source: z.string(), goal: goalSchema })).optional(),
});
export type ToplineMetricsRequest = z.infer<typeof toplineMetricsRequestSchema>;

// ---- campaign ----

/** Element type of the media id lists is not shown: ids or platform ids. */
const creatorFilterMediaIdSchema = z.union([idSchema, z.string()]);

export const creatorFiltersSchema = z.looseObject({
  excluded_media_ids: z.array(creatorFilterMediaIdSchema).nullish(),
  included_media_ids: z.array(creatorFilterMediaIdSchema).nullish(),
  source_created_at: z.looseObject({ start: z.string().nullish(), end: z.string().nullish() }).nullish(),
});
/**
 * A bound of `source_created_at` in a request: its type is only "string", so a date or a date-time
 * with a zone, as every other moment of the interface; null for an open end. A bare number, a year
 * or a date-time without a zone would be read in whatever zone the service runs in.
 */
const creatorRangeBoundSchema = z
  .union([dateSchema, dateTimeSchema], {
    error: 'Must be a date (YYYY-MM-DD) or a date-time with a zone.',
  })
  .nullable();

export const creatorFiltersRequestSchema = z.strictObject({
  excluded_media_ids: z.array(creatorFilterMediaIdSchema).optional(),
  included_media_ids: z.array(creatorFilterMediaIdSchema).optional(),
  source_created_at: z
    .strictObject({ start: creatorRangeBoundSchema, end: creatorRangeBoundSchema })
    .optional(),
});
export type CreatorFilters = z.infer<typeof creatorFiltersSchema>;

export const adCampaignSchema = z.looseObject({
  source: z.string(), // META_ADS appears
  source_ad_account_id: z.string(),
  source_campaign_id: z.string(),
});
export type AdCampaign = z.infer<typeof adCampaignSchema>;

const metric = z.number().nullish();

export const campaignSchema = z.looseObject({
  id: idSchema,
  brand_id: idSchema,
  name: z.string(),
  start_date: dateTimeSchema.nullish(),
  end_date: dateTimeSchema.nullish(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  earliest_media_published_date: dateTimeSchema.nullish(),
  latest_media_published_date: dateTimeSchema.nullish(),
  ad_campaigns: z.array(adCampaignSchema).nullish(),
  creator_ids: z.array(idSchema).nullish(),
  creator_filters: creatorFiltersSchema.nullish(),
  google_analytics_selected_campaigns: z.array(z.string()).nullish(),
  included_media_sources: z.array(z.string()).nullish(),
  has_relationships: z.boolean().nullish(),
  has_ugc: z.boolean().nullish(),
  show_v1_facebook_metrics: z.boolean().nullish(),
  show_v1_instagram_metrics: z.boolean().nullish(),
  show_v2_facebook_metrics: z.boolean().nullish(),
  show_v2_instagram_metrics: z.boolean().nullish(),
  number_of_media: z.number().int().nullish(),
  avg_emv: metric,
  avg_engagement_rate: metric,
  avg_engagements: metric,
  total_clicks: metric,
  total_creator_likes: metric,
  total_emv: metric,
  total_engagements: metric,
  total_impressions: metric,
  total_video_views: metric,
  ttcm_orders_campaign_code: z.string().nullish(),
  ttcm_orders_invite_link: z.string().nullish(),
  ttcm_spark_ads_authorization_days: z.number().int().nullish(),
  topline_metrics: toplineMetricsSchema.nullish(),
  // Present; structure not shown.
  benchmark_campaigns: z.unknown(),
  hashtags: z.unknown(),
  included_ad_sources: z.unknown(),
  included_creator_sources: z.unknown(),
  top_media: z.unknown(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** What the list returns with `summary=true` (conventions §6). */
export const campaignSummarySchema = z.looseObject({
  id: idSchema,
  brand_id: idSchema,
  name: z.string(),
  start_date: dateTimeSchema.nullish(),
  end_date: dateTimeSchema.nullish(),
  number_of_media: z.number().int().nullish(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** The list answers summaries with `summary=true`, full campaigns otherwise; both parse here. */
export const campaignListSchema = listOf(z.union([campaignSchema, campaignSummarySchema]));
export type CampaignList = z.infer<typeof campaignListSchema>;

/**
 * Op 1, PUT: which fields are mandatory is not shown, so none is. A field a campaign reads as null
 * (the dates of an undated campaign, ttcm_spark_ads_authorization_days) takes null for "no value"
 * (conventions §3), so a client can send back what it read.
 */
export const campaignUpdateSchema = z.strictObject({
  benchmark_campaigns: z.array(idSchema).optional(),
  creator_filters: creatorFiltersRequestSchema.optional(),
  creator_ids: z.array(idSchema).optional(),
  end_date: dateSchema.nullable().optional(),
  google_analytics_selected_campaigns: z.array(z.string()).optional(),
  hashtag_ids: z.array(idSchema).optional(),
  name: z.string().min(1).optional(),
  start_date: dateSchema.nullable().optional(),
  topline_metrics: toplineMetricsRequestSchema.optional(),
  ttcm_spark_ads_authorization_days: z.number().int().min(0).nullable().optional(),
});
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;

// ---- ads ----

/** Op 3 body. limit 0..100 (default 20, conventions §5), offset >= 0. */
export const campaignAdsSearchSchema = z.strictObject({
  source: adSourceSchema,
  limit: z.number().int().min(0).max(100).default(20),
  offset: z.number().int().min(0).default(0),
  sort: z.string().nullable().optional(),
  source_campaign_ids: z.array(z.string()).optional(),
});
export type CampaignAdsSearch = z.infer<typeof campaignAdsSearchSchema>;
export type CampaignAdsSearchInput = z.input<typeof campaignAdsSearchSchema>;

export const campaignAdMediaSchema = z.looseObject({
  image_url: z.string().nullish(),
  post_type: z.string().nullish(),
  duration: z.number().int().nullish(),
});

export const campaignAdSchema = z.looseObject({
  source: adSourceSchema,
  ad_name: z.string().nullish(),
  ad_status: z.string().nullish(),
  media: z.array(campaignAdMediaSchema).nullish(),
  metrics: z.unknown(), // contents not shown
  source_ad_account_id: z.string(),
  source_ad_id: z.string(),
  source_campaign_id: z.string(),
});
export type CampaignAd = z.infer<typeof campaignAdSchema>;

export const campaignAdsSearchResultSchema = z.looseObject({
  data: z.array(campaignAdSchema),
  paging: pagingSchema,
});
export type CampaignAdsSearchResult = z.infer<typeof campaignAdsSearchResultSchema>;

/** Op 4 body. */
export const campaignAddMediaSchema = z.strictObject({
  gallery_ids: z.array(idSchema).optional(),
  media_ids: z.array(idSchema).optional(),
});
export type CampaignAddMedia = z.infer<typeof campaignAddMediaSchema>;
