import { z } from 'zod';

/**
 * Every enumeration of the interface (spec/interface.md) and of the conventions that fill its gaps,
 * each as a `const` tuple (for loops, pickers and seeds) plus its zod schema.
 */

// ---- Community ----

/** The `type` discriminator of a community interaction. */
export const interactionTypes = [
  'COMMUNITY_INTERACTION',
  'FACEBOOK_COMMENT',
  'FACEBOOK_CONVERSATION',
  'INSTAGRAM_COMMENT',
  'INSTAGRAM_CONVERSATION',
  'TIKTOK_COMMENT',
  'TWITTER_CONVERSATION',
  'TWITTER_MENTION',
  'TWITTER_QUOTE',
  'TWITTER_RETWEET',
  'YOUTUBE_COMMENT',
] as const;
export const interactionTypeSchema = z.enum(interactionTypes);
export type InteractionType = z.infer<typeof interactionTypeSchema>;

/** The three Twitter types that share one shape. */
export const twitterPublicInteractionTypes = ['TWITTER_MENTION', 'TWITTER_QUOTE', 'TWITTER_RETWEET'] as const;

/** `types` filter of the interactions list: the interaction types plus the two ads-comment kinds. */
export const interactionListTypes = [
  ...interactionTypes,
  'FACEBOOK_ADS_COMMENT',
  'INSTAGRAM_ADS_COMMENT',
] as const;
export const interactionListTypeSchema = z.enum(interactionListTypes);
export type InteractionListType = z.infer<typeof interactionListTypeSchema>;

/** `types` of the unread counts body (op 18): the list filter types plus TIKTOK_COMMENT_MENTION. */
export const unreadCountTypes = [...interactionListTypes, 'TIKTOK_COMMENT_MENTION'] as const;
export const unreadCountTypeSchema = z.enum(unreadCountTypes);
export type UnreadCountType = z.infer<typeof unreadCountTypeSchema>;

export const mediaTypes = ['CAROUSEL_ALBUM', 'IMAGE', 'REELS', 'SHORTS', 'VIDEO'] as const;
export const mediaTypeSchema = z.enum(mediaTypes);
export type MediaType = z.infer<typeof mediaTypeSchema>;

export const ticketSources = ['SALESFORCE', 'ZENDESK'] as const;
export const ticketSourceSchema = z.enum(ticketSources);
export type TicketSource = z.infer<typeof ticketSourceSchema>;

export const brandUserReplyResourceTypes = [
  'FACEBOOK_COMMENT',
  'FACEBOOK_MESSAGE',
  'INSTAGRAM_COMMENT',
  'INSTAGRAM_MESSAGE',
  'TIKTOK_COMMENT',
  'TWITTER_MENTION',
  'TWITTER_MESSAGE',
  'TWITTER_QUOTE',
  'TWITTER_RETWEET',
  'YOUTUBE_COMMENT',
] as const;
export const brandUserReplyResourceTypeSchema = z.enum(brandUserReplyResourceTypes);
export type BrandUserReplyResourceType = z.infer<typeof brandUserReplyResourceTypeSchema>;

/** `types` of a preset reply bundle. */
export const presetReplyTypes = ['FACEBOOK', 'INSTAGRAM', 'TIKTOK', 'TWITTER', 'YOUTUBE'] as const;
export const presetReplyTypeSchema = z.enum(presetReplyTypes);
export type PresetReplyType = z.infer<typeof presetReplyTypeSchema>;

export const interactionListSorts = [
  '-SOURCE_UPDATED_AT',
  'RELEVANCE',
  'SAMPLE',
  'SOURCE_UPDATED_AT',
] as const;
export const interactionListSortSchema = z.enum(interactionListSorts);
export type InteractionListSort = z.infer<typeof interactionListSortSchema>;

// ---- Campaigns ----

export const adSources = ['META_ADS', 'TIKTOK_ADS'] as const;
export const adSourceSchema = z.enum(adSources);
export type AdSource = z.infer<typeof adSourceSchema>;

export const campaignSortFields = [
  'CREATED',
  'NAME',
  'NUMBER_OF_MEDIA',
  'AVG_ENGAGEMENTS',
  'AVG_ENGAGEMENT_RATE',
  'AVG_EMV',
  'TOTAL_CREATOR_LIKES',
  'TOTAL_ENGAGEMENTS',
  'TOTAL_EMV',
  'TOTAL_CLICKS',
  'TOTAL_IMPRESSIONS',
  'TOTAL_VIDEO_VIEWS',
] as const;
/** Every campaign sort value: each field ascending, then each with a leading '-' (descending). */
export const campaignSorts = [
  ...campaignSortFields,
  ...campaignSortFields.map((field) => `-${field}` as const),
] as const;
export const campaignSortSchema = z.enum(campaignSorts);
export type CampaignSort = z.infer<typeof campaignSortSchema>;

export const campaignActivities = ['ALL', 'ACTIVE', 'INACTIVE'] as const;
export const campaignActivitySchema = z.enum(campaignActivities);
export type CampaignActivity = z.infer<typeof campaignActivitySchema>;

// ---- Scheduled posts ----

/** Channels with scheduled posts; also the first path segment under {scheduler_url}. */
export const schedulerChannels = ['threads', 'instagram', 'twitter', 'linkedin', 'snapchat'] as const;
export const schedulerChannelSchema = z.enum(schedulerChannels);
export type SchedulerChannel = z.infer<typeof schedulerChannelSchema>;

export const postStatuses = [
  'AUTOPUBLISHING',
  'DRAFT',
  'EXPIRED',
  'FAILED',
  'IMPORTED',
  'MISSING_APPROVALS',
  'PARTIALLY_FAILED',
  'POSTED',
  'SCHEDULED',
  'SKIPPED',
  'USERS_NOTIFIED',
] as const;
export const postStatusSchema = z.enum(postStatuses);
export type PostStatus = z.infer<typeof postStatusSchema>;

/** The statuses a client may set (conventions §7); every other status is set by the service. */
export const settablePostStatuses = ['DRAFT', 'SCHEDULED', 'AUTOPUBLISHING'] as const;
export const settablePostStatusSchema = z.enum(settablePostStatuses);
export type SettablePostStatus = z.infer<typeof settablePostStatusSchema>;

export const approvalPolicies = ['APPROVAL_REQUIRED', 'APPROVAL_NOT_REQUIRED'] as const;
export const approvalPolicySchema = z.enum(approvalPolicies);
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

export const autoPublishErrors = [
  'ACCOUNT_RESTRICTED',
  'AGAINST_COMMUNITY_STANDARDS',
  'APPROVED_PUBLISHING_DATES_HAVE_NO_OVERLAP',
  'AUTO_PUBLISH_LIMIT_EXCEEDED',
  'DUPLICATE_POST',
  'FLAGGED_AS_SPAM',
  'INTERNAL',
  'INVALID_ACCOUNT_TYPE',
  'INVALID_AUTH',
  'INVALID_DESCRIPTION',
  'INVALID_IMAGE',
  'INVALID_PIN_BOARD',
  'INVALID_PRODUCT_TAGS',
  'INVALID_TARGETING',
  'INVALID_TITLE',
  'INVALID_VIDEO_THUMBNAIL',
  'MEDIA_CONTAINER_EXPIRED',
  'MISSING_AUTH',
  'OUTSIDE_OF_APPROVED_PUBLISHING_DATES',
  'PAGE_PUBLISHING_AUTH_REQUIRED',
  'PLATFORM_ERROR',
  'REJECTED',
  'TEXT_LENGTH_EXCEEDED',
] as const;
export const autoPublishErrorSchema = z.enum(autoPublishErrors);
export type AutoPublishError = z.infer<typeof autoPublishErrorSchema>;

/** RSS_FEED is the only value the interface lists. */
export const creationSources = ['RSS_FEED'] as const;
export const creationSourceSchema = z.enum(creationSources);
export type CreationSource = z.infer<typeof creationSourceSchema>;

/** Computed: SUCCESS without a subtitle error, FAILED with one. */
export const subtitleUploadStatuses = ['SUCCESS', 'FAILED'] as const;
export const subtitleUploadStatusSchema = z.enum(subtitleUploadStatuses);
export type SubtitleUploadStatus = z.infer<typeof subtitleUploadStatusSchema>;

export const scheduledPostListSorts = [
  '-SORT_INDEX',
  '-TIMESTAMP',
  '-UPDATED_AT',
  'SORT_INDEX',
  'TIMESTAMP',
  'UPDATED_AT',
] as const;
export const scheduledPostListSortSchema = z.enum(scheduledPostListSorts);
export type ScheduledPostListSort = z.infer<typeof scheduledPostListSortSchema>;

// ---- Reports ----

export const reportChannels = [
  'FACEBOOK',
  'INSTAGRAM',
  'INSTAGRAM_UGC',
  'INSTAGRAM_STORIES',
  'INSTAGRAM_COMPETITIVE',
  'INSTAGRAM_BENCHMARKS',
  'PINTEREST',
  'TIKTOK',
  'TWITTER',
  'YOUTUBE',
] as const;
export const reportChannelSchema = z.enum(reportChannels);
export type ReportChannel = z.infer<typeof reportChannelSchema>;

/** SINGLE_METRIC stays in the enum (it parses) although it is withdrawn; see `withdrawnReportTypes`. */
export const reportTypes = [
  'CONTENT_OWNED',
  'CONTENT_OWNED_STORIES',
  'CONTENT_UGC',
  'CONTENT',
  'MULTI_BRAND_METRIC',
  'SINGLE_METRIC',
  'TOTAL_METRIC',
  'GRAPH',
  'HEADER',
  'COMPETITIVE_CONTENT',
  'COMPETITIVE_MULTI_BRAND_METRIC',
  'COMPETITIVE_GRAPH',
  'MULTI_METRIC_MEDIA_TYPE',
  'BENCHMARK_METRIC',
  'BENCHMARK_GRAPH',
] as const;
export const reportTypeSchema = z.enum(reportTypes);
export type ReportType = z.infer<typeof reportTypeSchema>;

/** Answered with 400 from 2026-06-30 (conventions §10); clients send TOTAL_METRIC. */
export const withdrawnReportTypes = ['SINGLE_METRIC'] as const satisfies readonly ReportType[];

/** Metric reports need context_start_date and context_end_date (conventions §8). */
export const metricReportTypes = [
  'SINGLE_METRIC',
  'TOTAL_METRIC',
  'MULTI_BRAND_METRIC',
  'COMPETITIVE_MULTI_BRAND_METRIC',
  'BENCHMARK_METRIC',
] as const satisfies readonly ReportType[];

export const reportTimeScales = ['DAILY', 'MONTHLY'] as const;
export const reportTimeScaleSchema = z.enum(reportTimeScales);
export type ReportTimeScale = z.infer<typeof reportTimeScaleSchema>;

export const sortOrders = ['ASC', 'DESC'] as const;
export const sortOrderSchema = z.enum(sortOrders);
export type SortOrder = z.infer<typeof sortOrderSchema>;

export const reportFormats = ['csv'] as const;
export const reportFormatSchema = z.enum(reportFormats);
export type ReportFormat = z.infer<typeof reportFormatSchema>;
