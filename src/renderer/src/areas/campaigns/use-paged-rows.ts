import { computed, shallowRef, triggerRef, type WatchSource } from 'vue';
import type { ListAnswer } from '../../../../shared/contract/index.ts';
import { useLoad } from '../../lib/use-load.ts';

/**
 * Rows of a long list loaded a page at a time, as a virtual list scrolls to them. The first page
 * goes through `useLoad` (loading, error, Retry, a stale answer never winning); the pages after it
 * load when `ensure` names rows not loaded yet. A new `source` (filters, brand) starts over.
 */
export function usePagedRows<T>(
  source: WatchSource<unknown>,
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<ListAnswer<T>>,
  options: { pageSize?: number; enabled?: () => boolean } = {},
) {
  const pageSize = options.pageSize ?? 50;
  const rows = shallowRef(new Map<number, T>());
  const asked = new Set<number>();
  let later = new AbortController();

  const first = useLoad(
    source,
    async (signal) => {
      later.abort();
      later = new AbortController();
      asked.clear();
      const answer = await fetchPage(0, pageSize, signal);
      rows.value = new Map(answer.items.map((item, index) => [index, item]));
      asked.add(0);
      return answer.count;
    },
    { enabled: options.enabled },
  );

  /** Loads the pages holding rows start..end that are not loaded or on their way. */
  function ensure(start: number, end: number): void {
    const count = first.data.value ?? 0;
    for (let page = Math.floor(start / pageSize); page * pageSize <= Math.min(end, count - 1); page++) {
      if (asked.has(page)) continue;
      asked.add(page);
      const signal = later.signal;
      fetchPage(page * pageSize, pageSize, signal).then(
        (answer) => {
          if (signal.aborted) return;
          answer.items.forEach((item, index) => rows.value.set(page * pageSize + index, item));
          triggerRef(rows);
        },
        // Asked again when it scrolls into view next time; the first page's error is the one shown.
        () => asked.delete(page),
      );
    }
  }

  return {
    count: computed(() => first.data.value ?? 0),
    rowAt: (index: number) => rows.value.get(index),
    loaded: computed(() => first.data.value !== undefined),
    loading: first.loading,
    error: first.error,
    reload: first.reload,
    ensure,
  };
}
