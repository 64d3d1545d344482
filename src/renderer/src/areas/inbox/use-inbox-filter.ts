import { computed, shallowRef } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import type { InboxFilter } from '../../../../shared/contract/index.ts';
import { compactFilter, decodeFilter, encodeFilter, filterKey, withFilter } from './filter-query.ts';

/**
 * The inbox filter, read from and written to the route query. A change is a new history entry
 * (back undoes it); typing in the search box replaces the entry instead, so back does not walk
 * through every letter.
 *
 * A change the person makes takes effect at once: the list starts reading the new rows while
 * the router is still updating the address (its navigation runs over several microtasks and
 * saves the scroll position, which forces a layout), and the address then says the same.
 */
export function useInboxFilter() {
  const route = useRoute();
  const router = useRouter();
  /** The filter asked for whose navigation has not finished yet. */
  const pending = shallowRef<InboxFilter | null>(null);
  const filter = computed<InboxFilter>(() => pending.value ?? decodeFilter(route.query));
  const key = computed(() => filterKey(filter.value));

  async function set(next: Partial<InboxFilter>, options: { replace?: boolean } = {}): Promise<void> {
    const compact = compactFilter(next);
    const query = withFilter(route.query, compact);
    // As the address will read it back, so the key does not change again when it does.
    const asked = decodeFilter(encodeFilter(compact));
    pending.value = asked;
    try {
      await (options.replace ? router.replace({ query }) : router.push({ query }));
    } finally {
      // A later change may have taken its place meanwhile: that one clears itself.
      if (pending.value === asked) pending.value = null;
    }
  }

  /** Changes some fields, keeps the rest. */
  function patch(change: Partial<InboxFilter>, options: { replace?: boolean } = {}): Promise<void> {
    return set({ ...filter.value, ...change }, options);
  }

  return { filter, key, set, patch };
}
