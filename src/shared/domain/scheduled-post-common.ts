import { z } from 'zod';
import { dateTimeSchema, idSchema, uuidSchema } from './common.ts';
import {
  approvalPolicySchema,
  autoPublishErrorSchema,
  creationSourceSchema,
  postStatusSchema,
  settablePostStatusSchema,
  subtitleUploadStatusSchema,
} from './enums.ts';

/**
 * What every scheduled post shares (Threads, Instagram, Twitter, LinkedIn, Snapchat), in its
 * response form and its request form. Channel files add their own fields on top.
 */

/** The bound that accompanies duplicate_to_brand_ids (conventions §7). */
export const MAX_DUPLICATE_TO_BRAND_IDS = 55;

// ---- approval request ----

export const approvalRequestSchema = z.looseObject({
  id: idSchema,
  brand_id: idSchema.nullish(),
  post_id: idSchema.nullish(),
  requested_by_user_id: idSchema,
  review_user_id: idSchema,
  approval_status: z.string().nullish(), // PENDING appears; other values not shown
  post_platform: z.string().nullish(), // instagram appears
  created_at: dateTimeSchema.nullish(),
  updated_at: dateTimeSchema.nullish(),
  deleted_at: dateTimeSchema.nullish(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** In a request an approval request carries only these two fields. */
export const approvalRequestCreateSchema = z.strictObject({
  requested_by_user_id: idSchema,
  review_user_id: idSchema,
});
export type ApprovalRequestCreate = z.infer<typeof approvalRequestCreateSchema>;

// ---- small shared shapes ----

/** Alt text per media id: keys are media ids, written as strings in JSON. */
export const altTextMediaMapSchema = z.record(z.string(), z.string());
export const altTextMediaMapRequestSchema = z.record(
  z.string().regex(/^\d+$/, 'Keys must be media ids.'),
  z.string(),
);

export const subtitleMetadataSchema = z.looseObject({
  language_code: z.string().nullish(), // an enumerated code; af appears
  filename: z.string().nullish(),
});
export const subtitleMetadataRequestSchema = z.strictObject({
  language_code: z.string().min(1),
  filename: z.string().min(1),
});
export type SubtitleMetadata = z.infer<typeof subtitleMetadataSchema>;

// ---- response fields ----

/** Fields a Twitter reply shares with a post (a reply has no brand, boards, campaigns, rss, timestamp). */
export const postSharedResponseShape = {
  id: idSchema,
  auto_publish: z.boolean().nullish(),
  status: postStatusSchema.nullish(),
  media_ids: z.array(idSchema).nullish(),
  media: z.array(z.unknown()).nullish(), // contents not shown
  has_scheduled_time: z.boolean().nullish(),
  approval_policy: approvalPolicySchema.nullish(),
  approval_requests: z.array(approvalRequestSchema).nullish(),
  approval_status: z.string().nullish(),
  num_of_approvals_required: z.number().int().nullish(),
  auto_publish_error: autoPublishErrorSchema.nullish(),
  content_tag_ids: z.array(idSchema).nullish(),
  creation_source: creationSourceSchema.nullish(),
  post_group_id: z.string().nullish(),
  sort_index: z.number().int().nullish(),
  source_id: z.string().nullish(),
  live_post_url: z.string().nullish(),
  alt_text_media_map: altTextMediaMapSchema.nullish(),
  created_at: dateTimeSchema.nullish(),
  updated_at: dateTimeSchema.nullish(),
  subtitle_content: z.string().nullish(),
  subtitle_error_message: z.string().nullish(),
  subtitle_metadata: subtitleMetadataSchema.nullish(),
  subtitle_upload_status: subtitleUploadStatusSchema.nullish(),
};

/** The common fields of a post in a response. */
export const postCommonResponseShape = {
  ...postSharedResponseShape,
  brand_id: idSchema,
  status: postStatusSchema,
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  timestamp: dateTimeSchema.nullish(),
  board_ids: z.array(idSchema).nullish(),
  campaign_ids: z.array(idSchema).nullish(),
  callback_socket_id: z.string().nullish(),
  rss_feed_id: idSchema.nullish(),
  rss_guid: z.string().nullish(),
  rss_publish_date: dateTimeSchema.nullish(),
};

/** Snapchat posts carry the common fields only (conventions §7). */
export const scheduledPostCommonSchema = z.looseObject(postCommonResponseShape);
export type ScheduledPostCommon = z.infer<typeof scheduledPostCommonSchema>;

/**
 * Fields set by the service only. A request that sends one is refused (422); this list lets a
 * server name the reason ("read-only") rather than "unknown".
 */
export const readOnlyPostFields = [
  'id',
  'created_at',
  'updated_at',
  'approval_status',
  'auto_publish_error',
  'live_post_url',
  'media',
  'subtitle_error_message',
  'subtitle_upload_status',
  // Instagram
  'first_comment_status',
  'cover_image_media',
  'location',
  'invalid_location',
  'invalid_collaborators',
  'invalid_user_tags',
  'has_invalid_product_tags',
  // Twitter
  'tweet_status',
  'permalink',
] as const;

// ---- request fields ----

/** Writable fields a Twitter reply shares with a post; all optional (PATCH leaves omitted fields). */
export const postSharedRequestShape = {
  auto_publish: z.boolean().optional(),
  status: settablePostStatusSchema.optional(),
  media_ids: z.array(idSchema).optional(),
  has_scheduled_time: z.boolean().optional(),
  approval_policy: approvalPolicySchema.optional(),
  approval_requests: z.array(approvalRequestCreateSchema).optional(),
  num_of_approvals_required: z.number().int().min(0).optional(),
  content_tag_ids: z.array(idSchema).optional(),
  creation_source: creationSourceSchema.nullable().optional(),
  post_group_id: uuidSchema.nullable().optional(),
  sort_index: z.number().int().nullable().optional(),
  source_id: z.string().min(1).nullable().optional(),
  alt_text_media_map: altTextMediaMapRequestSchema.optional(),
  subtitle_content: z.string().nullable().optional(),
  subtitle_metadata: subtitleMetadataRequestSchema.nullable().optional(),
};

/** Writable common fields of a post, all optional: the UPDATE form before channel fields. */
export const postCommonRequestShape = {
  ...postSharedRequestShape,
  brand_id: idSchema.optional(),
  /** null unschedules the post. */
  timestamp: dateTimeSchema.nullable().optional(),
  board_ids: z.array(idSchema).optional(),
  campaign_ids: z.array(idSchema).optional(),
  /** Every post reads it as null: null is "no value" (conventions §3). */
  callback_socket_id: z.string().nullable().optional(),
  rss_feed_id: idSchema.nullable().optional(),
  rss_guid: z.string().nullable().optional(),
  rss_publish_date: dateTimeSchema.nullable().optional(),
};

/** CREATE needs the brand; everything else may follow in later PATCHes. */
export const postCreateRequiredShape = {
  brand_id: idSchema,
};
