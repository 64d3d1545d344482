import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { Draft, DraftFields, DraftSummary, UnsyncedDrafts } from '../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../shared/domain/index.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';
import type { CallContext } from '../dispatch.ts';
import { transaction } from '../storage/transaction.ts';
import {
  countByState,
  deleteDraft,
  DraftRefusal,
  getDraft,
  insertDraft,
  listDrafts,
  requireDraft,
  saveDraft,
  workingDraftOfPost,
  type DraftListQuery,
  type StoredDraft,
} from './draft-store.ts';
import { toSummary, toView } from './draft-views.ts';
import * as queue from './outbox-queue.ts';
import { createBody, updateBody, validBody, writableFields } from './post-fields.ts';
import { createProfileOutboxes, type ProfileDrafts, type ProfileOutboxesDeps } from './profile-outboxes.ts';

export type { ProfileDrafts };

export interface DraftsServiceDeps extends Omit<ProfileOutboxesDeps, 'onDraftChanged'> {
  /** Local time for the drafts' own timestamps (tests name one). */
  now?: () => number;
}

/**
 * The drafts, and every rule about them: saving, checking a draft against the shared schemas
 * before it goes, queueing it, ending a conflict, deleting it; over the drafts database
 * (draft-store, outbox-queue), the post fields and each profile's outbox (profile-outboxes).
 *
 * It tells of every change of a draft itself: one `drafts:changed` per change, whoever made it
 * (a call here, or a step of the outbox), about the active profile's drafts. That event is the
 * one way a draft's new state reaches the renderer; the calls that change a draft answer only
 * what their caller needs (the revision saved, whether it was queued), so a composer never hears
 * one change twice, by two roads that may arrive in either order.
 */
export function createDraftsService(deps: DraftsServiceDeps) {
  const now = deps.now ?? Date.now;
  const outboxes = createProfileOutboxes({ ...deps, onDraftChanged: announce });

  /** Tells the renderer of a change of the active profile's draft (null: it was deleted). */
  function announce({ profileId, db }: ProfileDrafts, id: string): void {
    if (deps.activeProfileId() !== profileId || !db.isOpen) return;
    const draft = getDraft(db, id);
    deps.events.emit('drafts:changed', { id, draft: draft ? toSummary(draft) : null });
  }

  /** A change made here rather than by the outbox: told, and the outbox's counts may have moved. */
  function changed(profile: ProfileDrafts, id: string): void {
    announce(profile, id);
    profile.outbox.recount();
  }

  /** The active profile's drafts; refused (through dispatch) without one. */
  function active(): ProfileDrafts {
    const profile = outboxes.active();
    if (!profile) throw noActiveProfile();
    return profile;
  }

  function newDraft(
    profile: ProfileDrafts,
    draft: { channel: SchedulerChannel; brandId: number; fields: DraftFields; post?: SourcePost },
  ): Draft {
    const { channel, post } = draft;
    const base = post && {
      postId: post.id,
      updatedAt: post.updated_at,
      fields: writableFields(channel, post),
    };
    const stored = insertDraft(
      profile.db,
      {
        id: randomUUID(),
        channel,
        brandId: draft.brandId,
        fields: { ...base?.fields, ...draft.fields },
        base,
      },
      now(),
    );
    changed(profile, stored.id);
    return toView(stored);
  }

  return {
    ...outboxes,

    list(query: DraftListQuery, offset: number, limit: number): { count: number; items: DraftSummary[] } {
      const { count, items } = listDrafts(active().db, query, offset, limit);
      return { count, items: items.map(toSummary) };
    },

    get(id: string): Draft {
      return toView(requireDraft(active().db, id));
    },

    /** A new draft; with `post`, of that post (its fields under `fields`, its version remembered). */
    create(input: {
      channel: SchedulerChannel;
      brandId: number;
      fields: DraftFields;
      post?: SourcePost;
    }): Draft {
      const profile = active();
      if (input.post && typeof input.post.brand_id === 'number' && input.post.brand_id !== input.brandId) {
        throw new DraftRefusal('invalid_input', 'The post belongs to another brand.', 'brandId');
      }
      return newDraft(profile, input);
    },

    /** The draft of that post still being worked on, or a new one from the post as read now. */
    async fromPost(channel: SchedulerChannel, postId: number, request: CallContext): Promise<Draft> {
      const profile = active();
      const working = workingDraftOfPost(profile.db, channel, postId);
      if (working) return toView(working);
      const post = (await deps
        .schedulerOf(profile.profileId)
        .get(channel, postId, {}, request)) as SourcePost;
      active(); // still a profile to write it in
      // Opened twice at once: the first answer's draft is the one both get.
      const raced = workingDraftOfPost(profile.db, channel, postId);
      if (raced) return toView(raced);
      return newDraft(profile, { channel, brandId: post.brand_id as number, fields: {}, post });
    },

    /** The service's copy of the post a draft edits, as read now; null for a new post. */
    async post(id: string, request: CallContext): Promise<{ post: Record<string, unknown> | null }> {
      const profile = active();
      const draft = requireDraft(profile.db, id);
      if (draft.postId === null) return { post: null };
      const scheduler = deps.schedulerOf(profile.profileId);
      return { post: await scheduler.get(draft.channel, draft.postId, {}, request) };
    },

    /**
     * Many new drafts at once (an import), each queued for the service, in one transaction with
     * what `alsoWrite` adds to it (the import's own note): all of them are written, or none.
     * Answers their ids; each is told of as any new draft is, and the outbox starts on them.
     */
    createQueued(
      inputs: ReadonlyArray<{ channel: SchedulerChannel; brandId: number; fields: DraftFields }>,
      alsoWrite?: (db: DatabaseSync) => void,
    ): string[] {
      const profile = active();
      const at = now();
      const ids = transaction(profile.db, () => {
        const made = inputs.map(({ channel, brandId, fields }) => {
          const id = randomUUID();
          insertDraft(profile.db, { id, channel, brandId, fields }, at);
          queue.enqueue(profile.db, id, at);
          return id;
        });
        alsoWrite?.(profile.db);
        return made;
      });
      for (const id of ids) announce(profile, id);
      profile.outbox.recount();
      profile.outbox.kick();
      return ids;
    },

    save(input: { id: string; fields: DraftFields; brandId?: number }): { revision: number } {
      const profile = active();
      const draft = saveDraft(profile.db, input.id, { fields: input.fields, brandId: input.brandId }, now());
      changed(profile, input.id);
      return { revision: draft.revision };
    },

    remove(id: string): { deleted: boolean } {
      const profile = active();
      const deleted = deleteDraft(profile.db, id);
      if (deleted) changed(profile, id);
      return { deleted };
    },

    /**
     * Puts a draft in line for the service, or fails it at once when the shared schemas refuse
     * what its sync would send (with their field errors, no request made). A draft already in
     * line is checked when sent; one in conflict is refused by enqueue.
     */
    sync(id: string): { queued: boolean } {
      const profile = active();
      const current = requireDraft(profile.db, id);
      const waiting = ['queued', 'syncing', 'conflict'].includes(current.state);
      const refusal = waiting ? undefined : refusalOf(current);
      if (refusal) queue.fail(profile.db, id, refusal);
      else queue.enqueue(profile.db, id, now());
      changed(profile, id);
      if (!refusal) profile.outbox.kick({ now: true });
      return { queued: !refusal };
    },

    /** Failed drafts in line again (those named, or every one), and the outbox tries at once. */
    retry(ids: readonly string[] | undefined): { queued: number } {
      const profile = active();
      const queued = queue.requeueFailed(profile.db, ids, now());
      for (const id of queued) changed(profile, id);
      profile.outbox.kick({ now: true });
      return { queued: queued.length };
    },

    /**
     * Ends a conflict with the person's merge, sent over the service's copy they compared with
     * (`remoteUpdatedAt`): refused when the conflict is not that one any more.
     */
    resolve(input: { id: string; fields: DraftFields; remoteUpdatedAt: string | null }): {
      revision: number;
    } {
      const profile = active();
      const draft = requireDraft(profile.db, input.id);
      const remote = draft.remote;
      const seen = remote === undefined ? undefined : remote === null ? null : remote.updated_at;
      if (draft.state !== 'conflict' || seen !== input.remoteUpdatedAt) {
        throw new DraftRefusal(
          'conflict',
          draft.state === 'conflict'
            ? 'The post changed again on the service: compare the versions once more.'
            : 'This draft is not in conflict any more.',
        );
      }
      const over =
        remote && typeof remote.updated_at === 'string'
          ? { fields: writableFields(draft.channel, remote), updatedAt: remote.updated_at }
          : null;
      queue.resolve(profile.db, input.id, input.fields, over, now());
      changed(profile, input.id);
      profile.outbox.kick({ now: true });
      return { revision: requireDraft(profile.db, input.id).revision };
    },

    /** The active profile's outbox: connection, progress and drafts per state. */
    status() {
      const { db, outbox } = active();
      return { connection: outbox.connection(), progress: outbox.progress(), counts: countByState(db) };
    },

    /**
     * The drafts of any profile that the service does not have yet; refused for a profile that
     * does not exist. Its outbox is not started for this, and a profile that never had a database
     * answers zeros rather than getting an empty one.
     */
    async unsynced(profileId: string): Promise<UnsyncedDrafts> {
      if (!(await deps.profileIds()).includes(profileId)) {
        throw new DraftRefusal('not_found', 'This profile no longer exists.');
      }
      if (!existsSync(deps.databases.pathOf(profileId))) return { count: 0, failed: 0, conflict: 0 };
      const { local, queued, syncing, conflict, failed } = countByState(deps.databases.open(profileId));
      return { count: local + queued + syncing + conflict + failed, failed, conflict };
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;

/** A post a draft starts from, as read from the service (any channel's post object). */
type SourcePost = Record<string, unknown> & { id: number; updated_at: string };

/** What the shared schemas say of the body the draft's sync would send; undefined when fine. */
function refusalOf(draft: StoredDraft) {
  const body: DraftFields =
    draft.postId === null
      ? createBody(draft.fields, draft.brandId, draft.id)
      : updateBody(draft.fields, draft.baseFields ?? {});
  const checked = validBody(draft.channel, draft.postId === null ? 'create' : 'update', body);
  return checked.ok ? undefined : checked.error;
}
