import type { Draft, DraftSummary } from '../../../shared/contract/index.ts';
import type { StoredDraft } from './draft-store.ts';
import { differingFields, previewOf, scheduledAtOf, writableFields } from './post-fields.ts';

/** A stored draft as the contract shows it: a list row, or the whole of it for the composer. */

const iso = (ms: number) => new Date(ms).toISOString();

export function toSummary(draft: StoredDraft): DraftSummary {
  return {
    id: draft.id,
    channel: draft.channel,
    brandId: draft.brandId,
    state: draft.state,
    error: draft.error,
    postId: draft.postId,
    baseUpdatedAt: draft.baseUpdatedAt,
    preview: previewOf(draft.fields),
    scheduledAt: scheduledAtOf(draft.fields),
    revision: draft.revision,
    createdAt: iso(draft.createdAt),
    updatedAt: iso(draft.updatedAt),
    syncedAt: draft.syncedAt === null ? null : iso(draft.syncedAt),
  };
}

export function toView(draft: StoredDraft): Draft {
  return { ...toSummary(draft), fields: draft.fields, conflict: conflictOf(draft) };
}

function conflictOf(draft: StoredDraft): Draft['conflict'] {
  if (draft.state !== 'conflict' || draft.remote === undefined) return null;
  const base = draft.baseFields;
  // A field the draft never set is sent as it was, so "mine" reads it from the base.
  const mine = { ...base, ...draft.fields };
  const remote = draft.remote === null ? null : writableFields(draft.channel, draft.remote);
  const updatedAt = draft.remote?.updated_at;
  return {
    mine,
    remote,
    remotePost: draft.remote,
    remoteUpdatedAt: typeof updatedAt === 'string' ? updatedAt : null,
    base,
    differing: differingFields(mine, remote ?? {}),
  };
}
