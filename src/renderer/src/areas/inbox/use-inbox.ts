import { useIntervalFn } from '@vueuse/core';
import { computed, ref, shallowRef, watch } from 'vue';
import { interactionListTypes } from '../../../../shared/domain/index.ts';
import type { InboxFilter, InboxItem } from '../../../../shared/contract/index.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { searchTokens } from './inbox-format.ts';
import { filterKey } from './filter-query.ts';
import { useInboxData } from './use-inbox-data.ts';
import { useInboxExport } from './use-inbox-export.ts';
import { useInboxFilter } from './use-inbox-filter.ts';
import { useInboxList } from './use-inbox-list.ts';
import { useSelection } from './use-selection.ts';
import { useTriage } from './use-triage.ts';

/** The types the list filters by, without the ads kinds the service lists only with ads on. */
export const listedTypes = interactionListTypes;

/**
 * Everything the inbox screen works with, put together once: the filter in the address, the
 * paged list, what surrounds it (counts, tags, views, capabilities), triage, the selection and
 * the export.
 */
export function useInbox() {
  const brands = useBrandsStore();
  const brandIds = computed(() => brands.selected);
  const brandsKnown = computed(() => brands.loaded);
  const { filter, key, set, patch } = useInboxFilter();

  const list = useInboxList(brandIds, filter, key);
  const data = useInboxData(brandIds, filter);
  /** Bumped after every change the service took: the overview and insights read themselves again. */
  const refreshKey = ref(0);

  const triage = useTriage({
    brandIds,
    filter,
    updateItem: list.updateItem,
    countReadChange: data.countReadChange,
    afterBulk: (target) => {
      void data.counts.reload();
      void data.views.reload();
      if (target === 'filter') void list.refresh();
    },
    changed: () => refreshKey.value++,
  });

  // Back online: what surrounds the list catches up too.
  watch(list.offlineSince, (since, before) => {
    if (since !== null || before === null) return;
    void data.counts.reload();
    void data.views.reload();
    refreshKey.value++;
  });

  const selection = useSelection(
    (index) => list.itemAt(index)?.id,
    () => `${brandIds.value.join(',')}|${key.value}`,
  );
  const exporter = useInboxExport(brandIds, filter);

  // The same array while the words stay the same: every row on screen takes it, and a new one on
  // each filter change (a new filter is parsed from the address) would draw them all again.
  const tokens = computed<readonly string[]>((previous) => {
    const next = searchTokens(filter.value.text, filter.value.keywordList);
    const same = previous?.length === next.length && next.every((token, at) => previous[at] === token);
    return same && previous ? previous : next;
  });
  /** The clock relative times read; once a minute is enough for "3 h ago". */
  const now = ref(Date.now());
  useIntervalFn(() => (now.value = Date.now()), 60_000);

  /**
   * Assignees seen in the rows read so far (the only users the interface lets us know), kept while
   * the brands stay the same even when the list forgets pages far from view. A new array only
   * when one was added, so the filter bar is not drawn again for every page the list reads.
   */
  const assignees = shallowRef<number[]>([]);
  const seenAssignees = new Set<number>();
  watch(brandIds, () => {
    seenAssignees.clear();
    assignees.value = [];
  });
  watch(list.revision, () => {
    const before = seenAssignees.size;
    for (const item of list.loadedItems()) if (item.assignee_id) seenAssignees.add(item.assignee_id);
    if (seenAssignees.size !== before) assignees.value = [...seenAssignees].sort((a, b) => a - b);
  });

  /** The saved view whose filter is on screen, if any. */
  const currentViewId = computed(() => {
    const views = data.views.data.value?.items ?? [];
    return views.find((view) => filterKey(view.filter) === key.value)?.id ?? null;
  });

  function toggleType(type: string): void {
    const chosen = filter.value.types ?? [];
    const next = chosen.includes(type as never) ? chosen.filter((t) => t !== type) : [...chosen, type];
    void patch({ types: next as InboxFilter['types'] });
  }

  return {
    brandIds,
    brandsKnown,
    filter,
    filterKey: key,
    setFilter: set,
    patchFilter: patch,
    toggleType,
    list,
    data,
    triage,
    selection,
    exporter,
    tokens,
    now,
    assignees,
    currentViewId,
    refreshKey,
  };
}

export type Inbox = ReturnType<typeof useInbox>;
export type { InboxItem };
