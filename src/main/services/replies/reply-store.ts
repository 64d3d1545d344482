import type { DatabaseSync } from 'node:sqlite';
import type { ContractError, ReplyState, ReplyView } from '../../../shared/contract/index.ts';
import type { Reply } from '../../../shared/domain/index.ts';
import { prepared } from '../drafts/draft-store.ts';
import { transaction } from '../storage/transaction.ts';

/**
 * The replies table (profile migration 5) and every state change of a reply on its way to the
 * service, each one transaction; the reply outbox (reply-outbox.ts) decides, this file writes:
 *
 *   queued --begin--> sending --succeed--> sent
 *     ^                  |  \--fail-----> failed --retry--> queued
 *     +----- wait -------+ (as `waiting`)
 *
 * Every step is written with the database's full durability: a reply is one row and one request,
 * so there is no batch to spare an fsync for.
 */

export interface StoredReply {
  seq: number;
  id: string;
  interactionId: number;
  brandId: number;
  type: string;
  text: string;
  state: ReplyState;
  error: ContractError | null;
  /** A POST may have reached the service unanswered: look before sending another. */
  sendPending: boolean;
  attempts: number;
  sent: Reply | null;
  createdAt: number;
  updatedAt: number;
}

interface ReplyRow {
  seq: number;
  id: string;
  interaction_id: number;
  brand_id: number;
  type: string;
  text: string;
  state: string;
  error: string | null;
  send_pending: number;
  attempts: number;
  sent: string | null;
  created_at: number;
  updated_at: number;
}

const columns =
  'seq, id, interaction_id, brand_id, type, text, state, error, send_pending, attempts, sent, created_at, updated_at';

function fromRow(row: ReplyRow): StoredReply {
  return {
    seq: row.seq,
    id: row.id,
    interactionId: row.interaction_id,
    brandId: row.brand_id,
    type: row.type,
    text: row.text,
    state: row.state as ReplyState,
    error: row.error === null ? null : (JSON.parse(row.error) as ContractError),
    sendPending: row.send_pending === 1,
    attempts: row.attempts,
    sent: row.sent === null ? null : (JSON.parse(row.sent) as Reply),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toReplyView(reply: StoredReply): ReplyView {
  return {
    id: reply.id,
    interactionId: reply.interactionId,
    brandId: reply.brandId,
    text: reply.text,
    state: reply.state,
    error: reply.error,
    createdAt: reply.createdAt,
    updatedAt: reply.updatedAt,
    sent: reply.sent && {
      id: reply.sent.id,
      createdAt: reply.sent.created_at ?? null,
      userId: reply.sent.user_id ?? null,
    },
  };
}

export function getReply(db: DatabaseSync, id: string): StoredReply | undefined {
  const row = prepared(db, `SELECT ${columns} FROM replies WHERE id = ?`).get(id) as ReplyRow | undefined;
  return row && fromRow(row);
}

/** The replies written to one interaction, oldest first. */
export function repliesOf(db: DatabaseSync, interactionId: number): StoredReply[] {
  return (
    prepared(db, `SELECT ${columns} FROM replies WHERE interaction_id = ? ORDER BY seq`).all(
      interactionId,
    ) as unknown as ReplyRow[]
  ).map(fromRow);
}

/** The first reply in line (queued, waiting, or left sending by a crash). */
export function nextReply(db: DatabaseSync): StoredReply | undefined {
  const row = prepared(
    db,
    `SELECT ${columns} FROM replies WHERE state IN ('queued', 'waiting', 'sending') ORDER BY seq LIMIT 1`,
  ).get() as ReplyRow | undefined;
  return row && fromRow(row);
}

/** Ids of the replies in line, in order. */
export function inLineIds(db: DatabaseSync): string[] {
  return (
    prepared(
      db,
      "SELECT id FROM replies WHERE state IN ('queued', 'waiting', 'sending') ORDER BY seq",
    ).all() as Array<{
      id: string;
    }>
  ).map((row) => row.id);
}

/**
 * Puts a new reply in line. The id is the app's, chosen when the reply was written: the same id
 * twice (a call repeated after a lost answer) is the same reply, never a second one.
 */
export function enqueueReply(
  db: DatabaseSync,
  reply: { id: string; interactionId: number; brandId: number; type: string; text: string },
  now: number,
): StoredReply {
  return transaction(db, () => {
    prepared(
      db,
      `INSERT OR IGNORE INTO replies (id, interaction_id, brand_id, type, text, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)`,
    ).run(reply.id, reply.interactionId, reply.brandId, reply.type, reply.text, now, now);
    return getReply(db, reply.id)!;
  });
}

function setState(
  db: DatabaseSync,
  id: string,
  state: ReplyState,
  now: number,
  error: ContractError | null = null,
) {
  // updated_at only grows, even within one millisecond: it orders the views of a reply.
  prepared(
    db,
    'UPDATE replies SET state = ?, error = ?, updated_at = max(?, updated_at + 1) WHERE id = ?',
  ).run(state, error === null ? null : JSON.stringify(error), now, id);
}

/** A lookup or a POST starts: the reply shows as sending. */
export function startSending(db: DatabaseSync, id: string, now: number): void {
  transaction(db, () => setState(db, id, 'sending', now));
}

/** A POST is about to go: noted first, so a lost answer or a crash is looked into before another. */
export function recordSend(db: DatabaseSync, id: string, now: number): void {
  transaction(db, () => {
    setState(db, id, 'sending', now);
    prepared(db, 'UPDATE replies SET send_pending = 1, attempts = attempts + 1 WHERE id = ?').run(id);
  });
}

/** The service has it (answered, or found by the lookup). */
export function succeed(db: DatabaseSync, id: string, sent: Reply, now: number): void {
  transaction(db, () => {
    setState(db, id, 'sent', now);
    prepared(db, 'UPDATE replies SET sent = ?, send_pending = 0 WHERE id = ?').run(JSON.stringify(sent), id);
  });
}

/** Refused for good: out of line, the reason kept for the person. */
export function fail(db: DatabaseSync, id: string, error: ContractError, now: number): void {
  transaction(db, () => setState(db, id, 'failed', now, error));
}

/**
 * No verdict: the reply waits in line for the next attempt. A POST the service answered with an
 * error other than 5xx did not happen, so no lookup is needed before the next one.
 */
export function wait(
  db: DatabaseSync,
  id: string,
  now: number,
  options: { sendDidNotHappen?: boolean } = {},
): void {
  transaction(db, () => {
    setState(db, id, 'waiting', now);
    if (options.sendDidNotHappen) prepared(db, 'UPDATE replies SET send_pending = 0 WHERE id = ?').run(id);
  });
}

/** A failed reply goes back in line (Retry). Answers it, or undefined when it is not failed. */
export function requeue(db: DatabaseSync, id: string, now: number): StoredReply | undefined {
  return transaction(db, () => {
    if (getReply(db, id)?.state !== 'failed') return undefined;
    setState(db, id, 'queued', now);
    return getReply(db, id);
  });
}
