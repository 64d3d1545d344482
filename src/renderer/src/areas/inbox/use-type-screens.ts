import { onScopeDispose, watch, type Ref } from 'vue';
import type { InboxFilter, InboxItem, ListAnswer } from '../../../../shared/contract/index.ts';
import { withArchiveSide, type InteractionListType } from '../../../../shared/domain/index.ts';
import { api } from '../../api/contract-client.ts';
import { compactFilter } from './inbox-query.ts';

export interface TypeScreensOptions {
  brandIds: Ref<readonly number[]>;
  filter: Ref<InboxFilter>;
  /** The types of the side panel, in its order. */
  types: readonly InteractionListType[];
  /** How many rows a first screen holds. */
  rows: number;
  /** Whether the list on screen shows its own first rows (the person's own rows come first). */
  settled: () => boolean;
  /** The paged list's key for a filter (the brands and the filter, as the list keys itself). */
  keyOf: (filter: InboxFilter) => string;
  hasScreen: (key: string) => boolean;
  keepScreen: (key: string, answer: ListAnswer<InboxItem>) => void;
}

/**
 * The side panel's types read ahead: once the list shows its rows for a filter with no type
 * chosen, each type's first screen (that filter with the type) is asked of this computer's copy
 * of the inbox, one after the other on the background lane, and kept by the list, so picking a
 * type in the panel shows its rows in the same frame, with no round trip (the list reads them
 * again once the person stays on it). Going through the types and back keeps this going; a change
 * to the rest of the filter or the brands stops it. Not for a search (see below). The copy
 * answers or declines at once (null: older rows the service would have to count, or no copy):
 * the service is never asked for these.
 */
export function useTypeScreens(options: TypeScreensOptions): void {
  let reading: AbortController | null = null;
  /** The base being read ahead for, while it is. */
  let readingFor: string | null = null;
  /** What the types are read ahead for: the brands and the filter without its types. */
  const base = () => options.keyOf(compactFilter({ ...options.filter.value, types: undefined }));

  async function readAhead(baseFilter: InboxFilter, signal: AbortSignal): Promise<void> {
    const brandIds = [...options.brandIds.value];
    for (const type of options.types) {
      const filter = compactFilter({ ...baseFilter, types: [type] });
      const key = options.keyOf(filter);
      if (options.hasScreen(key)) continue;
      const answer = await api['inbox:first-screen'](
        { brandIds, filter: withArchiveSide(filter), limit: options.rows },
        { signal, lane: 'background' },
      ).catch(() => undefined);
      if (signal.aborted || answer === undefined) return; // stopped, or the call failed: no more
      if (answer) options.keepScreen(key, answer);
    }
  }

  watch(
    // Not for a search: its types are seldom gone through, and each is a search of its own.
    () =>
      options.settled() && !options.filter.value.types?.length && !options.filter.value.text ? base() : null,
    (settledOn) => {
      if (settledOn === null || settledOn === readingFor) return; // going on for this base already
      reading?.abort();
      const controller = new AbortController();
      reading = controller;
      readingFor = settledOn;
      void readAhead(compactFilter({ ...options.filter.value, types: undefined }), controller.signal).finally(
        () => {
          if (reading === controller) readingFor = null;
        },
      );
    },
  );
  // Another base: what is read ahead for the last one is no use any more.
  watch(base, () => {
    reading?.abort();
    readingFor = null;
  });
  onScopeDispose(() => reading?.abort());
}
