import { onScopeDispose, ref, shallowRef, watch, type WatchSource } from 'vue';
import type { ContractCallError, ListAnswer } from '../../../shared/contract/index.ts';
import { toCallError } from './call-error.ts';
import { KeptScreens } from './kept-screens.ts';

export type PageStatus = 'loading' | 'loaded' | 'failed';

/**
 * Pages read and kept on each side of the rows in view; those further away are forgotten (read
 * again if scrolled back to), so a long scroll through 100k rows holds a few thousand at most.
 */
const KEEP_PAGES = 10;

/**
 * How long a list's first rows stay on screen before the rest of their page is read (at once if
 * the person scrolls past them): going through filters reads no rest for the lists passed by, and
 * main, answering the next list, is not held up by the last one's rest.
 */
export const REST_PAUSE_MS = 200;

/** A kept first screen older than this is not shown: the list's own read would change too much of it. */
export const KEPT_SCREEN_MS = 60_000;

interface Page<T> {
  status: PageStatus;
  items: T[];
  error: ContractCallError | null;
  controller: AbortController | null;
  /** Rows changed in place (`updateItem`) while the page was being read: they stay as changed. */
  changed?: Set<unknown>;
}

export interface PagedListOptions<T> {
  pageSize: number;
  /**
   * One page of the list; aborting the signal abandons it (main drops it from its queue).
   * `countLater`: the first rows of a list starting over, which may come with a count still
   * pending (`countPending`); the rest of their page then brings it whole.
   */
  load: (
    offset: number,
    limit: number,
    signal: AbortSignal,
    options?: { countLater?: boolean },
  ) => Promise<ListAnswer<T>>;
  /** The list's identity: when it changes the list starts over from its first page. */
  key: WatchSource<string>;
  /** Load only while this holds (a brand is chosen). */
  enabled: () => boolean;
  /**
   * Rows the first page of a list starting over reads on its own first (a screenful), when a
   * page's answer takes long enough to be worth splitting; by default the whole page at once.
   */
  firstRows?: number;
  /**
   * How many lists' first screens are kept (`firstRows` each, the ones the person was on and any
   * put in with `keepScreen`): a list starting over on one shows it at once, with no call, and
   * reads its first page again once the person stays on it (see REST_PAUSE_MS). None by default.
   */
  keepScreens?: number;
}

/** Where a row's page stands: what the list draws in place of a row not read (yet). */
export interface PageState {
  index: number;
  status: PageStatus | 'idle';
  error: ContractCallError | null;
}

/**
 * The one engine for every long list of the app (virtual or paged): the list is read page by
 * page as its rows come into view: only the pages in view (and one on each side) are loaded, a
 * page still loading when it leaves that window is cancelled, pages far from view are forgotten,
 * and a page that failed says so in place with its own retry while the others keep working.
 * Rows already read stay when a refresh fails, and a list starting over (its `key` changed) keeps
 * the rows on screen until the new list's first rows come (while the service cannot be reached,
 * until it can), so the list never blanks.
 *
 * The view gives it the rows in view (`setRange`, from the virtual list's `range`) and draws
 * `itemAt(index)`, or a placeholder from `pageAt(index)` while that is undefined; `count` is
 * undefined until the first page answered (and the rows known so far while `countPending`),
 * `firstError` says why when it failed, `replacing` is true while a new list's first page is read,
 * and `generation` changes when a new list took the place of the last (back to its top).
 */
export function usePagedList<T extends { id: number | string }>(options: PagedListOptions<T>) {
  const { pageSize } = options;
  /** Rows matching, as the last answer said; undefined until the first page answers. */
  const count = ref<number | undefined>(undefined);
  /** The count is the rows known so far, the whole of it on its way (with the rest of the first page). */
  const countPending = ref(false);
  /** Bumped on every change to the pages: what row renders depend on. */
  const revision = ref(0);
  /** The first page's failure while nothing is known yet (the whole list failed). */
  const firstError = shallowRef<ContractCallError | null>(null);
  const loading = ref(false);
  /** True while a list starting over reads its first page, the rows before it still shown. */
  const replacing = ref(false);
  /** Bumped when a new list takes the place of the one shown: the view goes back to its top. */
  const generation = ref(0);
  let pages = new Map<number, Page<T>>();
  /** The new list's pages while the old rows stay on screen (see reset). */
  let incoming: Map<number, Page<T>> | null = null;
  let range = { start: 0, end: 0 };
  const screens = options.keepScreens ? new KeptScreens<T>(options.keepScreens, KEPT_SCREEN_MS) : null;
  /** The key of the list each map of pages holds (the one shown, the one on its way). */
  const keyOf = new WeakMap<Map<number, Page<T>>, string>();
  let currentKey = '';
  /** Ends the wait for the rest of a first page (the person scrolled past its first rows). */
  let restWanted: (() => void) | null = null;

  /** Resolves when the rest of a first page is worth reading (see REST_PAUSE_MS). */
  function whenRestWanted(firstRows: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (restWanted === done) restWanted = null;
        resolve();
      };
      const timer = setTimeout(done, REST_PAUSE_MS);
      restWanted = done;
      if (range.end >= firstRows) done();
    });
  }

  const pageOfIndex = (index: number) => Math.floor(index / pageSize);
  /** After a change to the pages; `shown` false when it is none of the rows on screen. */
  const touch = (shown = true) => {
    if (shown) revision.value++;
    loading.value = [...pages.values(), ...(incoming?.values() ?? [])].some(
      (page) => page.status === 'loading',
    );
  };

  /** The new list's first answer came (or failed): it takes the place of the one shown. */
  function takeOver(map: Map<number, Page<T>>): void {
    if (map !== incoming) return;
    pages = map;
    incoming = null;
    replacing.value = false;
    range = { start: 0, end: 0 };
    generation.value++;
  }

  /** `startingOver`: the first page of a list taking the place of another (see `reset`). */
  async function loadPage(index: number, map = pages, startingOver = false): Promise<void> {
    const previous = map.get(index);
    previous?.controller?.abort();
    const controller = new AbortController();
    // Rows already read stay on screen while their page is read again.
    const page: Page<T> = { status: 'loading', items: previous?.items ?? [], error: null, controller };
    map.set(index, page);
    // A new list's first page, read while the old rows stay: nothing on screen changes yet.
    touch(map !== incoming);
    const stale = () =>
      controller.signal.aborted || (map !== pages && map !== incoming) || map.get(index) !== page;
    try {
      let answer: ListAnswer<T>;
      const firstRows = options.firstRows ?? pageSize;
      if (index === 0 && page.items.length === 0 && firstRows < pageSize) {
        // A list starting over reads what fills the screen first, so its rows show sooner (the
        // answer's size is most of a page's time), then the rest of the page; or shows the
        // screen kept from before at once (no await: in the same task as the change).
        const key = keyOf.get(map);
        const kept = key === undefined || !startingOver ? undefined : screens?.get(key);
        const head: ListAnswer<T> = kept
          ? { ...kept, items: [...kept.items] }
          : await options.load(0, firstRows, controller.signal, { countLater: true });
        if (stale()) return;
        takeOver(map);
        if (key !== undefined && !kept) screens?.keep(key, head, firstRows);
        page.items = head.items;
        count.value = head.count;
        countPending.value = head.countPending === true;
        firstError.value = null;
        touch();
        answer = head;
        if (kept) {
          // Read again, whole, once the person stays on it: the kept rows as the list has them now.
          await whenRestWanted(firstRows);
          if (stale()) return;
          const again = await options.load(0, pageSize, controller.signal);
          if (stale()) return;
          answer = { ...again, items: again.items.map((item) => changedRow(page, item)) };
        } else if ((head.count > head.items.length || head.countPending) && head.items.length === firstRows) {
          // The rest once the person stays on the list (see REST_PAUSE_MS): read with the first
          // rows, its answer (the larger part of the page) would hold up their frame.
          await whenRestWanted(firstRows);
          if (stale()) return;
          const rest = await options.load(firstRows, pageSize - firstRows, controller.signal);
          if (stale()) return;
          // The first rows as they are now: a change made to one meanwhile (read on opening it,
          // archived) stays.
          answer = { ...rest, items: [...page.items, ...rest.items] };
        }
      } else {
        answer = await options.load(index * pageSize, pageSize, controller.signal);
        if (stale()) return;
        takeOver(map);
      }
      Object.assign(page, { status: 'loaded', items: answer.items, controller: null, changed: undefined });
      const key = keyOf.get(map);
      if (index === 0 && key !== undefined) screens?.keep(key, answer, options.firstRows ?? pageSize);
      count.value = answer.count;
      countPending.value = answer.countPending === true;
      if (index === 0 || firstError.value) firstError.value = null;
    } catch (thrown) {
      if (stale()) return;
      const error = toCallError(thrown);
      if (error.code === 'cancelled') {
        map.delete(index);
      } else if (map === incoming && error.code === 'offline') {
        // The service cannot be reached: the rows read before stay on screen as they are (not
        // marked busy: nothing is on its way), and the new list is read when it is asked again
        // (refresh, retry), taking their place once it answers.
        Object.assign(page, { status: 'failed', error, controller: null });
        firstError.value = error;
        replacing.value = false;
      } else {
        if (map === incoming) {
          takeOver(map);
          count.value = undefined; // the new list failed before anything of it was known
          countPending.value = false;
        }
        Object.assign(page, { status: 'failed', error, controller: null });
        if (count.value === undefined) firstError.value = error;
      }
    }
    touch();
  }

  /** A row of an answer, or the page's own copy of it where that was changed meanwhile. */
  function changedRow(page: Page<T>, item: T): T {
    if (!page.changed?.has(item.id)) return item;
    return page.items.find((mine) => mine.id === item.id) ?? item;
  }

  /** The rows in view changed: load what they need, cancel what they left behind. */
  function setRange(start: number, end: number): void {
    range = { start, end };
    if (end >= (options.firstRows ?? pageSize)) restWanted?.();
    if (incoming) return; // the rows on screen are about to be replaced: nothing to read for them
    const first = pageOfIndex(start);
    const last = pageOfIndex(end);
    let dropped = false;
    for (const [index, page] of pages) {
      const far = index < first - KEEP_PAGES || index > last + KEEP_PAGES;
      const passed = page.status === 'loading' && (index < first - 1 || index > last + 1);
      if (passed || far) {
        page.controller?.abort();
        pages.delete(index);
        dropped = true;
      }
    }
    const total = count.value ?? 0;
    for (let index = first; index <= last && index * pageSize < Math.max(total, 1); index++) {
      if (!pages.has(index)) void loadPage(index);
    }
    // Scrolling within the pages read changes nothing the rows depend on: no re-render for it.
    if (dropped) touch();
  }

  function itemAt(index: number): T | undefined {
    void revision.value;
    return pages.get(pageOfIndex(index))?.items[index % pageSize];
  }

  function pageAt(index: number): PageState {
    void revision.value;
    const pageIndex = pageOfIndex(index);
    const page = pages.get(pageIndex);
    return { index: pageIndex, status: page?.status ?? 'idle', error: page?.error ?? null };
  }

  /**
   * Starts the list over (the filter or the brands changed). The rows on screen stay, marked as
   * being replaced, until the new list's first rows come: no blank list and no skeleton between
   * two lists, and the screen redraws once.
   */
  function reset(): void {
    for (const page of [...pages.values(), ...(incoming?.values() ?? [])]) page.controller?.abort();
    firstError.value = null;
    const rowsShown = (count.value ?? 0) > 0;
    if (options.enabled() && rowsShown) {
      incoming = new Map();
      keyOf.set(incoming, currentKey);
      replacing.value = true;
      void loadPage(0, incoming, true);
      return;
    }
    pages = new Map();
    keyOf.set(pages, currentKey);
    incoming = null;
    replacing.value = false;
    count.value = undefined;
    countPending.value = false;
    range = { start: 0, end: 0 };
    generation.value++;
    if (options.enabled()) void loadPage(0, pages, true);
    else touch();
  }

  /**
   * Reads the pages in view again, keeping their rows until the answers come; pages out of view
   * are forgotten (read again when scrolled back to).
   */
  function refresh(): Promise<void> {
    screens?.clear();
    // A new list still waiting for its first page: that page is what to read.
    if (incoming) return loadPage(0, incoming);
    const first = pageOfIndex(range.start);
    const last = pageOfIndex(range.end);
    for (const [index, page] of pages) {
      if (index < first || index > last) {
        page.controller?.abort();
        pages.delete(index);
      }
    }
    const wanted = [];
    for (let index = first; index <= last; index++) wanted.push(loadPage(index));
    if (wanted.length === 0) wanted.push(loadPage(0));
    return Promise.all(wanted).then(() => undefined);
  }

  function retryPage(index: number): Promise<void> {
    return loadPage(index);
  }

  /** The failed pages, read again (after the service came back). */
  function retryFailed(): Promise<void> {
    if (incoming) return loadPage(0, incoming);
    const failed = [...pages].filter(([, page]) => page.status === 'failed').map(([index]) => index);
    if (count.value === undefined && !pages.has(0)) failed.push(0);
    return Promise.all(failed.map((index) => loadPage(index))).then(() => undefined);
  }

  /**
   * Changes one row in place (an optimistic change, or the service's answer to it), found by its
   * id, or by a test where an id alone does not name a row (posts: one id per channel).
   */
  function updateItem(match: T['id'] | ((item: T) => boolean), change: (item: T) => T): T | undefined {
    const matches = typeof match === 'function' ? match : (item: T) => item.id === match;
    for (const page of pages.values()) {
      const at = page.items.findIndex(matches);
      if (at === -1) continue;
      const before = page.items[at]!;
      page.items = page.items.slice();
      page.items[at] = change(before);
      if (page.status === 'loading') (page.changed ??= new Set()).add(before.id);
      // A kept screen may hold the row as it was, or a list it now leaves or joins.
      screens?.clear();
      touch();
      return before;
    }
    return undefined;
  }

  /** Every row read so far (what the rows read have in common, select-all on screen). */
  function loadedItems(): T[] {
    void revision.value;
    return [...pages.values()].flatMap((page) => page.items);
  }

  /** The index of a row already read, or -1. */
  function indexOf(id: T['id']): number {
    for (const [pageIndex, page] of pages) {
      const at = page.items.findIndex((item) => item.id === id);
      if (at !== -1) return pageIndex * pageSize + at;
    }
    return -1;
  }

  watch(
    options.key,
    (key) => {
      currentKey = key;
      reset();
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    for (const page of pages.values()) page.controller?.abort();
  });

  return {
    count,
    countPending,
    revision,
    replacing,
    generation,
    firstError,
    loading,
    itemAt,
    pageAt,
    setRange,
    reset,
    refresh,
    retryPage,
    retryFailed,
    updateItem,
    loadedItems,
    indexOf,
    /** Keeps a first screen of the list of `key`, read ahead (see `keepScreens`). */
    keepScreen: (key: string, answer: ListAnswer<T>) =>
      screens?.keep(key, answer, options.firstRows ?? pageSize),
    hasScreen: (key: string) => screens?.has(key) === true,
    /** Forgets the kept screens: the rows may have changed in ways not told row by row. */
    forgetScreens: () => screens?.clear(),
  };
}
