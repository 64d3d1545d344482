import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { ContractCallError, type CannedReply } from '../../../shared/contract/index.ts';
import { prepared } from '../drafts/draft-store.ts';
import { transaction } from '../storage/transaction.ts';

/**
 * Canned replies, kept per profile (table `canned_replies`, migration 5): the interface has no
 * operation for preset replies. Listed by name, as people look for them. Placeholders are kept
 * as written; the reply box fills them (shared/domain/canned-reply-text.ts).
 */

interface CannedRow {
  id: string;
  title: string;
  text: string;
  updated_at: number;
}

const toCanned = (row: CannedRow): CannedReply => ({
  id: row.id,
  title: row.title,
  text: row.text,
  updatedAt: row.updated_at,
});

export function listCanned(db: DatabaseSync): CannedReply[] {
  return (
    prepared(
      db,
      'SELECT id, title, text, updated_at FROM canned_replies ORDER BY title COLLATE NOCASE, id',
    ).all() as unknown as CannedRow[]
  ).map(toCanned);
}

/** A new canned reply, or the changes of one (an id that is gone is a `not_found`). */
export function saveCanned(
  db: DatabaseSync,
  input: { id?: string; title: string; text: string },
  now: number,
): CannedReply {
  return transaction(db, () => {
    const id = input.id ?? randomUUID();
    if (input.id === undefined) {
      prepared(
        db,
        'INSERT INTO canned_replies (id, title, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ).run(id, input.title, input.text, now, now);
    } else {
      const { changes } = prepared(
        db,
        'UPDATE canned_replies SET title = ?, text = ?, updated_at = ? WHERE id = ?',
      ).run(input.title, input.text, now, id);
      if (Number(changes) === 0) {
        throw new ContractCallError({
          code: 'not_found',
          message: 'This canned reply was removed meanwhile.',
          fieldErrors: {},
        });
      }
    }
    return toCanned(
      prepared(db, 'SELECT id, title, text, updated_at FROM canned_replies WHERE id = ?').get(
        id,
      ) as unknown as CannedRow,
    );
  });
}

export function deleteCanned(db: DatabaseSync, id: string): boolean {
  return Number(prepared(db, 'DELETE FROM canned_replies WHERE id = ?').run(id).changes) > 0;
}
