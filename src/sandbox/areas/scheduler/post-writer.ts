import type { DatabaseSync } from 'node:sqlite';
import {
  twitterReplyCreateSchema,
  type SchedulerChannel,
  type SettablePostStatus,
} from '../../../shared/domain/index.ts';
import { SandboxError } from '../../http/errors.ts';
import { isoSeconds, nextId, type StoredPost } from './post-store.ts';
import { applyStatus } from './status-rules.ts';

/**
 * Turns a validated create or update body into the stored post: defaults for a new post, the
 * sent fields over the old ones for an update (omitted fields stay as they were), then the
 * derived fields (has_scheduled_time, approval requests, Twitter replies, Instagram tag types
 * and location) and the status rules.
 */

type Body = Record<string, unknown>;

/** Fields every channel starts with; a create body overrides them. */
export function commonDefaults(): Body {
  return {
    auto_publish: false,
    status: 'DRAFT',
    media_ids: [],
    timestamp: null,
    has_scheduled_time: false,
    approval_policy: 'APPROVAL_NOT_REQUIRED',
    approval_requests: [],
    approval_status: null,
    num_of_approvals_required: 0,
    auto_publish_error: null,
    board_ids: [],
    campaign_ids: [],
    content_tag_ids: [],
    creation_source: null,
    post_group_id: null,
    sort_index: null,
    source_id: null,
    live_post_url: null,
    alt_text_media_map: {},
    callback_socket_id: null,
    subtitle_content: null,
    subtitle_error_message: null,
    subtitle_metadata: null,
    rss_feed_id: null,
    rss_guid: null,
    rss_publish_date: null,
  };
}

export const channelDefaults: Record<SchedulerChannel, () => Body> = {
  threads: () => ({ text: null, link: null, duplicate_to_brand_ids: [] }),
  instagram: () => ({
    post_type: 'FEED',
    caption: null,
    first_comment: null,
    first_comment_status: null,
    story_link: null,
    share_to_feed: true,
    user_tags: [],
    collaborators: [],
    cover_image_media_id: null,
    location_id: null,
    location: null,
    invalid_location: null,
    invalid_collaborators: [],
    invalid_user_tags: [],
    shopping_tags: [],
    has_invalid_product_tags: false,
    thumb_offset: null,
    thumbnail_url: null,
    duplicate_to_brand_ids: [],
  }),
  twitter: () => ({
    text: null,
    tweet_status: null,
    permalink: null,
    auto_numbering_enabled: false,
    replies: [],
  }),
  linkedin: () => ({ text: null }),
  snapchat: () => ({}),
};

/** Date-times are stored in UTC; whole seconds keep the short form. */
function utc(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const ms = Date.parse(value);
  return ms % 1000 === 0 ? isoSeconds(ms) : new Date(ms).toISOString();
}

/** Keeps approval requests the post already had (same requester and reviewer), adds new ones. */
function mergeApprovalRequests(
  db: DatabaseSync,
  post: StoredPost,
  channel: SchedulerChannel,
  sent: Body[],
  now: string,
) {
  const old = (post.approval_requests as Body[] | undefined) ?? [];
  return sent.map((request) => {
    const kept = old.find(
      (item) =>
        item.requested_by_user_id === request.requested_by_user_id &&
        item.review_user_id === request.review_user_id,
    );
    if (kept) return kept;
    return {
      id: nextId(db),
      brand_id: post.brand_id,
      post_id: post.id,
      requested_by_user_id: request.requested_by_user_id,
      review_user_id: request.review_user_id,
      approval_status: 'PENDING',
      post_platform: channel,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
  });
}

/**
 * A thread is published and approved as one: its replies carry the post's status and have no
 * approval requests of their own. The shared reply schema accepts both fields (they are in the
 * reply shape of interface.md), so they are refused here, naming each one, rather than dropped.
 */
const postOnlyReplyFields: Record<string, string> = {
  status: "A reply follows its post's status: set status on the post.",
  approval_requests: 'Replies are approved with their post: send approval_requests on the post.',
};

/** 422 for a reply that sets what only its post may set (see postOnlyReplyFields). */
export function refusePostOnlyReplyFields(body: Body): void {
  if (!Array.isArray(body.replies)) return;
  const errors: Record<string, string[]> = {};
  (body.replies as Body[]).forEach((reply, index) => {
    for (const [field, message] of Object.entries(postOnlyReplyFields)) {
      if (reply[field] !== undefined) errors[`replies.${index}.${field}`] = [message];
    }
  });
  const [first] = Object.entries(errors);
  if (first) throw new SandboxError(422, `Invalid request body. ${first[0]}: ${first[1][0]}`, errors);
}

/** What a reply holds before the fields sent for it: every writable field's "no value". */
function replyDefaults(): Body {
  return {
    auto_publish: false,
    media_ids: [],
    has_scheduled_time: false,
    approval_policy: 'APPROVAL_NOT_REQUIRED',
    approval_requests: [],
    approval_status: null,
    num_of_approvals_required: 0,
    auto_publish_error: null,
    content_tag_ids: [],
    creation_source: null,
    post_group_id: null,
    sort_index: null,
    source_id: null,
    live_post_url: null,
    alt_text_media_map: {},
    subtitle_content: null,
    subtitle_error_message: null,
    subtitle_metadata: null,
    text: null,
    tweet_status: null,
    permalink: null,
  };
}

/** The fields a request may set on a reply (status and approvals are its post's). */
const writableReplyFields = Object.keys(twitterReplyCreateSchema.shape).filter(
  (key) => !(key in postOnlyReplyFields),
);

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A thread's replies as sent: each gets an id and its order. `replies` replaces the whole thread,
 * but a reply sent back as it is (same order, same writable fields) is the reply the thread
 * already had: it keeps its id, times, status and publishing results, so a client that sends back
 * the thread it read changes nothing.
 */
function buildReplies(db: DatabaseSync, old: Body[], sent: Body[], now: string): Body[] {
  const unclaimed = [...old];
  return sent
    .map((reply, index) => {
      const fields: Body = {
        ...replyDefaults(),
        ...reply,
        thread_order: typeof reply.thread_order === 'number' ? reply.thread_order : index + 1,
      };
      const kept = unclaimed.findIndex((item) =>
        writableReplyFields.every((key) => sameJson(item[key], fields[key])),
      );
      if (kept >= 0) return unclaimed.splice(kept, 1)[0]!;
      return { id: nextId(db), ...fields, created_at: now, updated_at: now } as Body;
    })
    .sort((a, b) => Number(a.thread_order) - Number(b.thread_order));
}

/** The location object behind a location id (the sandbox knows every place it is asked about). */
function locationOf(id: string): Body {
  return {
    id,
    is_verified: id.length % 2 === 0,
    link: `https://www.instagram.com/explore/locations/${encodeURIComponent(id)}/`,
    location: { city: 'Montreal', country: 'CA' },
    name: `Location ${id}`,
  };
}

export interface WriteOptions {
  db: DatabaseSync;
  channel: SchedulerChannel;
  now: Date;
}

/** Applies sent fields to a post (new or existing), then the derived fields and status rules. */
function apply(options: WriteOptions, post: StoredPost, body: Body, isNew: boolean): StoredPost {
  const { db, channel, now } = options;
  const stamp = isoSeconds(now);
  const { status, approval_requests, replies, ...fields } = body;
  for (const [key, value] of Object.entries(fields)) {
    post[key] = key === 'timestamp' || key === 'rss_publish_date' ? utc(value) : value;
  }
  if ('timestamp' in body && !('has_scheduled_time' in body))
    post.has_scheduled_time = post.timestamp !== null;
  if (
    post.approval_policy === 'APPROVAL_REQUIRED' &&
    !('num_of_approvals_required' in body) &&
    post.num_of_approvals_required === 0
  ) {
    post.num_of_approvals_required = 1;
  }
  if (Array.isArray(approval_requests)) {
    post.approval_requests = mergeApprovalRequests(db, post, channel, approval_requests as Body[], stamp);
  }
  const oldReplies = Array.isArray(post.replies) ? (post.replies as Body[]) : [];
  if (channel === 'twitter' && Array.isArray(replies))
    post.replies = buildReplies(db, oldReplies, replies as Body[], stamp);
  if (channel === 'instagram') {
    if (Array.isArray(fields.user_tags))
      post.user_tags = (fields.user_tags as Body[]).map((tag) => ({ ...tag, tag_type: 'USER' }));
    if (Array.isArray(fields.collaborators)) {
      post.collaborators = (fields.collaborators as Body[]).map((tag) => ({
        ...tag,
        tag_type: 'COLLABORATOR',
      }));
    }
    if ('location_id' in fields)
      post.location = typeof post.location_id === 'string' ? locationOf(post.location_id) : null;
  }
  const statusBefore = isNew ? undefined : post.status;
  const inputsChanged = [
    'timestamp',
    'approval_policy',
    'approval_requests',
    'num_of_approvals_required',
  ].some((key) => key in body);
  applyStatus(
    post,
    { requested: (status as SettablePostStatus | undefined) ?? (isNew ? 'DRAFT' : undefined), inputsChanged },
    now,
  );
  if (channel === 'twitter' && Array.isArray(post.replies)) {
    // A thread is published as one: its replies carry the post's status. A write that leaves the
    // status as it was leaves the replies' own as they were (a partly failed thread keeps which
    // reply failed); a new reply takes the post's.
    const follows = status !== undefined || post.status !== statusBefore;
    for (const reply of post.replies as Body[]) {
      if (!follows && oldReplies.includes(reply)) continue;
      reply.status = post.status;
      if (status !== undefined) {
        reply.auto_publish_error = null;
        reply.live_post_url = null;
      }
    }
  }
  post.updated_at = stamp;
  return post;
}

export function buildNewPost(options: WriteOptions, body: Body): StoredPost {
  const stamp = isoSeconds(options.now);
  const post = {
    id: nextId(options.db),
    brand_id: body.brand_id as number,
    ...commonDefaults(),
    ...channelDefaults[options.channel](),
    created_at: stamp,
    updated_at: stamp,
  } as StoredPost;
  return apply(options, post, body, true);
}

export function buildUpdatedPost(options: WriteOptions, existing: StoredPost, body: Body): StoredPost {
  return apply(options, structuredClone(existing), body, false);
}
