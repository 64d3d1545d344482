import { z } from 'zod';
import {
  autoPublishErrorSchema,
  dateTimeSchema,
  idSchema,
  postStatuses,
  postStatusSchema,
  scheduledPostListSortSchema,
  schedulerChannels,
  schedulerChannelSchema,
} from '../domain/index.ts';
import { listInput, listOutput } from './call-spec.ts';

/**
 * Calls of the Scheduler area (issue 15 §1): the scheduled posts of the chosen brands over every
 * channel at once, for the calendar and the list, and the two changes made from there
 * (reschedule, delete). Writing a post goes through the drafts (see drafts-calls.ts).
 */

/** What the calendar and the list ask; a field left out does not filter. */
export const postsQuerySchema = z
  .object({
    brandIds: z.array(idSchema).min(1, 'Choose at least one brand.').max(100, 'Choose at most 100 brands.'),
    /** Default: every channel. Main reads each one asked and merges them in `sort` order. */
    channels: z.array(schedulerChannelSchema).min(1).max(schedulerChannels.length).optional(),
    /** Any of these statuses. */
    statuses: z.array(postStatusSchema).min(1).max(postStatuses.length).optional(),
    /** true: posts with a publish time; false: the unscheduled ones. */
    hasScheduledTime: z.boolean().optional(),
    /** Publish times from `from` (inclusive) to `to` (exclusive), ISO 8601 with a zone. */
    from: dateTimeSchema.optional(),
    to: dateTimeSchema.optional(),
    /** The service's sorts; posts without the sorted value come last. Default TIMESTAMP. */
    sort: scheduledPostListSortSchema.default('TIMESTAMP'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'The range must end after it starts.',
    path: ['to'],
  });
export type PostsQuery = z.output<typeof postsQuerySchema>;
export type PostsQueryInput = z.input<typeof postsQuerySchema>;

/**
 * A post as the calendar and the list show it, in the service's field names, whatever its
 * channel: `channel` says which, and `text` is its text (Instagram: its caption).
 */
export const postViewSchema = z.object({
  channel: schedulerChannelSchema,
  id: idSchema,
  brand_id: idSchema,
  status: postStatusSchema,
  timestamp: z.string().nullable(),
  has_scheduled_time: z.boolean(),
  sort_index: z.number().int().nullable(),
  auto_publish: z.boolean(),
  auto_publish_error: autoPublishErrorSchema.nullable(),
  live_post_url: z.string().nullable(),
  approval_status: z.string().nullable(),
  num_of_approvals_required: z.number().int().nullable(),
  text: z.string().nullable(),
  /** Instagram: FEED, REEL, STORY, ... */
  post_type: z.string().nullable(),
  media_count: z.number().int(),
  /** Twitter: the replies of its thread. */
  reply_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PostView = z.output<typeof postViewSchema>;

const postRef = { channel: schedulerChannelSchema, id: idSchema };

export const postsCalls = {
  'posts:list': { input: listInput(postsQuerySchema), output: listOutput(postViewSchema) },
  /** Moves a post to another publish time: a PATCH of `timestamp` alone. Answers the post. */
  'posts:reschedule': {
    input: z.object({ ...postRef, timestamp: dateTimeSchema }),
    output: postViewSchema,
  },
  'posts:delete': { input: z.object(postRef), output: z.object({ deleted: z.literal(true) }) },
} as const;

/** Events of the Scheduler area, about the active profile's posts. */
export const postsEvents = {
  /**
   * The app changed a post on the service: a reschedule, a delete, or a draft the outbox sent
   * (created, edited, scheduled, published). `post` is its new version, null once deleted. Main
   * has already forgotten the lists it kept, so whoever shows posts reads them again.
   */
  'posts:changed': z.object({ ...postRef, post: postViewSchema.nullable() }),
} as const;
export type PostChange = z.output<(typeof postsEvents)['posts:changed']>;
