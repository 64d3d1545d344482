import { onScopeDispose, ref, watch, type Ref } from 'vue';
import type { InboxArrival, InboxFilter, InboxItem } from '../../../../../shared/contract/index.ts';
import { api } from '../../../api/contract-client.ts';

export interface LiveArrivalsOptions {
  brandIds: Ref<readonly number[]>;
  /** The filter the list shows, as the service is asked it. */
  query: Ref<InboxFilter>;
  /** Changes when another list takes the screen (brands, filter): what was new there is not here. */
  listKey: () => string;
  /** The rows read so far, to know from when an arrival is news to this list. */
  loadedItems: () => readonly InboxItem[];
  /** How many rows the list holds (undefined while it is read). */
  count: () => number | undefined;
  /** Bumped whenever the list shows a new first page (read again or replaced). */
  generation: Ref<number>;
  /** The counts around the list read again (type list, views, overview). */
  countsChanged: () => void;
  /** Reads the list's pages again from its top. */
  showAll: () => Promise<void>;
}

const activity = (item: InboxItem) => (item.source_updated_at ? Date.parse(item.source_updated_at) : 0);

/**
 * Live arrivals for the list on screen (issue 25 §3): interactions that arrive do not jump in
 * (rows under the pointer never move); the list's own query, bounded to after its newest row,
 * says how many of them match it, and a line at its top offers them ("3 new"). The counts around
 * the list follow at once. An empty list has no row to keep still: it shows them straight away.
 */
export function useLiveArrivals(options: LiveArrivalsOptions) {
  const pending = ref(0);
  let asking: AbortController | undefined;

  /** The newest activity among the rows read: anything later is new to this list. */
  function newestShown(): number {
    let newest = 0;
    for (const item of options.loadedItems()) newest = Math.max(newest, activity(item));
    return newest;
  }

  async function countNew(): Promise<void> {
    asking?.abort();
    const controller = (asking = new AbortController());
    const since = newestShown();
    if (since === 0) return;
    const from = options.query.value.from
      ? Math.max(Date.parse(options.query.value.from), since + 1000)
      : since + 1000;
    try {
      const answer = await api['inbox:list'](
        {
          query: {
            brandIds: [...options.brandIds.value],
            filter: { ...options.query.value, from: new Date(from).toISOString() },
          },
          offset: 0,
          limit: 0,
        },
        { signal: controller.signal, lane: 'background' },
      );
      if (!controller.signal.aborted) pending.value = answer.count;
    } catch {
      // Not known now; the next arrival asks again.
    }
  }

  function arrived(arrival: InboxArrival): void {
    const chosen = options.brandIds.value;
    if (arrival.brandIds.length !== chosen.length || arrival.brandIds.some((id) => !chosen.includes(id)))
      return;
    options.countsChanged();
    if (arrival.items.length === 0) return;
    if (options.count() === 0) {
      void options.showAll();
      return;
    }
    void countNew();
  }

  /** Shows what arrived: the list read again from its top. */
  async function showNew(): Promise<void> {
    pending.value = 0;
    await options.showAll();
  }

  const off = api.on('inbox:arrived', arrived);
  onScopeDispose(() => {
    off();
    asking?.abort();
  });
  watch([options.generation, options.listKey], () => {
    asking?.abort();
    pending.value = 0;
  });

  return { pending, showNew };
}
