import type { DatabaseSync } from 'node:sqlite';
import type { CommunityInteractionUpdate } from '../../../shared/domain/index.ts';
import { SandboxError } from '../../http/errors.ts';
import { statement } from './interaction-store.ts';
import { foreignTagIds } from './tag-store.ts';

/**
 * PATCH /community_interactions/{id} (extension): flags, tags (the whole set, replaced) and the
 * assignee. Tags must be the brand's own and the assignee a user who reaches the brand (422).
 */

export interface InteractionChange {
  id: number;
  brandId: number;
  changes: CommunityInteractionUpdate;
  now: Date;
}

function check(db: DatabaseSync, { brandId, changes }: InteractionChange): void {
  const errors: Record<string, string[]> = {};
  if (changes.tag_ids) {
    const foreign = foreignTagIds(db, brandId, [...new Set(changes.tag_ids)]);
    if (foreign.length > 0) errors.tag_ids = [`Not tags of brand ${brandId}: ${foreign.join(', ')}.`];
  }
  if (typeof changes.assignee_id === 'number') {
    const member = statement(db, 'SELECT 1 AS ok FROM user_brands WHERE user_id = ? AND brand_id = ?').get(
      changes.assignee_id,
      brandId,
    );
    if (!member) errors.assignee_id = [`User ${changes.assignee_id} does not work on brand ${brandId}.`];
  }
  const [first] = Object.entries(errors);
  if (first) throw new SandboxError(422, `Invalid request body. ${first[0]}: ${first[1][0]}`, errors);
}

export function updateInteraction(db: DatabaseSync, change: InteractionChange): void {
  check(db, change);
  const { id, changes } = change;
  const columns: string[] = [];
  const values: (number | null)[] = [];
  for (const key of ['is_read', 'is_archived', 'is_follow_up'] as const) {
    const value = changes[key];
    if (value === undefined) continue;
    columns.push(`${key} = ?`);
    values.push(value ? 1 : 0);
  }
  if (changes.assignee_id !== undefined) {
    columns.push('assignee_id = ?');
    values.push(changes.assignee_id);
  }
  columns.push('updated_at = ?');
  values.push(Math.floor(change.now.getTime() / 1000) * 1000);
  db.exec('BEGIN');
  try {
    statement(db, `UPDATE community_interactions SET ${columns.join(', ')} WHERE id = ?`).run(...values, id);
    if (changes.tag_ids) {
      statement(db, 'DELETE FROM community_interaction_tags WHERE interaction_id = ?').run(id);
      const insert = statement(
        db,
        'INSERT OR IGNORE INTO community_interaction_tags (tag_id, interaction_id) VALUES (?, ?)',
      );
      for (const tagId of changes.tag_ids) insert.run(tagId, id);
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
