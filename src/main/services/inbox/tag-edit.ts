import { ContractCallError, type InboxBulkChange, type InboxItem } from '../../../shared/contract/index.ts';
import type { CallOptions } from '../api/campaigns.ts';
import type { CommunityApi } from '../api/community.ts';

/**
 * Bulk "Add tags" and "Remove tags". The PATCH extension takes only a row's whole list of tags
 * (conventions §9), so each row's new list is worked out from the tags it has now.
 */

/** Whether the change adds or removes tags, so that each row's own tags are needed first. */
export function editsTags(change: InboxBulkChange): boolean {
  return Boolean(change.addTagIds?.length || change.removeTagIds?.length);
}

/** The row's tags with those added and those removed, its others kept; null when none would change. */
export function editedTagIds(current: readonly number[], change: InboxBulkChange): number[] | null {
  const adding = (change.addTagIds ?? []).filter((id) => !current.includes(id));
  const removing = new Set((change.removeTagIds ?? []).filter((id) => current.includes(id)));
  if (adding.length === 0 && removing.size === 0) return null;
  return [...current.filter((id) => !removing.has(id)), ...new Set(adding)];
}

/** The row as the service has it now, within the chosen brands; `not_found` when it is not there. */
export async function currentInteraction(
  community: CommunityApi,
  brandIds: number[],
  id: number,
  options: CallOptions,
): Promise<InboxItem> {
  const page = await community.listInteractions({ brand_ids: brandIds, id, limit: 1, offset: 0 }, options);
  const item = page.data.find((row) => row.id === id);
  if (item) return item;
  throw new ContractCallError({
    code: 'not_found',
    message: `Interaction ${id} was not found in the chosen brands.`,
    fieldErrors: {},
  });
}
