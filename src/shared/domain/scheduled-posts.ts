import { z } from 'zod';
import { idSchema, listOf } from './common.ts';
import type { SchedulerChannel } from './enums.ts';
import {
  MAX_DUPLICATE_TO_BRAND_IDS,
  postCommonRequestShape,
  postCommonResponseShape,
  postCreateRequiredShape,
  postSharedRequestShape,
  postSharedResponseShape,
  scheduledPostCommonSchema,
} from './scheduled-post-common.ts';

/**
 * Scheduled posts per channel ({scheduler_url}/{channel}/scheduled_posts): for each channel the
 * response schema, a CREATE body and an UPDATE (PATCH) body. Request bodies are strict and hold no
 * read-only field; status in a request is DRAFT, SCHEDULED or AUTOPUBLISHING only.
 */

export const THREADS_TEXT_MAX = 500;
export const LINKEDIN_TEXT_MAX = 3000;
export const TWITTER_TEXT_MAX = 280;

const duplicateToBrandIdsSchema = z
  .array(idSchema)
  .max(MAX_DUPLICATE_TO_BRAND_IDS, `Must hold at most ${MAX_DUPLICATE_TO_BRAND_IDS} brand ids.`);
/** Tag coordinates are fractions of the media's width and height. */
const coordinateSchema = z.number().min(0, 'Must be between 0 and 1.').max(1, 'Must be between 0 and 1.');

/**
 * A post's text in a request. A post written without text reads `text: null`, so null is taken
 * back as "no text" (conventions §3): a client sends back what it read, and clears the text so.
 */
function textUpTo(max: number) {
  return z.string().max(max, `Must be at most ${max} characters.`).nullable();
}

// ---- Threads ----

export const threadsPostSchema = z.looseObject({
  ...postCommonResponseShape,
  text: z.string().nullish(),
  link: z.string().nullish(),
  duplicate_to_brand_ids: z.array(idSchema).nullish(),
});
export type ThreadsPost = z.infer<typeof threadsPostSchema>;

const threadsRequestShape = {
  ...postCommonRequestShape,
  text: textUpTo(THREADS_TEXT_MAX).optional(),
  link: z.string().nullable().optional(),
  duplicate_to_brand_ids: duplicateToBrandIdsSchema.optional(),
};
export const threadsPostCreateSchema = z.strictObject({ ...threadsRequestShape, ...postCreateRequiredShape });
export const threadsPostUpdateSchema = z.strictObject(threadsRequestShape);
export type ThreadsPostCreate = z.infer<typeof threadsPostCreateSchema>;
export type ThreadsPostUpdate = z.infer<typeof threadsPostUpdateSchema>;

// ---- Instagram ----

export const instagramUserTagSchema = z.looseObject({
  username: z.string(),
  media_id: idSchema.nullish(),
  x: z.number(),
  y: z.number(),
  tag_type: z.string().nullish(), // COLLABORATOR appears
});
export const instagramUserTagRequestSchema = z.strictObject({
  username: z.string().min(1),
  media_id: idSchema.nullable().optional(),
  x: coordinateSchema,
  y: coordinateSchema,
});
export type InstagramUserTag = z.infer<typeof instagramUserTagSchema>;

export const instagramCollaboratorSchema = z.looseObject({
  username: z.string(),
  tag_type: z.string().nullish(),
});
export const instagramCollaboratorRequestSchema = z.strictObject({ username: z.string().min(1) });
export type InstagramCollaborator = z.infer<typeof instagramCollaboratorSchema>;

export const instagramShoppingTagSchema = z.looseObject({
  fb_product_id: z.string(),
  x: z.number(),
  y: z.number(),
  catalog_id: z.string().nullish(),
  image_url: z.string().nullish(),
  media_id: idSchema.nullish(),
  title: z.string().nullish(),
});
export const instagramShoppingTagRequestSchema = z.strictObject({
  fb_product_id: z.string().min(1),
  x: coordinateSchema,
  y: coordinateSchema,
  catalog_id: z.string().optional(),
  image_url: z.string().optional(),
  media_id: idSchema.nullable().optional(),
  title: z.string().optional(),
});
export type InstagramShoppingTag = z.infer<typeof instagramShoppingTagSchema>;

export const instagramLocationSchema = z.looseObject({
  id: z.string(),
  is_verified: z.boolean().nullish(),
  link: z.string().nullish(),
  location: z.record(z.string(), z.unknown()).nullish(),
  name: z.string().nullish(),
});
export type InstagramLocation = z.infer<typeof instagramLocationSchema>;

export const instagramPostSchema = z.looseObject({
  ...postCommonResponseShape,
  post_type: z.string().nullish(), // FEED appears
  caption: z.string().nullish(),
  first_comment: z.string().nullish(),
  first_comment_status: z.string().nullish(), // SUCCESS appears
  story_link: z.string().nullish(),
  share_to_feed: z.boolean().nullish(),
  user_tags: z.array(instagramUserTagSchema).nullish(),
  collaborators: z.array(instagramCollaboratorSchema).nullish(),
  cover_image_media_id: idSchema.nullish(),
  cover_image_media: z.record(z.string(), z.unknown()).nullish(),
  location_id: z.string().nullish(),
  location: instagramLocationSchema.nullish(),
  invalid_location: instagramLocationSchema.nullish(),
  invalid_collaborators: z.array(z.string()).nullish(),
  invalid_user_tags: z.array(z.string()).nullish(),
  shopping_tags: z.array(instagramShoppingTagSchema).nullish(),
  has_invalid_product_tags: z.boolean().nullish(),
  thumb_offset: z.number().int().nullish(),
  thumbnail_url: z.string().nullish(),
  duplicate_to_brand_ids: z.array(idSchema).nullish(),
});
export type InstagramPost = z.infer<typeof instagramPostSchema>;

const instagramRequestShape = {
  ...postCommonRequestShape,
  post_type: z.string().min(1).optional(),
  caption: z.string().nullable().optional(),
  first_comment: z.string().nullable().optional(),
  story_link: z.string().nullable().optional(),
  share_to_feed: z.boolean().optional(),
  user_tags: z.array(instagramUserTagRequestSchema).optional(),
  collaborators: z.array(instagramCollaboratorRequestSchema).optional(),
  cover_image_media_id: idSchema.nullable().optional(),
  location_id: z.string().nullable().optional(),
  shopping_tags: z.array(instagramShoppingTagRequestSchema).optional(),
  thumb_offset: z.number().int().min(0).nullable().optional(),
  thumbnail_url: z.string().nullable().optional(),
  duplicate_to_brand_ids: duplicateToBrandIdsSchema.optional(),
};
export const instagramPostCreateSchema = z.strictObject({
  ...instagramRequestShape,
  ...postCreateRequiredShape,
});
export const instagramPostUpdateSchema = z.strictObject(instagramRequestShape);
export type InstagramPostCreate = z.infer<typeof instagramPostCreateSchema>;
export type InstagramPostUpdate = z.infer<typeof instagramPostUpdateSchema>;

// ---- Twitter ----

export const twitterReplySchema = z.looseObject({
  ...postSharedResponseShape,
  text: z.string().nullish(), // extension (conventions §7)
  permalink: z.string().nullish(),
  tweet_status: z.string().nullish(),
  thread_order: z.number().int().nullish(),
});
export type TwitterReply = z.infer<typeof twitterReplySchema>;

export const twitterPostSchema = z.looseObject({
  ...postCommonResponseShape,
  text: z.string().nullish(), // extension (conventions §7)
  tweet_status: z.string().nullish(),
  permalink: z.string().nullish(),
  auto_numbering_enabled: z.boolean().nullish(),
  replies: z.array(twitterReplySchema).nullish(),
});
export type TwitterPost = z.infer<typeof twitterPostSchema>;

/** A reply in a request; a post's `replies` replaces the whole thread. */
export const twitterReplyCreateSchema = z.strictObject({
  ...postSharedRequestShape,
  text: textUpTo(TWITTER_TEXT_MAX).optional(),
  thread_order: z.number().int().min(0).optional(),
});
export type TwitterReplyCreate = z.infer<typeof twitterReplyCreateSchema>;

const twitterRequestShape = {
  ...postCommonRequestShape,
  text: textUpTo(TWITTER_TEXT_MAX).optional(),
  auto_numbering_enabled: z.boolean().optional(),
  replies: z.array(twitterReplyCreateSchema).optional(),
};
export const twitterPostCreateSchema = z.strictObject({ ...twitterRequestShape, ...postCreateRequiredShape });
export const twitterPostUpdateSchema = z.strictObject(twitterRequestShape);
export type TwitterPostCreate = z.infer<typeof twitterPostCreateSchema>;
export type TwitterPostUpdate = z.infer<typeof twitterPostUpdateSchema>;

// ---- LinkedIn ----

export const linkedinPostSchema = z.looseObject({
  ...postCommonResponseShape,
  text: z.string().nullish(), // the post commentary
});
export type LinkedinPost = z.infer<typeof linkedinPostSchema>;

const linkedinRequestShape = {
  ...postCommonRequestShape,
  text: textUpTo(LINKEDIN_TEXT_MAX).optional(),
};
export const linkedinPostCreateSchema = z.strictObject({
  ...linkedinRequestShape,
  ...postCreateRequiredShape,
});
export const linkedinPostUpdateSchema = z.strictObject(linkedinRequestShape);
export type LinkedinPostCreate = z.infer<typeof linkedinPostCreateSchema>;
export type LinkedinPostUpdate = z.infer<typeof linkedinPostUpdateSchema>;

// ---- Snapchat: the common fields only ----

export const snapchatPostSchema = scheduledPostCommonSchema;
export const snapchatPostCreateSchema = z.strictObject({
  ...postCommonRequestShape,
  ...postCreateRequiredShape,
});
export const snapchatPostUpdateSchema = z.strictObject(postCommonRequestShape);
export type SnapchatPost = z.infer<typeof snapchatPostSchema>;
export type SnapchatPostCreate = z.infer<typeof snapchatPostCreateSchema>;
export type SnapchatPostUpdate = z.infer<typeof snapchatPostUpdateSchema>;

// ---- by channel ----

/** Pick a channel's schemas by name: `scheduledPostSchemas[channel].create.parse(body)`. */
export const scheduledPostSchemas = {
  threads: { post: threadsPostSchema, create: threadsPostCreateSchema, update: threadsPostUpdateSchema },
  instagram: {
    post: instagramPostSchema,
    create: instagramPostCreateSchema,
    update: instagramPostUpdateSchema,
  },
  twitter: { post: twitterPostSchema, create: twitterPostCreateSchema, update: twitterPostUpdateSchema },
  linkedin: { post: linkedinPostSchema, create: linkedinPostCreateSchema, update: linkedinPostUpdateSchema },
  snapchat: { post: snapchatPostSchema, create: snapchatPostCreateSchema, update: snapchatPostUpdateSchema },
} as const satisfies Record<SchedulerChannel, { post: z.ZodType; create: z.ZodType; update: z.ZodType }>;

export type ScheduledPostSchemas = typeof scheduledPostSchemas;
export type ScheduledPostOf<C extends SchedulerChannel> = z.infer<ScheduledPostSchemas[C]['post']>;
export type ScheduledPostCreateOf<C extends SchedulerChannel> = z.infer<ScheduledPostSchemas[C]['create']>;
export type ScheduledPostUpdateOf<C extends SchedulerChannel> = z.infer<ScheduledPostSchemas[C]['update']>;

/** Any channel's post. */
export type ScheduledPost = ThreadsPost | InstagramPost | TwitterPost | LinkedinPost | SnapchatPost;

/** `{data, paging}` of GET /{channel}/scheduled_posts. */
export const scheduledPostListSchemas = {
  threads: listOf(threadsPostSchema),
  instagram: listOf(instagramPostSchema),
  twitter: listOf(twitterPostSchema),
  linkedin: listOf(linkedinPostSchema),
  snapchat: listOf(snapchatPostSchema),
} as const satisfies Record<SchedulerChannel, z.ZodType>;
