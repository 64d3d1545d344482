import { defineStore } from 'pinia';
import { computed, effectScope, markRaw, onScopeDispose, ref, shallowRef, watch } from 'vue';
import { useRoute } from 'vue-router';
import { countsAsUnread, interactionListTypes, withArchiveSide } from '../../../../shared/domain/index.ts';
import type { InboxFilter, InboxItem } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useLiveAttentionStore } from '../../app/live-attention.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sameOr } from '../../lib/same-values.ts';
import { tagLabel } from '../../lib/labels/index.ts';
import { useLoad } from '../../lib/use-load.ts';
import { EVERY_MINUTE, useNow } from '../../lib/use-now.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useQueryState } from '../../lib/use-query-param.ts';
import { searchTokens, type TagLook } from './inbox-format.ts';
import { compactFilter, filterKey as filterKeyOf, filterParams } from './inbox-query.ts';
import { useConnection, type Connection } from './use-connection.ts';
import { useInboxExport } from './use-inbox-export.ts';
import { useSelection } from './use-selection.ts';
import { mayTakeOut, useTriagedOut } from './triaged-out.ts';
import { useQueueTriage } from './use-queue-triage.ts';
import { useTriage } from './use-triage.ts';
import { useQueuedChangesStore } from './offline/queued-changes-store.ts';
import { useTypeScreens } from './use-type-screens.ts';

/** The types the list filters by, without the ads kinds the service lists only with ads on. */
export const listedTypes = interactionListTypes;
/** The service's own page size: one service request per page of the list. */
export const INBOX_PAGE_SIZE = 100;
/**
 * A tall window's worth of rows (about 9 show at 1280x800), read before the rest of the first
 * page: a taller window, or a scroll, asks for the rest at once (usePagedList's setRange).
 */
export const INBOX_FIRST_ROWS = 20;
/** First screens kept: the side panel's types read ahead, and the lists the person was on. */
const INBOX_KEPT_SCREENS = 24;

/**
 * The inbox's data: the filter in the address, the paged list of the chosen brands'
 * interactions, what surrounds it (unread counts, tags, saved views, whether triage is possible),
 * triage, the selection and the export.
 *
 * What lives on while the inbox is closed: what it has read (the rows of the pages kept, at most
 * a couple of thousand, the counts, tags and views) and what runs on its own (a bulk change, an
 * export), so coming back shows the list at once, read again in place. What only matters on
 * screen runs while the view is open (`open()`): the minute clock of "3 h ago", the connection
 * watcher (its retry timer and its listeners), and the selection, cleared when the inbox closes.
 */
export const useInboxStore = defineStore('inbox', () => {
  const brands = useBrandsStore();
  const route = useRoute();
  const brandIds = computed(() => brands.selected);
  const brandsKnown = computed(() => brands.loaded);
  const enabled = () => brandIds.value.length > 0;

  // The filter in the address. Read only while the inbox is open: another area's query (the
  // campaigns list's `q` and `sort`) is not this filter, and the list keeps its rows meanwhile.
  // A change takes effect on the click, before the router has written it (see useQueryState).
  const address = useQueryState(filterParams, { active: () => route.matched[0]?.name === 'inbox' });
  // The same object while the filter says the same: the router writing back the value set on the
  // click parses a new one, which would draw the filter bar and the view a second time.
  const filter = computed<InboxFilter>((previous) => {
    const next = compactFilter(address.state.value);
    return previous && filterKeyOf(previous) === filterKeyOf(next) ? previous : next;
  });
  const filterKey = computed(() => filterKeyOf(filter.value));
  /** The types chosen, the same array while they stay the same (the side panel is drawn again otherwise). */
  const chosenTypes = computed<readonly string[]>((previous) =>
    sameOr<readonly string[]>(previous, filter.value.types ?? []),
  );
  /**
   * The filter as the service is asked it: the list, a bulk change over it and the export. Its
   * archive side always said, To do when the address leaves it out (shared/domain/inbox-counting).
   */
  const query = computed<InboxFilter>(() => withArchiveSide(filter.value));
  /** The Archived side is on screen, rather than To do. */
  const archivedSide = computed(() => query.value.archived === true);

  /**
   * Puts this filter in place of the one shown (fields it leaves out are cleared). A new history
   * entry, so back undoes it, or in place of the current one while typing in the search box.
   */
  function setFilter(next: Partial<InboxFilter>, options: { replace?: boolean } = {}): void {
    const compact = compactFilter(next);
    const every = Object.fromEntries(Object.keys(filterParams).map((field) => [field, undefined]));
    address.set({ ...every, ...compact }, options);
  }
  /** Changes some fields of the filter, keeps the rest. */
  function patchFilter(change: Partial<InboxFilter>, options: { replace?: boolean } = {}): void {
    setFilter({ ...filter.value, ...change }, options);
  }
  function toggleType(type: string): void {
    const chosen = filter.value.types ?? [];
    const next = chosen.includes(type as never) ? chosen.filter((t) => t !== type) : [...chosen, type];
    patchFilter({ types: next as InboxFilter['types'] });
  }

  // The brands' tags, for the chips and the picker.
  const tags = useLoad(
    () => brandIds.value,
    (signal) => api['tags:list']({ brandIds: [...brandIds.value] }, { signal }),
    { enabled },
  );
  const tagList = computed(() => tags.data.value?.items ?? []);
  const tagLooks = computed<ReadonlyMap<number, TagLook>>(
    () => new Map(tagList.value.map((tag) => [tag.id, { name: tagLabel(tag), color: tag.color }])),
  );

  // Whether this service lets the inbox change interactions.
  const capabilities = useLoad(null, () => api['inbox:capabilities']());
  void capabilities.reload();
  const capabilitiesKnown = computed(() => capabilities.data.value !== undefined);
  const canTriage = computed(() => capabilities.data.value?.triage === true);
  const triageNote = computed(() => capabilities.data.value?.note ?? null);

  /** What triage changed since the counts were read: they follow at once, without a reload. */
  const delta = ref<Record<string, number>>({});
  const attention = useLiveAttentionStore();
  const range = computed(() => ({ from: filter.value.from, to: filter.value.to }));
  const counts = useLoad(
    () => [brandIds.value, range.value],
    (signal) => {
      delta.value = {};
      return api['inbox:unread-counts']({ brandIds: [...brandIds.value], ...range.value }, { signal });
    },
    { enabled },
  );
  function unreadOf(type: string): number | null {
    const loaded = counts.data.value?.byType[type];
    if (loaded === undefined) return null;
    return Math.max(0, loaded + (delta.value[type] ?? 0));
  }
  const unreadTotal = computed(() => {
    const loaded = counts.data.value?.total;
    if (loaded === undefined) return null;
    return Math.max(0, loaded + Object.values(delta.value).reduce((sum, n) => sum + n, 0));
  });
  /** A row changed on screen (read, archived): its type's count follows, by the one counting rule. */
  function countChange(before: InboxItem, after: InboxItem): void {
    const was = countsAsUnread(before) ? 1 : 0;
    const now = countsAsUnread(after) ? 1 : 0;
    if (was === now) return;
    // The badge's count (all of the chosen brands' unread) follows too.
    attention.unreadChanged(now - was);
    delta.value = { ...delta.value, [before.type]: (delta.value[before.type] ?? 0) + now - was };
  }

  // The profile's saved views, each with its unread count.
  const views = useLoad(
    () => brandIds.value,
    (signal) => api['inbox:views']({ brandIds: [...brandIds.value] }, { signal }),
    { enabled },
  );
  async function saveView(name: string): Promise<void> {
    await api['inbox:save-view']({ name, filter: filter.value });
    await views.reload();
  }
  async function deleteView(id: string): Promise<void> {
    await api['inbox:delete-view']({ id });
    await views.reload();
  }
  /** The saved view whose filter is on screen, if any. */
  const currentViewId = computed(() => {
    const items = views.data.value?.items ?? [];
    return items.find((view) => filterKeyOf(view.filter) === filterKey.value)?.id ?? null;
  });

  /** Whether the service answers, as the list's calls found: watched only while the inbox is open. */
  const connection = shallowRef<Connection | null>(null);
  const offlineSince = computed(() => connection.value?.since.value ?? null);

  /** The list's key: the brands and the filter (its key computed once per filter shown). */
  const listKey = () => `${brandIds.value.join(',')}|${filterKey.value}`;
  const keyOf = (filter: InboxFilter) => `${brandIds.value.join(',')}|${filterKeyOf(filter)}`;
  const list = usePagedList<InboxItem>({
    pageSize: INBOX_PAGE_SIZE,
    firstRows: INBOX_FIRST_ROWS,
    keepScreens: INBOX_KEPT_SCREENS,
    key: () => listKey(),
    enabled,
    async load(offset, limit, signal, { countLater = false } = {}) {
      try {
        const answer = await api['inbox:list'](
          { query: { brandIds: [...brandIds.value], filter: query.value }, offset, limit, countLater },
          { signal },
        );
        connection.value?.answered();
        return answer;
      } catch (thrown) {
        connection.value?.failed(toCallError(thrown));
        throw thrown;
      }
    },
  });

  useTypeScreens({
    brandIds,
    filter,
    types: listedTypes,
    rows: INBOX_FIRST_ROWS,
    settled: () => list.count.value !== undefined && !list.replacing.value,
    keyOf,
    hasScreen: list.hasScreen,
    keepScreen: list.keepScreen,
  });

  /** Bumped after every change the service took: the overview and insights read themselves again. */
  const refreshKey = ref(0);
  /** The list as shown: less the rows triaged out of it, which leave before the service answers. */
  const shown = useTriagedOut(list, listKey);
  const triage = useTriage({
    brandIds,
    filter: query,
    updateItem: list.updateItem,
    countChange,
    afterBulk: (target, change) => {
      list.forgetScreens();
      void counts.reload();
      void attention.reload();
      void views.reload();
      // Rows out of reach changed too; rows the change took out of the list (archived in To do)
      // leave with the pages read again.
      if (target === 'filter' || mayTakeOut(query.value, change)) void list.refresh();
    },
    changed: () => refreshKey.value++,
  });
  /** The last row triaged that the list does not hold (the pane opened from a link), as answered. */
  const answeredApart = shallowRef<InboxItem | null>(null);
  const queue = useQueueTriage({
    query,
    update: async (id, change) => {
      const answer = await triage.update(id, change);
      if (answer && list.indexOf(id) === -1) answeredApart.value = answer;
      return answer;
    },
    hide: shown.hide,
    show: shown.show,
    isHidden: shown.isHidden,
  });

  /** When this computer's copy of the inbox last heard from the service: the offline line says so. */
  const mirrorSyncedAt = ref<number | null>(null);
  watch(
    offlineSince,
    async (since) => {
      if (since === null) return;
      // Only a line of text depends on it: without an answer the line says what it said before.
      const status = await api['mirror:status']().catch(() => null);
      mirrorSyncedAt.value = status?.syncedAt ?? null;
    },
    { immediate: true },
  );

  // Back online: what surrounds the list catches up too.
  watch(offlineSince, (since, before) => {
    if (since !== null || before === null) return;
    // The rows may be this computer's copy, answered while offline: the service's come now.
    void list.refresh();
    void counts.reload();
    void views.reload();
    refreshKey.value++;
  });

  // Triage done offline left the line (sent, or refused): its rows read again as the service has
  // them now, and the counts with them.
  const queuedChanges = useQueuedChangesStore();
  onScopeDispose(
    queuedChanges.settled((ids) => {
      for (const id of ids)
        void api['inbox:get']({ brandIds: [...brandIds.value], id })
          .then((item) => item && list.updateItem(id, () => item))
          .catch(() => undefined); // the row stays as it reads; the next read of the list mends it
      void counts.reload();
      refreshKey.value++;
    }),
  );

  /** Something arrived on the service: the counts around the list read again at once. */
  function countsChanged(): void {
    // The lists kept may miss what arrived: each is read anew when chosen.
    list.forgetScreens();
    void counts.reload();
    void views.reload();
    refreshKey.value++;
  }

  const selection = useSelection((index) => shown.itemAt(index)?.id, listKey);
  const exporter = useInboxExport(brandIds, query);

  // The same array while the words stay the same: every row on screen takes it, and a new one on
  // each filter change (a new filter is parsed from the address) would draw them all again.
  const searchedTokens = computed<readonly string[]>((previous) =>
    sameOr(previous, searchTokens(filter.value.text, filter.value.keywordList)),
  );
  /**
   * The words the rows on screen mark: those of the list they belong to. A new search's words
   * follow when its rows take the place of the last one's (the list's generation), rather than
   * marking, and drawing again, the rows it is about to replace.
   */
  const tokens = shallowRef<readonly string[]>(searchedTokens.value);
  watch(list.generation, () => (tokens.value = searchedTokens.value));
  /** The view is on screen (between `open()` and the function it returns). */
  const onScreen = ref(false);
  /** The clock relative times read; once a minute is enough for "3 h ago" (while open). */
  const now = useNow(onScreen, EVERY_MINUTE);

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

  let openedBefore = false;
  /**
   * The view is on screen: the clock and the connection watcher run until the returned function
   * is called (the view closing). Coming back, what was read is read again in place: the rows
   * kept stay on screen until their pages answer, so the list does not blank.
   */
  function open(): () => void {
    const live = effectScope(true);
    live.run(() => {
      connection.value = useConnection(() => list.refresh());
    });
    onScreen.value = true;
    if (openedBefore) {
      // The view starts at the top of the list: the pages there are the ones to read again.
      // A page 0 forgotten is read now by setRange; one kept is read again with its rows shown.
      list.setRange(0, 0);
      if (list.pageAt(0).status !== 'loading') void list.refresh();
      void counts.reload();
      void views.reload();
      void tags.reload();
      void capabilities.reload();
    }
    openedBefore = true;
    return () => {
      live.stop();
      onScreen.value = false;
      connection.value = null;
      selection.clear();
    };
  }

  return {
    brandIds,
    brandsKnown,
    filter,
    filterKey,
    chosenTypes,
    query,
    archivedSide,
    setFilter,
    patchFilter,
    toggleType,
    tagList,
    tagLooks,
    capabilitiesKnown,
    canTriage,
    triageNote,
    unreadOf,
    unreadTotal,
    views,
    saveView,
    deleteView,
    currentViewId,
    offlineSince,
    mirrorSyncedAt,
    refreshKey,
    countsChanged,
    tokens,
    now,
    assignees,
    open,
    // Kept raw (their refs read as refs): the list's row reads run for every row drawn, and go
    // straight to the paged list rather than through the store's proxy and action hooks.
    list: markRaw(list),
    shown: markRaw(shown),
    triage: markRaw(triage),
    queue: markRaw(queue),
    answeredApart,
    selection: markRaw(selection),
    exporter: markRaw(exporter),
  };
});

export type InboxStore = ReturnType<typeof useInboxStore>;
export type { InboxItem };
