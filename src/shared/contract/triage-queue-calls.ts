import { z } from 'zod';
import { idSchema } from '../domain/index.ts';
import { contractErrorSchema } from './errors.ts';
import {
  editedTagIds,
  editsTags,
  inboxBulkChangeSchema,
  type InboxBulkChange,
  type InboxItem,
} from './inbox-calls.ts';

/**
 * Triage done while the service could not be reached (issue 25 §4): applied to this computer's
 * copy of the inbox at once and kept in line, in the profile's database, until the service
 * answers again. These calls show what waits and let a person retry or drop a refused change.
 */

export const queuedTriageSchema = z.object({
  /** Its place in line (sent in this order). */
  seq: z.number().int(),
  interactionId: idSchema,
  /** The fields the person touched, tags as added and removed. */
  change: inboxBulkChangeSchema,
  /** `waiting`: not sent yet (or sending); `refused`: the service said no, kept for Retry. */
  state: z.enum(['waiting', 'refused']),
  error: contractErrorSchema.nullable(),
  queuedAt: z.number(),
});
export type QueuedTriage = z.output<typeof queuedTriageSchema>;

export const queuedTriageListSchema = z.object({ items: z.array(queuedTriageSchema) });
export type QueuedTriageList = z.output<typeof queuedTriageListSchema>;

export const triageQueueCalls = {
  /** The active profile's changes in line and those refused, oldest first. */
  'inbox:queued-changes': { input: z.undefined(), output: queuedTriageListSchema },
  /** Puts a refused change back in line (its row shows it again at once). */
  'inbox:retry-change': { input: z.object({ seq: z.number().int() }), output: queuedTriageListSchema },
  /** Drops a refused change: the row stays as the service has it. */
  'inbox:drop-change': { input: z.object({ seq: z.number().int() }), output: queuedTriageListSchema },
} as const;

export const triageQueueEvents = {
  /** The active profile's line changed (a change queued, sent, refused, retried or dropped). */
  'inbox:queued-changes': queuedTriageListSchema,
} as const;

/**
 * The row as it reads after a change, before the service has answered: what the renderer shows
 * at once, and what main writes into the mirror for a change in line.
 */
export function applyChange(item: InboxItem, change: InboxBulkChange): InboxItem {
  const editedTags = editsTags(change) ? editedTagIds(item.tag_ids ?? [], change) : null;
  return {
    ...item,
    ...(change.read !== undefined && { is_read: change.read }),
    ...(change.archived !== undefined && { is_archived: change.archived }),
    ...(change.followUp !== undefined && { is_follow_up: change.followUp }),
    ...(change.tagIds !== undefined && { tag_ids: change.tagIds }),
    ...(editedTags && { tag_ids: editedTags }),
    ...(change.assigneeId !== undefined && { assignee_id: change.assigneeId }),
  } as InboxItem;
}
