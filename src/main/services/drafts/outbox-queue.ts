import type { DatabaseSync } from 'node:sqlite';
import type { ContractError, DraftFields } from '../../../shared/contract/index.ts';
import { transaction } from '../storage/transaction.ts';
import { DraftRefusal, getDraft, prepared, requireDraft, type StoredDraft } from './draft-store.ts';
import { searchText } from './post-fields.ts';

/**
 * The outbox table and every state change of a draft on its way to the service, each one
 * transaction. The outbox (outbox.ts) decides; this file writes, so the state machine's
 * steps are all here:
 *
 *   local/failed/synced --enqueue--> queued --begin--> syncing --succeed--> synced
 *                                      ^                  |  \--conflict--> conflict --resolve--> queued
 *                                      +----- wait -------+   \--fail-----> failed  --enqueue--> queued
 *
 * A save while syncing makes `succeed` queue the draft again (its newer fields go next).
 */

/**
 * Writes the outbox's own progress without waiting for the disk (synchronous = NORMAL): still
 * kept when the app is killed, as the operating system has it; only a power cut or an OS crash
 * can lose the last few. So a sync of many drafts does not stall the main process on one fsync
 * a step. Nothing the person did is written this way (saves, queueing and resolving keep FULL),
 * and a lost step can cause no harm: see `inLineAtStart` in outbox.ts.
 */
function bookkeeping<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return transaction(db, work); // part of a caller's transaction
  const { synchronous } = prepared(db, 'PRAGMA synchronous').get() as { synchronous: number };
  db.exec('PRAGMA synchronous = NORMAL');
  try {
    return transaction(db, work);
  } finally {
    db.exec(`PRAGMA synchronous = ${synchronous}`);
  }
}

export interface OutboxEntry {
  seq: number;
  draft: StoredDraft;
  /** The revision and fields of the last send (in flight, or cut off by a crash). */
  sentRevision: number | null;
  sentFields: DraftFields | null;
  createPending: boolean;
  updatePending: boolean;
  /** Sends so far (POSTs and PATCHes). */
  attempts: number;
}

interface OutboxRow {
  seq: number;
  draft_id: string;
  sent_revision: number | null;
  sent_fields: string | null;
  create_pending: number;
  update_pending: number;
  attempts: number;
}

/** The first draft in line, or undefined when the outbox is empty. */
export function nextEntry(db: DatabaseSync): OutboxEntry | undefined {
  const row = prepared(
    db,
    'SELECT seq, draft_id, sent_revision, sent_fields, create_pending, update_pending, attempts FROM outbox ORDER BY seq LIMIT 1',
  ).get() as OutboxRow | undefined;
  if (!row) return undefined;
  const draft = getDraft(db, row.draft_id);
  if (!draft) return undefined; // cannot be: the row goes with the draft (ON DELETE CASCADE)
  return {
    seq: row.seq,
    draft,
    sentRevision: row.sent_revision,
    sentFields: row.sent_fields === null ? null : (JSON.parse(row.sent_fields) as DraftFields),
    createPending: row.create_pending === 1,
    updatePending: row.update_pending === 1,
    attempts: row.attempts,
  };
}

function setState(
  db: DatabaseSync,
  id: string,
  state: StoredDraft['state'],
  error: ContractError | null = null,
) {
  prepared(db, 'UPDATE drafts SET state = ?, error = ? WHERE id = ?').run(
    state,
    error === null ? null : JSON.stringify(error),
    id,
  );
}

function addToOutbox(db: DatabaseSync, id: string, now: number) {
  prepared(db, 'INSERT OR IGNORE INTO outbox (draft_id, queued_at) VALUES (?, ?)').run(id, now);
}

function removeFromOutbox(db: DatabaseSync, id: string) {
  prepared(db, 'DELETE FROM outbox WHERE draft_id = ?').run(id);
}

/**
 * Puts a draft in line (at the end). A queued or syncing draft stays where it is; one in conflict
 * is refused, since sending it would overwrite the other version: it is resolved instead.
 */
export function enqueue(db: DatabaseSync, id: string, now: number): StoredDraft {
  return transaction(db, () => {
    const draft = requireDraft(db, id);
    if (draft.state === 'conflict') {
      throw new DraftRefusal(
        'conflict',
        'The post changed on the service since this draft started: choose between the two versions first.',
      );
    }
    if (draft.state !== 'queued' && draft.state !== 'syncing') {
      setState(db, id, 'queued');
      addToOutbox(db, id, now);
    }
    return requireDraft(db, id);
  });
}

/** Puts failed drafts in line again: those named, or every failed one. Answers their ids. */
export function requeueFailed(db: DatabaseSync, ids: readonly string[] | undefined, now: number): string[] {
  return transaction(db, () => {
    const failed = ids
      ? ids.filter((id) => getDraft(db, id)?.state === 'failed')
      : (
          prepared(db, "SELECT id FROM drafts WHERE state = 'failed' ORDER BY updated_at").all() as Array<{
            id: string;
          }>
        ).map((row) => row.id);
    for (const id of failed) {
      setState(db, id, 'queued');
      addToOutbox(db, id, now);
    }
    return failed;
  });
}

/** An attempt starts (with a read first): the draft shows as syncing. */
export function startAttempt(db: DatabaseSync, id: string): void {
  bookkeeping(db, () => setState(db, id, 'syncing'));
}

/**
 * A POST or PATCH is about to go: what it sends, and that it may reach the service without its
 * answer reaching us, is written first. A crash from here on is resolved at the next start by
 * looking for what it did (by source_id, or by reading the post).
 */
export function recordSend(
  db: DatabaseSync,
  id: string,
  kind: 'create' | 'update',
  sent: { revision: number; fields: DraftFields },
): void {
  bookkeeping(db, () => {
    setState(db, id, 'syncing');
    prepared(
      db,
      `UPDATE outbox SET sent_revision = ?, sent_fields = ?, create_pending = ?, update_pending = ?,
         attempts = attempts + 1 WHERE draft_id = ?`,
    ).run(
      sent.revision,
      JSON.stringify(sent.fields),
      kind === 'create' ? 1 : 0,
      kind === 'update' ? 1 : 0,
      id,
    );
  });
}

/**
 * The service has the sent fields as post `post`. The draft is synced, or queued again (same
 * place in line) when it was saved meanwhile: its newer fields go next, as an update.
 */
export function succeed(
  db: DatabaseSync,
  id: string,
  post: { id: number; updated_at: string },
  sent: { revision: number; fields: DraftFields },
  now: number,
): 'synced' | 'queued' | 'gone' {
  return bookkeeping(db, () => {
    const draft = getDraft(db, id);
    if (!draft) return 'gone'; // deleted while it was being sent: the post stays, the draft is gone
    prepared(
      db,
      'UPDATE drafts SET post_id = ?, base_updated_at = ?, base_fields = ?, synced_at = ?, remote = NULL WHERE id = ?',
    ).run(post.id, post.updated_at, JSON.stringify(sent.fields), now, id);
    if (draft.revision === sent.revision) {
      setState(db, id, 'synced');
      removeFromOutbox(db, id);
      return 'synced';
    }
    setState(db, id, 'queued');
    prepared(
      db,
      `UPDATE outbox SET sent_revision = NULL, sent_fields = NULL, create_pending = 0,
         update_pending = 0 WHERE draft_id = ?`,
    ).run(id);
    return 'queued';
  });
}

/** The service's copy moved on since the draft started: both are kept, the person chooses. */
export function conflict(db: DatabaseSync, id: string, remote: Record<string, unknown> | null): void {
  bookkeeping(db, () => {
    if (!getDraft(db, id)) return;
    setState(db, id, 'conflict');
    prepared(db, 'UPDATE drafts SET remote = ? WHERE id = ?').run(
      remote === null ? null : JSON.stringify(remote),
      id,
    );
    removeFromOutbox(db, id);
  });
}

/** Refused for good (422, 401, ...): out of line, with the reason kept for the composer. */
export function fail(db: DatabaseSync, id: string, error: ContractError): void {
  bookkeeping(db, () => {
    if (!getDraft(db, id)) return;
    setState(db, id, 'failed', error);
    removeFromOutbox(db, id);
  });
}

/**
 * Not sent, or no answer: the draft waits in line (queued) for the next attempt. A create the
 * service answered with an error other than 5xx did not happen, so no lookup is needed before
 * the next one (`createDidNotHappen`).
 */
export function wait(db: DatabaseSync, id: string, options: { createDidNotHappen?: boolean } = {}): void {
  bookkeeping(db, () => {
    if (!getDraft(db, id)) return;
    setState(db, id, 'queued');
    if (options.createDidNotHappen) {
      prepared(db, 'UPDATE outbox SET create_pending = 0 WHERE draft_id = ?').run(id);
    }
  });
}

/**
 * Ends a conflict with the person's merge of the two versions. `remote` is the service's copy
 * the merge was made over (its request form and `updated_at`), or null when the post was deleted
 * there: the draft then creates a new post.
 */
export function resolve(
  db: DatabaseSync,
  id: string,
  merged: DraftFields,
  over: { fields: DraftFields; updatedAt: string } | null,
  now: number,
): void {
  transaction(db, () => {
    prepared(
      db,
      `UPDATE drafts SET fields = ?, search_text = ?, revision = revision + 1, updated_at = ?,
         state = 'queued', error = NULL, remote = NULL, base_fields = ?, base_updated_at = ?,
         post_id = CASE WHEN ? THEN post_id ELSE NULL END
       WHERE id = ?`,
    ).run(
      JSON.stringify(merged),
      searchText(merged),
      now,
      over ? JSON.stringify(over.fields) : null,
      over ? over.updatedAt : null,
      over ? 1 : 0,
      id,
    );
    addToOutbox(db, id, now);
  });
}

/**
 * After a restart: a draft left syncing by a crash is queued again, keeping its pending flags
 * (so its next attempt first looks for what the cut-off one may have done).
 */
export function recover(db: DatabaseSync, now: number): void {
  bookkeeping(db, () => {
    prepared(db, "UPDATE drafts SET state = 'queued' WHERE state = 'syncing'").run();
    prepared(
      db,
      `INSERT OR IGNORE INTO outbox (draft_id, queued_at)
         SELECT id, ? FROM drafts WHERE state = 'queued' ORDER BY updated_at`,
    ).run(now);
  });
}

/** The drafts in line, in order. */
export function queuedIds(db: DatabaseSync): string[] {
  return (prepared(db, 'SELECT draft_id FROM outbox ORDER BY seq').all() as Array<{ draft_id: string }>).map(
    (row) => row.draft_id,
  );
}

export function pendingCount(db: DatabaseSync): number {
  return (prepared(db, 'SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
}

/** Drafts that need the person: failed, or in conflict. */
export function attentionCount(db: DatabaseSync): number {
  return (
    prepared(db, "SELECT count(*) AS n FROM drafts WHERE state IN ('failed', 'conflict')").get() as {
      n: number;
    }
  ).n;
}
