import { computed, type Ref } from 'vue';
import type { InboxFilter, InboxItem } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { toCallError } from '../../lib/call-error.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useConnection } from './use-connection.ts';

/** The service's own page size: one service request per page of the list. */
export const INBOX_PAGE_SIZE = 100;
/** A tall window's worth of rows, read before the rest of the first page. */
export const INBOX_FIRST_ROWS = 30;

/**
 * The filtered interactions of the chosen brands, read page by page as they come into view,
 * and whether the service can be reached (the list keeps its rows while it cannot).
 */
export function useInboxList(
  brandIds: Ref<readonly number[]>,
  filter: Ref<InboxFilter>,
  filterKey: Ref<string>,
) {
  // While offline, the rows in view (and any page that failed) are read again until one answers.
  const connection = useConnection(() => list.refresh());

  const list = usePagedList<InboxItem>({
    pageSize: INBOX_PAGE_SIZE,
    firstRows: INBOX_FIRST_ROWS,
    key: () => `${brandIds.value.join(',')}|${filterKey.value}`,
    enabled: () => brandIds.value.length > 0,
    async load(offset, limit, signal) {
      try {
        const answer = await api['inbox:list'](
          { query: { brandIds: [...brandIds.value], filter: filter.value }, offset, limit },
          { signal },
        );
        connection.answered();
        return answer;
      } catch (thrown) {
        connection.failed(toCallError(thrown));
        throw thrown;
      }
    },
  });

  return { ...list, offlineSince: computed(() => connection.since.value), markOnline: connection.answered };
}
