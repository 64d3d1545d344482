import { computed } from 'vue';
import type { InboxFilter } from '../../../../shared/contract/index.ts';
import { useQueryState } from '../../lib/use-query-param.ts';
import { compactFilter, filterKey, filterParams } from './filter-query.ts';

/**
 * The inbox filter, read from and written to the route query. A change is a new history entry
 * (back undoes it); typing in the search box replaces the entry instead, so back does not walk
 * through every letter.
 *
 * A change the person makes takes effect at once: the filter reads back what was written (as the
 * address will say it) before the router has updated the address, so the list starts reading the
 * new rows on the click rather than after the navigation (which runs over several microtasks and
 * saves the scroll position, forcing a layout).
 */
export function useInboxFilter() {
  const address = useQueryState(filterParams);
  const filter = computed<InboxFilter>(() => compactFilter(address.state.value));
  const key = computed(() => filterKey(filter.value));

  /** Puts this filter in place of the one shown: fields it leaves out are cleared. */
  function set(next: Partial<InboxFilter>, options: { replace?: boolean } = {}): void {
    const compact = compactFilter(next);
    const every = Object.fromEntries(Object.keys(filterParams).map((field) => [field, undefined]));
    address.set({ ...every, ...compact }, options);
  }

  /** Changes some fields, keeps the rest. */
  function patch(change: Partial<InboxFilter>, options: { replace?: boolean } = {}): void {
    set({ ...filter.value, ...change }, options);
  }

  return { filter, key, set, patch };
}
