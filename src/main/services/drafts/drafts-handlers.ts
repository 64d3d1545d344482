import { randomUUID } from 'node:crypto';
import { ContractCallError, type draftsCalls, type DraftFields } from '../../../shared/contract/index.ts';
import type { HandlerMap } from '../dispatch.ts';
import {
  countByState,
  deleteDraft,
  DraftRefusal,
  insertDraft,
  listDrafts,
  requireDraft,
  saveDraft,
  workingDraftOfPost,
  type StoredDraft,
} from './draft-store.ts';
import { toSummary, toView } from './draft-views.ts';
import type { DraftsService, ProfileDrafts } from './drafts-service.ts';
import * as queue from './outbox-queue.ts';
import { createBody, updateBody, validBody, writableFields } from './post-fields.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';

/** The Drafts area's calls, on the active profile's drafts (but `drafts:unsynced-count`). */
export function createDraftsHandlers(
  drafts: Pick<DraftsService, 'active' | 'schedulerOf' | 'unsynced'>,
  now: () => number = Date.now,
): HandlerMap<typeof draftsCalls> {
  /** Runs `work` on the active profile's drafts; its refusals leave through dispatch as they are. */
  async function withDrafts<T>(work: (profile: ProfileDrafts) => T): Promise<T> {
    const profile = drafts.active();
    if (!profile) throw noActiveProfile();
    return work(profile);
  }

  /** A draft changed outside the outbox: the renderer hears of it, and the counts may have moved. */
  function changed({ outbox }: ProfileDrafts, id: string) {
    outbox.draftChanged(id);
  }

  return {
    'drafts:list': ({ query, offset, limit }) =>
      withDrafts(({ db }) => {
        const { count, items } = listDrafts(db, query, offset, limit);
        return { count, items: items.map(toSummary) };
      }),

    'drafts:get': ({ id }) => withDrafts(({ db }) => toView(requireDraft(db, id))),

    'drafts:create': ({ channel, brandId, fields, post }) =>
      withDrafts((profile) => {
        if (post && typeof post.brand_id === 'number' && post.brand_id !== brandId) {
          throw new DraftRefusal('invalid_input', 'The post belongs to another brand.', 'brandId');
        }
        const base = post && {
          postId: post.id,
          updatedAt: post.updated_at,
          fields: writableFields(channel, post),
        };
        const draft = insertDraft(
          profile.db,
          { id: randomUUID(), channel, brandId, fields: { ...base?.fields, ...fields }, base },
          now(),
        );
        changed(profile, draft.id);
        return toView(draft);
      }),

    'drafts:from-post': async ({ channel, postId }, { signal, lane }) => {
      const profile = drafts.active();
      if (!profile) throw noActiveProfile();
      const working = workingDraftOfPost(profile.db, channel, postId);
      if (working) return toView(working);
      const post = await drafts.schedulerOf(profile.profileId).get(channel, postId, {}, { signal, lane });
      return withDrafts(() => {
        // Opened twice at once: the first answer's draft is the one both get.
        const raced = workingDraftOfPost(profile.db, channel, postId);
        if (raced) return toView(raced);
        const draft = insertDraft(
          profile.db,
          {
            id: randomUUID(),
            channel,
            brandId: post.brand_id,
            fields: writableFields(channel, post),
            base: { postId: post.id, updatedAt: post.updated_at, fields: writableFields(channel, post) },
          },
          now(),
        );
        changed(profile, draft.id);
        return toView(draft);
      });
    },

    'drafts:post': async ({ id }, { signal, lane }) => {
      const profile = drafts.active();
      if (!profile) throw noActiveProfile();
      const draft = await withDrafts(({ db }) => requireDraft(db, id));
      if (draft.postId === null) return { post: null };
      const scheduler = drafts.schedulerOf(profile.profileId);
      return { post: await scheduler.get(draft.channel, draft.postId, {}, { signal, lane }) };
    },

    'drafts:save': ({ id, fields, brandId }) =>
      withDrafts((profile) => {
        const draft = saveDraft(profile.db, id, { fields, brandId }, now());
        changed(profile, id);
        return toSummary(draft);
      }),

    'drafts:delete': ({ id }) =>
      withDrafts((profile) => {
        const deleted = deleteDraft(profile.db, id);
        if (deleted) changed(profile, id);
        return { deleted };
      }),

    'drafts:sync': ({ id }) =>
      withDrafts((profile) => {
        const current = requireDraft(profile.db, id);
        // Refused by the shared schemas: failed at once, with the field errors, no request made.
        // (A draft already in line is checked when sent; one in conflict is refused by enqueue.)
        const waiting = ['queued', 'syncing', 'conflict'].includes(current.state);
        const refusal = waiting ? undefined : refusalOf(current);
        if (refusal) queue.fail(profile.db, id, refusal);
        else queue.enqueue(profile.db, id, now());
        changed(profile, id);
        if (!refusal) profile.outbox.kick({ now: true });
        return toSummary(requireDraft(profile.db, id));
      }),

    'drafts:retry': ({ ids }) =>
      withDrafts((profile) => {
        const queued = queue.requeueFailed(profile.db, ids, now());
        for (const id of queued) changed(profile, id);
        profile.outbox.kick({ now: true });
        return { queued: queued.length };
      }),

    'drafts:resolve': ({ id, fields, remoteUpdatedAt }) =>
      withDrafts((profile) => {
        const draft = requireDraft(profile.db, id);
        const remote = draft.remote;
        const seen = remote === undefined ? undefined : remote === null ? null : remote.updated_at;
        if (draft.state !== 'conflict' || seen !== remoteUpdatedAt) {
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
        queue.resolve(profile.db, id, fields, over, now());
        changed(profile, id);
        profile.outbox.kick({ now: true });
        return toSummary(requireDraft(profile.db, id));
      }),

    'drafts:status': () =>
      withDrafts(({ db, outbox }) => ({
        connection: outbox.connection(),
        progress: outbox.progress(),
        counts: countByState(db),
      })),

    'drafts:unsynced-count': async ({ profileId }) => {
      const unsynced = await drafts.unsynced(profileId);
      if (unsynced) return unsynced;
      throw new ContractCallError({
        code: 'not_found',
        message: 'This profile no longer exists.',
        fieldErrors: {},
      });
    },
  };
}

/** What the shared schemas say of the body the draft's sync would send; undefined when fine. */
function refusalOf(draft: StoredDraft) {
  const body: DraftFields =
    draft.postId === null
      ? createBody(draft.fields, draft.brandId, draft.id)
      : updateBody(draft.fields, draft.baseFields ?? {});
  const checked = validBody(draft.channel, draft.postId === null ? 'create' : 'update', body);
  return checked.ok ? undefined : checked.error;
}
