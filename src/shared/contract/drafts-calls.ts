import { z } from 'zod';
import { idSchema, schedulerChannelSchema } from '../domain/index.ts';
import { listInput, listOutput } from './call-spec.ts';
import { contractErrorSchema } from './errors.ts';

/**
 * Calls and events of the Drafts area (issue 15): drafts of scheduled posts kept in the active
 * profile's local database, written with or without a connection, and the outbox that sends them
 * to the service.
 *
 * A draft's `fields` are the post's request body in the service's own names (`text`, `timestamp`,
 * `media_ids`, ... of conventions §7), without `brand_id` and `source_id`, which the draft owns.
 * They are saved as they are, half-written or not; the shared create/update schemas check them
 * when the draft is synced. On an update only the fields that differ from the version the draft
 * started from are sent; a field left out is left as it is on the service, so to clear one set it
 * to null (or [] for a list).
 */

/**
 * - local: saved on this computer only (or changed since its last sync);
 * - queued: waiting in the outbox; syncing: being sent now;
 * - synced: the service has this version (`postId` names the post);
 * - conflict: the service's copy changed since the draft started; see `conflict`, then resolve;
 * - failed: the service (or the shared schemas) refused it; `error` says why, retry after a fix.
 */
export const draftStates = ['local', 'queued', 'syncing', 'synced', 'conflict', 'failed'] as const;
export const draftStateSchema = z.enum(draftStates);
export type DraftState = z.infer<typeof draftStateSchema>;

/** A JSON object of post fields, in the service's field names. */
export const draftFieldsSchema = z.record(z.string(), z.unknown());
export type DraftFields = z.output<typeof draftFieldsSchema>;

export const draftIdSchema = z.uuid();

/** A draft as lists show it. Times are ISO 8601 (UTC) strings. */
export const draftSummarySchema = z.object({
  /** Also the post's `source_id` on the service. */
  id: draftIdSchema,
  channel: schedulerChannelSchema,
  brandId: idSchema,
  state: draftStateSchema,
  /** Why it failed: `fieldErrors` are keyed by field path (`text`, `replies.1.text`). */
  error: contractErrorSchema.nullable(),
  /** The service's post: the one the draft edits, or the one its first sync created. */
  postId: idSchema.nullable(),
  /** The post's `updated_at` the draft started from (or last synced); null for a new post. */
  baseUpdatedAt: z.string().nullable(),
  /** The start of its text (or caption), for a list row. */
  preview: z.string(),
  /** The `timestamp` field when it holds one: when the post is to be published. */
  scheduledAt: z.string().nullable(),
  /** Goes up by one at every save. */
  revision: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
  syncedAt: z.string().nullable(),
});
export type DraftSummary = z.output<typeof draftSummarySchema>;

/**
 * Both versions of a post in conflict, for a side-by-side choice field by field. `mine` is the
 * draft's version (a field the draft never set reads as the base's value), `remote` is the
 * service's current copy in request form (the same field names and shapes as `fields`), null
 * when the post was deleted there (resolving then creates it again); `remotePost` is that copy
 * as read (status, live_post_url, ...); `base` is the version the draft started from, so the
 * view can tell who changed what; `differing` names the fields where mine and theirs differ.
 */
export const draftConflictSchema = z.object({
  /** The draft's version as it would be sent: the base, with the draft's fields over it. */
  mine: draftFieldsSchema,
  remote: draftFieldsSchema.nullable(),
  remotePost: draftFieldsSchema.nullable(),
  remoteUpdatedAt: z.string().nullable(),
  base: draftFieldsSchema.nullable(),
  differing: z.array(z.string()),
});
export type DraftConflict = z.output<typeof draftConflictSchema>;

export const draftSchema = draftSummarySchema.extend({
  fields: draftFieldsSchema,
  /** Set while the state is `conflict`. */
  conflict: draftConflictSchema.nullable(),
});
export type Draft = z.output<typeof draftSchema>;

export const draftListQuerySchema = z.object({
  /** Words that must all appear in the draft's texts (case-insensitive). */
  search: z.string().max(500).default(''),
  states: z.array(draftStateSchema).max(draftStates.length).optional(),
  channels: z.array(schedulerChannelSchema).max(5).optional(),
  brandIds: z.array(idSchema).max(100).optional(),
});

/** A draft of a post that exists on the service: the post as read (any channel's post object). */
export const draftSourcePostSchema = z.looseObject({ id: idSchema, updated_at: z.string().min(1) });

/**
 * Whether the service answers, as the outbox last found it; `retryAt` is its next attempt.
 * `no_token`: the profile has no token (a session-only one is forgotten at a restart), so the
 * outbox holds its queued drafts, unsent, until one is entered in Settings.
 */
export const outboxConnectionSchema = z.object({
  state: z.enum(['unknown', 'online', 'offline', 'no_token']),
  /** Local UNIX milliseconds of the next attempt while waiting; null when not waiting. */
  retryAt: z.number().nullable(),
});
export type OutboxConnection = z.output<typeof outboxConnectionSchema>;

/**
 * pending: drafts queued or syncing; done: drafts synced since the outbox last had nothing to do;
 * failed: drafts that need the person (failed or in conflict).
 */
export const syncProgressSchema = z.object({
  pending: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});
export type SyncProgress = z.output<typeof syncProgressSchema>;

const byId = z.object({ id: draftIdSchema });

/** The answer of a change of a draft's fields: the revision that holds them now. */
export const draftSavedSchema = z.object({ revision: z.number().int().min(1) });

/**
 * A profile's drafts the service does not have as saved here: every state but synced. `failed`
 * and `conflict` are among `count`: the ones that need the person before they can go.
 */
export const unsyncedDraftsSchema = z.object({
  count: z.number().int().min(0),
  failed: z.number().int().min(0),
  conflict: z.number().int().min(0),
});
export type UnsyncedDrafts = z.output<typeof unsyncedDraftsSchema>;

export const draftsCalls = {
  /** The active profile's drafts, most recently saved first. */
  'drafts:list': {
    input: listInput(draftListQuerySchema.default({ search: '' })),
    output: listOutput(draftSummarySchema),
  },
  'drafts:get': { input: byId, output: draftSchema },
  /**
   * Starts a draft, online or not. With `post`, a draft of that existing post: its fields are
   * the post's, and its `updated_at` is remembered; `fields` then overrides some of them.
   */
  'drafts:create': {
    input: z.object({
      channel: schedulerChannelSchema,
      brandId: idSchema,
      fields: draftFieldsSchema.default({}),
      post: draftSourcePostSchema.optional(),
    }),
    output: draftSchema,
  },
  /**
   * Opens a draft of an existing post by its id (the calendar's "edit"): the draft of that post
   * still being worked on (any state but synced) when there is one, so two drafts never race for
   * one post; otherwise a new draft started from the post as the service has it now (read through
   * the rate gate, so this one needs a connection).
   */
  'drafts:from-post': {
    input: z.object({ channel: schedulerChannelSchema, postId: idSchema }),
    output: draftSchema,
  },
  /**
   * The service's copy of the post a draft edits, as read now (status, approval requests with
   * their states, live_post_url, ...); null for a draft of a new post. Needs a connection.
   */
  'drafts:post': {
    input: byId,
    output: z.object({ post: draftFieldsSchema.nullable() }),
  },
  /**
   * Saves the whole of a draft's fields (one transaction; call it within a second of an edit).
   * The brand may change until the draft has a post. A queued draft stays queued and a syncing
   * one is sent again with these fields; a synced one becomes local; failed and conflict stay.
   * Answers the revision saved; the draft as it is now comes by `drafts:changed`, like every
   * other change of it, so a composer hears each change once and in order.
   */
  'drafts:save': {
    input: z.object({ id: draftIdSchema, fields: draftFieldsSchema, brandId: idSchema.optional() }),
    output: draftSavedSchema,
  },
  'drafts:delete': { input: byId, output: z.object({ deleted: z.boolean() }) },
  /**
   * Queues a draft for the service (online or not). Fields the shared schemas refuse make it
   * `failed` at once, with field errors (`queued` false; the draft and its reasons come by
   * `drafts:changed`). Refused (`conflict`) while in conflict: resolve instead.
   */
  'drafts:sync': { input: byId, output: z.object({ queued: z.boolean() }) },
  /** Queues failed drafts again (those named, or every failed one) and tries at once. */
  'drafts:retry': {
    input: z.object({ ids: z.array(draftIdSchema).max(10_000).optional() }).default({}),
    output: z.object({ queued: z.number().int() }),
  },
  /**
   * Ends a conflict: `fields` are the chosen merge, sent over the service's current copy
   * (`remoteUpdatedAt`, as `conflict.remoteUpdatedAt` showed it: refused with `conflict` when
   * the draft's conflict is not that one any more). The draft is queued again with the merge as
   * its fields: answers that revision (the draft comes by `drafts:changed`).
   */
  'drafts:resolve': {
    input: z.object({
      id: draftIdSchema,
      fields: draftFieldsSchema,
      remoteUpdatedAt: z.string().nullable(),
    }),
    output: draftSavedSchema,
  },
  /** The outbox of the active profile: connection, progress and drafts per state. */
  'drafts:status': {
    input: z.undefined(),
    output: z.object({
      connection: outboxConnectionSchema,
      progress: syncProgressSchema,
      counts: z.record(draftStateSchema, z.number().int()),
    }),
  },
  /**
   * The drafts of any profile (not only the active one) that are not on the service yet, so
   * removing a profile can say what it deletes with it. A profile without a database answers
   * zeros (none is created); one that does not exist, `not_found`.
   */
  'drafts:unsynced-count': {
    input: z.object({ profileId: z.string().min(1) }),
    output: unsyncedDraftsSchema,
  },
} as const;

/**
 * Events of the Drafts area, all about the active profile's drafts. `drafts:changed` is the one
 * way a draft's new state reaches the renderer: main sends one for every change (a save, a sync,
 * each step of the outbox, a delete), in the order they happened; the calls only acknowledge.
 */
export const draftsEvents = {
  /** Progress of the drafts outbox sync (at most ten a second; the last one always comes). */
  'sync:progress': syncProgressSchema,
  /** A draft was created, saved, changed state or was deleted (`draft` null). */
  'drafts:changed': z.object({ id: draftIdSchema, draft: draftSummarySchema.nullable() }),
  /** The outbox found the service reachable or not (for the online/offline indicator). */
  'drafts:connection': outboxConnectionSchema,
} as const;
