import { ContractCallError, type InboxItem } from '../../../shared/contract/index.ts';
import type { CallOptions } from '../api/campaigns.ts';
import type { CommunityApi } from '../api/community.ts';

/**
 * Bulk "Add tags" and "Remove tags". The PATCH extension takes only a row's whole list of tags
 * (conventions §9), so each row's new list is worked out (`editedTagIds`) from the tags it has
 * now: for a row given by id, as read here just before its PATCH.
 */

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
