import type { InboxChange } from '../../../shared/contract/index.ts';
import type { CommunityInteractionUpdate } from '../../../shared/domain/index.ts';

/** The app's change as the PATCH extension's body (conventions §9); a field left out stays out. */
export function patchBodyOf(change: InboxChange): CommunityInteractionUpdate {
  const body: CommunityInteractionUpdate = {};
  if (change.read !== undefined) body.is_read = change.read;
  if (change.archived !== undefined) body.is_archived = change.archived;
  if (change.followUp !== undefined) body.is_follow_up = change.followUp;
  if (change.tagIds !== undefined) body.tag_ids = [...change.tagIds];
  if (change.assigneeId !== undefined) body.assignee_id = change.assigneeId;
  return body;
}
