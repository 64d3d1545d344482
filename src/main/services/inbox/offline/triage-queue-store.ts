import type { DatabaseSync } from 'node:sqlite';
import type { ContractError, InboxBulkChange, QueuedTriage } from '../../../../shared/contract/index.ts';
import { transaction } from '../../storage/transaction.ts';

/**
 * The profile's line of triage changes waiting for the service (profile migration 10). Each step
 * is written before the next is taken, so a restart or a crash picks up where it stopped: a change
 * marked `send_pending` may have reached the service, and is looked for there before it goes again.
 */

export interface StoredTriage extends QueuedTriage {
  brandId: number;
  sendPending: boolean;
}

const storedOf = (row: Record<string, unknown>): StoredTriage => ({
  seq: Number(row.seq),
  interactionId: Number(row.interaction_id),
  brandId: Number(row.brand_id),
  change: JSON.parse(String(row.change)) as InboxBulkChange,
  state: row.state === 'refused' ? 'refused' : 'waiting',
  error: row.error === null ? null : (JSON.parse(String(row.error)) as ContractError),
  sendPending: Number(row.send_pending) === 1,
  queuedAt: Number(row.queued_at),
});

export function enqueue(
  db: DatabaseSync,
  entry: { interactionId: number; brandId: number; change: InboxBulkChange },
  now: number,
  options: { sendPending?: boolean } = {},
): number {
  const result = db
    .prepare(
      "INSERT INTO triage_queue (interaction_id, brand_id, change, state, send_pending, queued_at) VALUES (?, ?, ?, 'waiting', ?, ?)",
    )
    .run(entry.interactionId, entry.brandId, JSON.stringify(entry.change), options.sendPending ? 1 : 0, now);
  return Number(result.lastInsertRowid);
}

/** Several at once (a bulk action): all in line, or none. */
export function enqueueAll(
  db: DatabaseSync,
  entries: readonly { interactionId: number; brandId: number; change: InboxBulkChange }[],
  now: number,
  options: { sendPending?: boolean } = {},
): void {
  transaction(db, () => {
    for (const entry of entries) enqueue(db, entry, now, options);
  });
}

/** Every change in line or refused, oldest first. */
export function allQueued(db: DatabaseSync): StoredTriage[] {
  return (db.prepare('SELECT * FROM triage_queue ORDER BY seq').all() as Record<string, unknown>[]).map(
    storedOf,
  );
}

/** The first change still to send; refused ones wait for Retry and hold nobody up. */
export function nextWaiting(db: DatabaseSync): StoredTriage | undefined {
  const row = db.prepare("SELECT * FROM triage_queue WHERE state = 'waiting' ORDER BY seq LIMIT 1").get();
  return row ? storedOf(row as Record<string, unknown>) : undefined;
}

/** The interaction's changes still to send, in order (to lay over the service's row). */
export function waitingFor(db: DatabaseSync, interactionId: number): StoredTriage[] {
  return (
    db
      .prepare("SELECT * FROM triage_queue WHERE interaction_id = ? AND state = 'waiting' ORDER BY seq")
      .all(interactionId) as Record<string, unknown>[]
  ).map(storedOf);
}

export function hasWaiting(db: DatabaseSync, interactionId: number): boolean {
  return (
    db
      .prepare("SELECT 1 AS found FROM triage_queue WHERE interaction_id = ? AND state = 'waiting' LIMIT 1")
      .get(interactionId) !== undefined
  );
}

/** Ids of every change still to send: those in line at a start may have gone before a crash. */
export function waitingSeqs(db: DatabaseSync): number[] {
  return (db.prepare("SELECT seq FROM triage_queue WHERE state = 'waiting'").all() as { seq: number }[]).map(
    (row) => Number(row.seq),
  );
}

/** The PATCH is about to go: from here on it may reach the service without its answer reaching us. */
export function noteSending(db: DatabaseSync, seq: number): void {
  db.prepare('UPDATE triage_queue SET send_pending = 1 WHERE seq = ?').run(seq);
}

/** No PATCH went (refused before sending, or answered "not now"): no need to look for it. */
export function noteNotSent(db: DatabaseSync, seq: number): void {
  db.prepare('UPDATE triage_queue SET send_pending = 0 WHERE seq = ?').run(seq);
}

/** The service has the change: it leaves the line. */
export function done(db: DatabaseSync, seq: number): void {
  db.prepare('DELETE FROM triage_queue WHERE seq = ?').run(seq);
}

export function refuse(db: DatabaseSync, seq: number, error: ContractError): void {
  db.prepare("UPDATE triage_queue SET state = 'refused', send_pending = 0, error = ? WHERE seq = ?").run(
    JSON.stringify(error),
    seq,
  );
}

/** Retry: back in line at its own place (changes behind it on the same row keep their order). */
export function retry(db: DatabaseSync, seq: number): StoredTriage | undefined {
  db.prepare(
    "UPDATE triage_queue SET state = 'waiting', error = NULL WHERE seq = ? AND state = 'refused'",
  ).run(seq);
  return get(db, seq);
}

/** Drops a refused change; a change still in line is not dropped (it may be on its way). */
export function drop(db: DatabaseSync, seq: number): StoredTriage | undefined {
  const found = get(db, seq);
  if (found?.state !== 'refused') return undefined;
  db.prepare('DELETE FROM triage_queue WHERE seq = ?').run(seq);
  return found;
}

export function get(db: DatabaseSync, seq: number): StoredTriage | undefined {
  const row = db.prepare('SELECT * FROM triage_queue WHERE seq = ?').get(seq);
  return row ? storedOf(row as Record<string, unknown>) : undefined;
}
