import {
  editedTagIds,
  type InboxBulkChange,
  type InboxChange,
  type InboxItem,
} from '../../../../shared/contract/index.ts';
import type { CommunityInteractionUpdate } from '../../../../shared/domain/index.ts';
import { patchBodyOf } from '../inbox-change.ts';

/**
 * What a change in line holds and sends. Only the fields the person touched: the PATCH is
 * partial, so where a teammate changed the row meanwhile, their fields stay and the person's win.
 * Tags are kept as added and removed (not the whole list the person saw), so that a tag a teammate
 * added meanwhile stays too.
 */

/** One row's change as it goes in line: a whole new tag list becomes what it adds and removes. */
export function queuedChangeOf(before: InboxItem, change: InboxChange | InboxBulkChange): InboxBulkChange {
  const { tagIds, ...rest } = change;
  if (tagIds === undefined) return change;
  const had = before.tag_ids ?? [];
  const addTagIds = tagIds.filter((id) => !had.includes(id));
  const removeTagIds = had.filter((id) => !tagIds.includes(id));
  return {
    ...rest,
    ...(addTagIds.length > 0 && { addTagIds }),
    ...(removeTagIds.length > 0 && { removeTagIds }),
  };
}

/**
 * The PATCH body, tags worked out from the row as the service has it now (read first when the
 * change adds or removes tags, see `needsCurrentRow`); null when it would change nothing.
 */
export function patchFor(
  current: InboxItem | null,
  change: InboxBulkChange,
): CommunityInteractionUpdate | null {
  const { addTagIds, removeTagIds, ...fields } = change;
  const body = patchBodyOf(fields);
  const tagIds = current && (addTagIds || removeTagIds) ? editedTagIds(current.tag_ids ?? [], change) : null;
  if (tagIds) body.tag_ids = tagIds;
  return Object.keys(body).length > 0 ? body : null;
}

/** Whether a change needs the row's current tags to be sent. */
export function needsCurrentRow(change: InboxBulkChange): boolean {
  return Boolean(change.addTagIds?.length || change.removeTagIds?.length);
}

/**
 * Whether the service's row already reads as the change asks: after a PATCH that may have
 * reached it unanswered (a lost answer, a crash), it is not sent again then.
 */
export function carries(current: InboxItem, change: InboxBulkChange): boolean {
  const tags = current.tag_ids ?? [];
  return (
    (change.read === undefined || (current.is_read ?? false) === change.read) &&
    (change.archived === undefined || (current.is_archived ?? false) === change.archived) &&
    (change.followUp === undefined || (current.is_follow_up ?? false) === change.followUp) &&
    (change.assigneeId === undefined || (current.assignee_id ?? null) === change.assigneeId) &&
    (change.addTagIds ?? []).every((id) => tags.includes(id)) &&
    !(change.removeTagIds ?? []).some((id) => tags.includes(id))
  );
}
