import type { DatabaseSync } from 'node:sqlite';
import type { ContractError, DraftFields } from '../../../shared/contract/index.ts';
import { ApiError } from '../api/api-error.ts';
import type { SchedulerApi } from '../api/scheduler.ts';
import type { StoredDraft } from './draft-store.ts';
import { earlierSend, mustLookFirst } from './lookup-before-resend.ts';
import * as queue from './outbox-queue.ts';
import type { OutboxEntry } from './outbox-queue.ts';
import { createBody, holdsValues, updateBody, validBody, writableFields } from './post-fields.ts';

/** A post as the service answers it. */
export type ServicePost = Record<string, unknown> & { id: number; updated_at: string };

/** What was sent: the draft's revision and fields at the time. */
export interface Sent {
  revision: number;
  fields: DraftFields;
}

/** What sending a draft needs from the outbox: its database, the service, and its bookkeeping. */
export interface SendContext {
  db: DatabaseSync;
  api: SchedulerApi;
  request: { lane: 'background'; signal: AbortSignal };
  /** Drafts in line when the outbox started (see lookup-before-resend.ts). */
  inLineAtStart: Set<string>;
  /** Any answer of the service: it is reachable. */
  answered(): void;
  changed(id: string): void;
  /** The service has the draft's version `sent` as `post`. */
  succeeded(draft: StoredDraft, post: ServicePost, sent: Sent): void;
  refused(draft: StoredDraft, error: ContractError): void;
}

/**
 * Sends one draft once: a new post (after looking for an earlier POST of it), or the changes of
 * an existing one. Throws what the service or the client threw, for attempt-failure.ts to judge.
 */
export function sendDraft(entry: OutboxEntry, context: SendContext): Promise<void> {
  const { postId } = entry.draft;
  return postId === null ? sendCreate(entry, context) : sendUpdate(entry, context, postId);
}

async function sendCreate(entry: OutboxEntry, context: SendContext): Promise<void> {
  const { db, api, request } = context;
  const { draft } = entry;
  if (mustLookFirst(entry, context.inLineAtStart)) {
    // An earlier POST may have reached the service: look before sending another.
    queue.startAttempt(db, draft.id);
    context.changed(draft.id);
    const found = await answer(context, api.findBySourceId(draft.channel, draft.brandId, draft.id, request));
    context.inLineAtStart.delete(draft.id);
    if (found) return context.succeeded(draft, found, earlierSend(entry));
  }
  const body = validBody(draft.channel, 'create', createBody(draft.fields, draft.brandId, draft.id));
  if (!body.ok) return context.refused(draft, body.error);
  const sent = { revision: draft.revision, fields: draft.fields };
  queue.recordSend(db, draft.id, 'create', sent);
  context.changed(draft.id);
  const post = await answer(context, api.create(draft.channel, body.value as never, request));
  context.succeeded(draft, post, sent);
}

/**
 * Never silently over another version: an update first reads the post; when its `updated_at`
 * moved since the draft started (and not by our own earlier PATCH), the draft goes to `conflict`
 * with both versions kept. (The interface has no conditional PATCH, so an edit landing between
 * that read and the PATCH cannot be seen; the window is one round trip. After a power cut lost the
 * note of our own PATCH, that PATCH reads as someone else's: a conflict of two equal versions.)
 */
async function sendUpdate(entry: OutboxEntry, context: SendContext, postId: number): Promise<void> {
  const { db, api, request } = context;
  const { draft } = entry;
  queue.startAttempt(db, draft.id);
  context.changed(draft.id);
  const remote = await read(context, draft, postId);
  if (!remote) return;
  const base = draft.baseFields ?? {};
  if (!sameInstant(remote.updated_at, draft.baseUpdatedAt)) {
    const ours =
      entry.updatePending &&
      entry.sentFields !== null &&
      holdsValues(writableFields(draft.channel, remote), updateBody(entry.sentFields, base));
    // Our own PATCH, whose answer never came, moved it: that attempt succeeded.
    if (ours)
      return context.succeeded(draft, remote, { revision: entry.sentRevision!, fields: entry.sentFields! });
    queue.conflict(db, draft.id, remote);
    return context.changed(draft.id);
  }
  const changes = updateBody(draft.fields, base);
  const sent = { revision: draft.revision, fields: draft.fields };
  if (Object.keys(changes).length === 0) return context.succeeded(draft, remote, sent);
  const body = validBody(draft.channel, 'update', changes);
  if (!body.ok) return context.refused(draft, body.error);
  queue.recordSend(db, draft.id, 'update', sent);
  context.changed(draft.id);
  let post;
  try {
    post = await answer(context, api.update(draft.channel, postId, body.value as never, request));
  } catch (error) {
    if (!isNotFound(error)) throw error;
    queue.conflict(db, draft.id, null); // deleted between our read and our PATCH
    return context.changed(draft.id);
  }
  context.succeeded(draft, post, sent);
}

/** The post as the service has it now; undefined (and the draft in conflict) when deleted. */
async function read(context: SendContext, draft: StoredDraft, postId: number) {
  try {
    return (await answer(
      context,
      context.api.get(draft.channel, postId, {}, context.request),
    )) as ServicePost;
  } catch (error) {
    if (!isNotFound(error)) throw error;
    queue.conflict(context.db, draft.id, null);
    context.changed(draft.id);
    return undefined;
  }
}

/** Any answer of the service: it is reachable. */
async function answer<T>(context: SendContext, request: Promise<T>): Promise<T> {
  const answered = await request;
  context.answered();
  return answered;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404;
}

function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a === b || Date.parse(a) === Date.parse(b);
}
