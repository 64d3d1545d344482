import { computed } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import type { InboxFilter } from '../../../../shared/contract/index.ts';
import { compactFilter, decodeFilter, filterKey, withFilter } from './filter-query.ts';

/**
 * The inbox filter, read from and written to the route query. A change is a new history entry
 * (back undoes it); typing in the search box replaces the entry instead, so back does not walk
 * through every letter.
 */
export function useInboxFilter() {
  const route = useRoute();
  const router = useRouter();
  const filter = computed<InboxFilter>(() => decodeFilter(route.query));
  const key = computed(() => filterKey(filter.value));

  async function set(next: Partial<InboxFilter>, options: { replace?: boolean } = {}): Promise<void> {
    const query = withFilter(route.query, compactFilter(next));
    await (options.replace ? router.replace({ query }) : router.push({ query }));
  }

  /** Changes some fields, keeps the rest. */
  function patch(change: Partial<InboxFilter>, options: { replace?: boolean } = {}): Promise<void> {
    return set({ ...filter.value, ...change }, options);
  }

  return { filter, key, set, patch };
}
