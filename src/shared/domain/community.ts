import { z } from 'zod';
import { communityPagingSchema, dataOf, dateTimeSchema, idSchema } from './common.ts';
import { brandUserReplyResourceTypeSchema, mediaTypeSchema, ticketSourceSchema } from './enums.ts';

/**
 * Community ({community_url}): interaction tags and community interactions. An interaction is a
 * discriminated union on `type`; fields the interface does not detail for a type are optional.
 */

// ---- tags ----

export const TAG_NAME_MAX = 64;
export const TAG_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const interactionTagSchema = z.looseObject({
  id: idSchema,
  brand_id: idSchema,
  name: z.string(),
  color: z.string().nullish(), // format not shown by the interface; the sandbox answers #RRGGBB
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type InteractionTag = z.infer<typeof interactionTagSchema>;

/** POST /tags (conventions §9): no color means the service picks a random one. */
export const interactionTagCreateSchema = z.strictObject({
  brand_id: idSchema,
  name: z.string().min(1).max(TAG_NAME_MAX),
  color: z.string().regex(TAG_COLOR_PATTERN, 'Must be a color #RRGGBB.').optional(),
});
export type InteractionTagCreate = z.infer<typeof interactionTagCreateSchema>;

export const interactionTagResponseSchema = dataOf(interactionTagSchema);
export const interactionTagListSchema = dataOf(z.array(interactionTagSchema));
export type InteractionTagList = z.infer<typeof interactionTagListSchema>;

// ---- parts of an interaction ----

export const ticketSchema = z.looseObject({
  label: z.string(),
  source_created_at: z.string(),
  source_id: z.string(),
  source_updated_at: z.string(),
  status: z.string(),
  message_id: z.number().int().nullish(),
  source: ticketSourceSchema.nullish(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const brandUserReplySchema = z.looseObject({
  id: idSchema,
  brand_id: idSchema,
  resource_id: idSchema.nullish(),
  user_id: idSchema.nullish(),
  resource_type: brandUserReplyResourceTypeSchema.nullish(),
  created_at: dateTimeSchema.nullish(),
  updated_at: dateTimeSchema.nullish(),
});
export type BrandUserReply = z.infer<typeof brandUserReplySchema>;

export const sentimentSchema = z.looseObject({
  is_negative: z.boolean(),
  is_neutral: z.boolean(),
  is_positive: z.boolean(),
  is_question: z.boolean(),
});
export type Sentiment = z.infer<typeof sentimentSchema>;

export const attachmentSchema = z.looseObject({
  src: z.string(),
  type: z.string().nullish(),
  height: z.number().int().nullish(),
  width: z.number().int().nullish(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const postMediaSchema = z.looseObject({
  comment_count: z.number().int().nullish(),
  image_sizes: z.looseObject({ default: z.string().nullish() }).nullish(),
  media_comment_sentiment: z
    .looseObject({
      negative_count: z.number().int(),
      neutral_count: z.number().int(),
      positive_count: z.number().int(),
    })
    .nullish(),
  media_type: z.string().nullish(),
  source_created_at: dateTimeSchema.nullish(),
  caption: z.string().nullish(),
  likes: z.number().int().nullish(),
  user_avatar: z.string().nullish(),
  user_handle: z.string().nullish(),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

// ---- interactions ----

/** Base fields of every interaction (all read-only). */
const interactionBaseShape = {
  id: idSchema,
  brand_id: idSchema,
  assignee_id: idSchema.nullish(),
  is_archived: z.boolean().nullish(),
  is_author_blocked: z.boolean().nullish(),
  is_follow_up: z.boolean().nullish(),
  is_read: z.boolean().nullish(),
  media_type: mediaTypeSchema.nullish(),
  post_thumbnail_url: z.string().nullish(),
  search_result_snippet: z.string().nullish(),
  source_updated_at: dateTimeSchema.nullish(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  tag_ids: z.array(idSchema).nullish(),
  tickets: z.array(ticketSchema).nullish(),
};

/**
 * Content fields for the types whose shape the interface does not detail: the names TikTok
 * comments use, so one inbox view reads every type. All optional.
 */
const messageContentShape = {
  text: z.string().nullish(),
  author_username: z.string().nullish(),
  author_profile_picture_url: z.string().nullish(),
  media_id: idSchema.nullish(),
  post_media: postMediaSchema.nullish(),
  sentiment: sentimentSchema.nullish(),
  brand_user_reply: brandUserReplySchema.nullish(),
  attachments: z.array(attachmentSchema).nullish(),
};

/** One message of a conversation; not detailed by the interface, so every field is optional. */
export const conversationMessageSchema = z.looseObject({
  id: z.union([idSchema, z.string()]).nullish(),
  text: z.string().nullish(),
  author_username: z.string().nullish(),
  is_from_brand: z.boolean().nullish(),
  created_at: dateTimeSchema.nullish(),
  attachments: z.array(attachmentSchema).nullish(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

function interactionOf<const T extends z.ZodType<string>, S extends z.ZodRawShape>(type: T, extra: S) {
  return z.looseObject({ ...interactionBaseShape, ...messageContentShape, type, ...extra });
}

export const genericCommunityInteractionSchema = interactionOf(z.literal('COMMUNITY_INTERACTION'), {});
export const facebookCommentSchema = interactionOf(z.literal('FACEBOOK_COMMENT'), {});
export const instagramCommentSchema = interactionOf(z.literal('INSTAGRAM_COMMENT'), {});
export const youtubeCommentSchema = interactionOf(z.literal('YOUTUBE_COMMENT'), {});

const conversationShape = { messages: z.array(conversationMessageSchema).nullish() };
export const facebookConversationSchema = interactionOf(
  z.literal('FACEBOOK_CONVERSATION'),
  conversationShape,
);
export const instagramConversationSchema = interactionOf(
  z.literal('INSTAGRAM_CONVERSATION'),
  conversationShape,
);
export const twitterConversationSchema = interactionOf(z.literal('TWITTER_CONVERSATION'), conversationShape);

/** TWITTER_MENTION, TWITTER_QUOTE and TWITTER_RETWEET share one shape. */
export const twitterPublicInteractionSchema = interactionOf(
  z.enum(['TWITTER_MENTION', 'TWITTER_QUOTE', 'TWITTER_RETWEET']),
  {},
);

/** A TikTok comment as a reply: everything but the thread fields. */
export const tiktokCommentReplySchema = z.looseObject({
  ...interactionBaseShape,
  type: z.literal('TIKTOK_COMMENT'),
  is_hidden: z.boolean().nullish(),
  is_liked: z.boolean().nullish(),
  is_owned: z.boolean().nullish(),
  text: z.string().nullish(),
  tiktok_comment_id: z.string().nullish(),
  tiktok_parent_comment_id: z.string().nullish(),
  tiktok_username: z.string().nullish(),
  tiktok_video_created_at: dateTimeSchema.nullish(),
  author_profile_picture_url: z.string().nullish(),
  author_username: z.string().nullable().optional(),
  brand_user_reply: brandUserReplySchema.nullish(),
  media_id: idSchema.nullish(),
  post_media: postMediaSchema.nullish(),
  sentiment: sentimentSchema.nullish(),
});
export type TiktokCommentReply = z.infer<typeof tiktokCommentReplySchema>;

/** A top-level TikTok comment: replies are one level deep. */
export const tiktokCommentSchema = tiktokCommentReplySchema.extend({
  comment_count: z.number().int().nullish(),
  media_comment_sentiment: z
    .looseObject({
      negative_percentage: z.number(),
      neutral_percentage: z.number(),
      positive_percentage: z.number(),
    })
    .nullish(),
  replies: z.array(tiktokCommentReplySchema).nullish(),
  video_pinned_comment_id: z.number().int().nullish(),
});
export type TiktokComment = z.infer<typeof tiktokCommentSchema>;

export const communityInteractionSchema = z.discriminatedUnion('type', [
  genericCommunityInteractionSchema,
  facebookCommentSchema,
  facebookConversationSchema,
  instagramCommentSchema,
  instagramConversationSchema,
  tiktokCommentSchema,
  twitterConversationSchema,
  twitterPublicInteractionSchema,
  youtubeCommentSchema,
]);
export type CommunityInteraction = z.infer<typeof communityInteractionSchema>;
export type FacebookComment = z.infer<typeof facebookCommentSchema>;
export type InstagramComment = z.infer<typeof instagramCommentSchema>;
export type YoutubeComment = z.infer<typeof youtubeCommentSchema>;
export type FacebookConversation = z.infer<typeof facebookConversationSchema>;
export type InstagramConversation = z.infer<typeof instagramConversationSchema>;
export type TwitterConversation = z.infer<typeof twitterConversationSchema>;
export type TwitterPublicInteraction = z.infer<typeof twitterPublicInteractionSchema>;
export type GenericCommunityInteraction = z.infer<typeof genericCommunityInteractionSchema>;

/** Op 16 answer: paging carries `offset`. */
export const communityInteractionListSchema = z.looseObject({
  data: z.array(communityInteractionSchema),
  paging: communityPagingSchema,
});
export type CommunityInteractionList = z.infer<typeof communityInteractionListSchema>;

/**
 * PATCH /community_interactions/{id} (extension, conventions §9): any of these fields, at least
 * one. assignee_id null unassigns.
 */
export const communityInteractionUpdateSchema = z
  .strictObject({
    is_read: z.boolean().optional(),
    is_archived: z.boolean().optional(),
    is_follow_up: z.boolean().optional(),
    tag_ids: z.array(idSchema).optional(),
    assignee_id: idSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change.');
export type CommunityInteractionUpdate = z.infer<typeof communityInteractionUpdateSchema>;
