import {
  ContractCallError,
  inboxFilterSchema,
  type InboxFilter,
  type InboxView,
} from '../../../shared/contract/index.ts';
import { withArchiveSide } from '../../../shared/domain/index.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';
import { createSavedItems, SavedNameTakenError } from '../storage/saved-items.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { serviceQueriesOf, type TagsOf } from './inbox-query.ts';

/** What a saved view keeps: its filter (the brands are the picker's, chosen when it is opened). */
interface ViewBody {
  filter: InboxFilter;
}

/** The saved_items kind of the inbox's views (migration 4). */
export const INBOX_VIEW_KIND = 'inbox-view';

/**
 * The inbox's saved views, per profile. A view's unread count is the list's own count for its
 * filter narrowed to unread ones; like op 18's badges it leaves archived interactions out unless
 * the view itself asks for them, so a view's figure and the type badges beside it agree.
 */
export function createSavedViews(databases: Pick<ProfileDatabases, 'open'>) {
  const items = createSavedItems<ViewBody>(databases, INBOX_VIEW_KIND, (body) => ({
    filter: inboxFilterSchema.parse((body as Partial<ViewBody> | null)?.filter),
  }));

  /** Null when the count could not be read: the view is still listed and opens. */
  async function unreadOf(
    community: CommunityApi,
    brandIds: number[],
    filter: InboxFilter,
    tagsOf: TagsOf,
    signal: AbortSignal,
  ): Promise<number | null> {
    const unread: InboxFilter = withArchiveSide({ ...filter, read: false });
    try {
      // Tags by name may ask once per brand: the view's count is their sum.
      const queries = await serviceQueriesOf(brandIds, unread, tagsOf);
      const pages = await Promise.all(
        queries.map((query) =>
          community.listInteractions({ ...query, offset: 0, limit: 0 }, { signal, lane: 'background' }),
        ),
      );
      return pages.reduce((sum, page) => sum + page.paging.count, 0);
    } catch {
      return null;
    }
  }

  return {
    async list(
      profileId: string,
      community: CommunityApi,
      brandIds: number[],
      tagsOf: TagsOf,
      context: CallContext,
    ): Promise<InboxView[]> {
      const saved = items.list(profileId);
      const counts = await Promise.all(
        saved.map((item) => unreadOf(community, brandIds, item.body.filter, tagsOf, context.signal)),
      );
      context.signal.throwIfAborted();
      return saved.map((item, index) => ({
        id: item.id,
        name: item.name,
        filter: item.body.filter,
        unread: counts[index]!,
        createdAt: item.createdAt,
      }));
    },

    save(profileId: string, name: string, filter: InboxFilter): Omit<InboxView, 'unread'> {
      try {
        const item = items.save(profileId, { name, body: { filter } });
        return { id: item.id, name: item.name, filter: item.body.filter, createdAt: item.createdAt };
      } catch (error) {
        if (!(error instanceof SavedNameTakenError)) throw error;
        throw new ContractCallError({
          code: 'conflict',
          message: error.message,
          fieldErrors: { name: ['A saved view already has this name.'] },
        });
      }
    },

    remove(profileId: string, id: string): boolean {
      return items.remove(profileId, id);
    },
  };
}
