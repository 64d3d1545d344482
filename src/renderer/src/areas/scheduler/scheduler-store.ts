import { useThrottleFn } from '@vueuse/core';
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { useRoute } from 'vue-router';
import type {
  PostChange,
  PostingSchedule,
  PostsQueryInput,
  PostView,
  WeeklySlot,
} from '../../../../shared/contract/index.ts';
import type { PostStatus, ScheduledPostListSort, SchedulerChannel } from '../../../../shared/domain/index.ts';
import { api, on } from '../../api/contract-client.ts';
import { brandLabel, useBrandsStore } from '../../app/brands-store.ts';
import { useLoad } from '../../lib/use-load.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useQueryState } from '../../lib/use-query-param.ts';
import { postKey, type FreeSlot } from './calendar-events.ts';
import { matchesSearch, searchWords } from './post-labels.ts';
import { DEFAULT_MODE, DEFAULT_SORT, schedulerQueryParams, type SchedulerMode } from './scheduler-query.ts';

export type { SchedulerMode } from './scheduler-query.ts';

/** What an action on a post came to, in a sentence (with its Undo when it has one). */
export interface PostNotice {
  kind: 'success' | 'info' | 'error';
  text: string;
  /** The post it is about (`channel:id`). */
  about: string;
  undo?: () => void;
  /** Names the message for tests and assistive reading ('moved-message', ...). */
  testId: string;
}

/** The calendar asks one range at a time, in pages this large. */
const PAGE = 500;
/** A range holding more posts than this shows the first ones and says so. */
const CALENDAR_MAX = 5_000;
const UNSCHEDULED_MAX = 200;
export const LIST_PAGE_SIZE = 50;

/** Every post of a query, page by page (the calendar's range, the side list). */
async function readAll(query: PostsQueryInput, max: number, signal: AbortSignal) {
  const items: PostView[] = [];
  let count: number;
  do {
    const page = await api['posts:list']({ query, offset: items.length, limit: PAGE }, { signal });
    count = page.count;
    items.push(...page.items);
    if (page.items.length === 0) break;
  } while (items.length < Math.min(count, max));
  return { count, items: items.slice(0, max) };
}

const sameKey = (a: PostView, b: Pick<PostView, 'channel' | 'id'>) =>
  a.channel === b.channel && a.id === b.id;

/** The minute an instant falls in: a post holds a posting time when it goes out in that minute. */
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

/**
 * A page's rows in the list's order, as the service sorts them (posts without the value last),
 * so a post moved from the list takes its new place at once, before the service is asked again.
 */
function inListOrder(rows: PostView[], sort: ScheduledPostListSort): PostView[] {
  const field = sort.replace(/^-/, '');
  if (field !== 'TIMESTAMP' && field !== 'UPDATED_AT') return rows;
  const sign = sort.startsWith('-') ? -1 : 1;
  const valueOf = (post: PostView) => (field === 'TIMESTAMP' ? post.timestamp : post.updated_at);
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (Date.parse(x) - Date.parse(y));
  });
}

/**
 * The Scheduler's posts: the calendar's range, the unscheduled ones beside it, and the list's page,
 * all over the chosen brands and the filters; a reschedule or a delete shows at once everywhere.
 *
 * The store outlives the page (the filters and the range are there when the person comes back),
 * so what it keeps must follow every change the app makes to a post elsewhere: main announces
 * each one (`posts:changed`, e.g. a draft the outbox sent), the post's new version replaces the
 * old at once, and the answers are read again, now while the page is shown, or when it is next.
 */
export const useSchedulerStore = defineStore('scheduler', () => {
  const brands = useBrandsStore();
  const route = useRoute();

  // The view is in the address, read only while the Scheduler is open: another area's query (which
  // may have a `view` of its own) is not taken for the Scheduler's.
  const address = useQueryState(schedulerQueryParams, {
    active: () => route.matched[0]?.name === 'scheduler',
  });
  /** The view shown last: the one the page comes back to when the address names none (the menu). */
  const lastMode = ref<SchedulerMode>(DEFAULT_MODE);
  /** The view on screen: the address's, else the one shown last. */
  const mode = computed<SchedulerMode>({
    get: () => address.state.value.mode ?? lastMode.value,
    // In place of the current entry, not a new one: back leaves the Scheduler rather than
    // walking through the views picked.
    set: (next) => {
      lastMode.value = next;
      address.set({ mode: next }, { replace: true });
    },
  });
  watch(mode, (shown) => (lastMode.value = shown));
  /** Words the posts shown must hold (in the address, written in place as the person types). */
  const search = computed<string>({
    get: () => address.state.value.search,
    set: (text) => address.set({ search: text }, { replace: true }),
  });
  const words = computed(() => searchWords(search.value));
  const shownBySearch = (posts: readonly PostView[]) =>
    words.value.length === 0 ? posts : posts.filter((post) => matchesSearch(post, words.value, brandLabel));
  const channels = ref<SchedulerChannel[]>([]);
  const statuses = ref<PostStatus[]>([]);
  /** The calendar's visible range, as it reports it. */
  const range = ref<{ from: string; to: string } | null>(null);
  /** The list's own filters. */
  // The list's choices are in the address: a reload keeps them.
  const hasScheduledTime = computed<boolean | null>({
    get: () => ({ any: null, yes: true, no: false })[address.state.value.scheduled],
    set: (value) => address.set({ scheduled: value === null ? 'any' : value ? 'yes' : 'no' }),
  });
  const listRange = ref<[number, number] | null>(null);
  const sort = computed<ScheduledPostListSort>({
    get: () => address.state.value.sort,
    set: (value) => address.set({ sort: value }),
  });
  const page = ref(1);

  const common = () => ({
    brandIds: [...brands.selected],
    ...(channels.value.length ? { channels: [...channels.value] } : {}),
    ...(statuses.value.length ? { statuses: [...statuses.value] } : {}),
  });
  const hasBrands = () => brands.selected.length > 0;

  const calendar = useLoad(
    () => [brands.selected, channels.value, statuses.value, range.value, mode.value !== 'list'],
    async (signal) => {
      const asked = range.value!;
      const { from, to } = asked;
      const answer = await readAll(
        { ...common(), hasScheduledTime: true, from, to, sort: 'TIMESTAMP' },
        CALENDAR_MAX,
        signal,
      );
      // Which range the answer is for: while the next range loads (or failed), it is another one.
      return { ...answer, range: asked };
    },
    { enabled: () => hasBrands() && range.value !== null && mode.value !== 'list' },
  );
  const unscheduled = useLoad(
    () => [brands.selected, channels.value, statuses.value, mode.value !== 'list'],
    (signal) =>
      readAll({ ...common(), hasScheduledTime: false, sort: 'SORT_INDEX' }, UNSCHEDULED_MAX, signal),
    { enabled: () => hasBrands() && mode.value !== 'list' },
  );

  /** The profile's posting schedule: times of the week per channel and brand, and their zone. */
  // Read again with the brands: another profile (its own schedule) brings other brands.
  const schedule = useLoad(
    () => brands.available,
    (signal) => api['schedule:get'](undefined, { signal }),
  );
  /** The posting times in the week on screen (the month draws none: a day has no room). */
  const slots = useLoad(
    () => [brands.selected, channels.value, range.value, mode.value, schedule.data.value],
    async (signal) => {
      const asked = range.value!;
      const answer = await api['schedule:slots'](
        {
          brandIds: [...brands.selected],
          ...(channels.value.length ? { channels: [...channels.value] } : {}),
          ...asked,
        },
        { signal, lane: 'background' },
      );
      return { ...answer, range: asked };
    },
    {
      enabled: () =>
        hasBrands() &&
        range.value !== null &&
        mode.value === 'week' &&
        (schedule.data.value?.schedules.length ?? 0) > 0,
    },
  );
  /** The week's posting times still to come that no post of their channel and brand holds. */
  const freeSlots = computed<FreeSlot[]>(() => {
    const answer = slots.data.value;
    if (
      !answer ||
      answer.range !== range.value ||
      mode.value !== 'week' ||
      !schedule.data.value?.schedules.length
    )
      return [];
    const held = new Set(
      (calendar.data.value?.items ?? []).map(
        (post) => `${post.channel}:${post.brand_id}:${minuteOf(post.timestamp!)}`,
      ),
    );
    const now = Date.now();
    return answer.slots.filter(
      (slot) =>
        Date.parse(slot.start) > now && !held.has(`${slot.channel}:${slot.brandId}:${minuteOf(slot.start)}`),
    );
  });

  /** Replaces a channel and brand's posting times; the free times shown follow. */
  async function setPostingTimes(channel: SchedulerChannel, brandId: number, times: WeeklySlot[]) {
    schedule.data.value = await api['schedule:set-times']({ channel, brandId, slots: times });
  }
  async function setTimeZone(timeZone: string): Promise<PostingSchedule> {
    return (schedule.data.value = await api['schedule:set-time-zone']({ timeZone }));
  }
  /** The next posting time of the post's channel and brand that no post holds (or why there is none). */
  function nextFreeTime(post: PostView) {
    return api['schedule:next-free']({ channel: post.channel, brandId: post.brand_id });
  }

  const listQuery = computed<PostsQueryInput>(() => ({
    ...common(),
    ...(hasScheduledTime.value !== null ? { hasScheduledTime: hasScheduledTime.value } : {}),
    ...(listRange.value
      ? {
          from: new Date(listRange.value[0]).toISOString(),
          // The picker's end is the start of the last day chosen: the range takes that whole day.
          to: new Date(listRange.value[1] + 86_400_000).toISOString(),
        }
      : {}),
    sort: sort.value,
  }));
  const listShown = () => hasBrands() && mode.value === 'list';
  /** The list, a page of the table at a time; pages read before are kept for going back to them. */
  const list = usePagedList<PostView>({
    pageSize: LIST_PAGE_SIZE,
    key: () => (listShown() ? JSON.stringify(listQuery.value) : ''),
    enabled: listShown,
    load: (offset, limit, signal) => api['posts:list']({ query: listQuery.value, offset, limit }, { signal }),
  });
  // The table shows one page: the list reads that page's rows (again after a new list started).
  watch(
    [page, list.generation],
    () => {
      const start = (page.value - 1) * LIST_PAGE_SIZE;
      list.setRange(start, start + LIST_PAGE_SIZE - 1);
    },
    { immediate: true },
  );
  /** The page's rows; while a page not read yet loads, the page shown before stays. */
  const pageRows = computed<PostView[]>((previous) => {
    void list.revision.value;
    const start = (page.value - 1) * LIST_PAGE_SIZE;
    const end = Math.min(start + LIST_PAGE_SIZE, list.count.value ?? 0);
    const rows: PostView[] = [];
    for (let index = start; index < end; index++) {
      const post = list.itemAt(index);
      if (!post) return list.pageAt(start).status === 'loading' ? (previous ?? []) : rows;
      rows.push(post);
    }
    return inListOrder(rows, sort.value);
  });
  /** The page's rows the search keeps. */
  const listRows = computed(() => shownBySearch(pageRows.value) as PostView[]);

  /*
   * The list starts today: a list in publish time order opens on the page holding today's first
   * post, scrolled to it (earlier posts are above it and on the pages before), as asked of the
   * service when the list is new.
   */
  /** Where today's first post is in the list (null: the list is in another order). */
  const todayIndex = ref<number | null>(null);
  async function pageOfToday(key: string): Promise<void> {
    todayIndex.value = null;
    if (sort.value !== DEFAULT_SORT || listRange.value || hasScheduledTime.value === false) return;
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    try {
      const before = await api['posts:list']({
        query: { ...common(), hasScheduledTime: true, to: today.toISOString(), sort: 'TIMESTAMP' },
        offset: 0,
        limit: 1,
      });
      // Still the same list, and nobody turned a page meanwhile.
      if (key !== JSON.stringify(listQuery.value) || page.value !== 1) return;
      todayIndex.value = before.count;
      page.value = Math.floor(before.count / LIST_PAGE_SIZE) + 1;
    } catch {
      // The list itself says what went wrong; it stays on its first page.
    }
  }
  /** The row of today's first post, when the page shown holds it: the table scrolls to it. */
  const firstOfToday = computed(() => {
    if (todayIndex.value === null) return null;
    const post = pageRows.value[todayIndex.value - (page.value - 1) * LIST_PAGE_SIZE];
    return post ? postKey(post) : null;
  });
  watch(
    () => (listShown() ? JSON.stringify(listQuery.value) : ''),
    (key) => {
      if (key) void pageOfToday(key);
    },
    { immediate: true },
  );
  /** Why the list, or the page shown, could not be read. */
  const listError = computed(
    () => list.firstError.value ?? list.pageAt((page.value - 1) * LIST_PAGE_SIZE).error,
  );
  function retryList(): Promise<void> {
    return list.retryFailed();
  }

  /**
   * The post open in the details pane. It belongs to the visit: leaving the page closes it, so
   * coming back never opens a pane the person did not ask for.
   */
  const selected = shallowRef<PostView | null>(null);
  /** The last action's outcome while the pane is open: shown in the pane, never over it. */
  const notice = shallowRef<PostNotice | null>(null);
  // Another post, or none: the notice was about the one before.
  watch(
    () => (selected.value ? postKey(selected.value) : null),
    (key) => {
      if (notice.value?.about !== key) notice.value = null;
    },
  );

  /** Puts a post's new version (or its absence) into every answer on screen. */
  function replace(target: Pick<PostView, 'channel' | 'id'>, next: PostView | null) {
    if (selected.value && sameKey(selected.value, target)) selected.value = next;
    // A post gone from the list leaves a gap the next rows move into: only the service knows them.
    if (next)
      list.updateItem(
        (post) => sameKey(post, target),
        () => next,
      );
    else if (listShown() && list.loadedItems().some((post) => sameKey(post, target))) void list.refresh();
    for (const load of [calendar, unscheduled]) {
      const answer = load.data.value;
      if (!answer || !answer.items.some((p) => sameKey(p, target))) continue;
      const items = next
        ? answer.items.map((p) => (sameKey(p, target) ? next : p))
        : answer.items.filter((p) => !sameKey(p, target));
      load.data.value = { ...answer, count: next ? answer.count : answer.count - 1, items };
    }
  }

  /** Posts this store is changing itself: their answer puts them in place, no reading again. */
  const ownChanges = new Set<string>();

  async function own<T>(post: PostView, change: () => Promise<T>): Promise<T> {
    ownChanges.add(postKey(post));
    try {
      return await change();
    } finally {
      ownChanges.delete(postKey(post));
    }
  }

  /** Moves a post to `timestamp`; throws the call's error (the caller puts the post back). */
  async function reschedule(post: PostView, timestamp: string): Promise<PostView> {
    const moved = await own(post, () =>
      api['posts:reschedule']({ channel: post.channel, id: post.id, timestamp }),
    );
    replace(post, moved);
    if (post.timestamp === null && moved.timestamp !== null) scheduledFromSide(moved);
    return moved;
  }

  /**
   * An unscheduled post given a time (Add to queue, a drop on the calendar) leaves Unscheduled and
   * joins the calendar's range if it falls there, at once: the answer is this store's own, so no
   * read follows it.
   */
  function scheduledFromSide(moved: PostView) {
    const side = unscheduled.data.value;
    if (side?.items.some((p) => sameKey(p, moved)))
      unscheduled.data.value = {
        ...side,
        count: side.count - 1,
        items: side.items.filter((p) => !sameKey(p, moved)),
      };
    const shown = calendar.data.value;
    const at = Date.parse(moved.timestamp!);
    if (
      shown &&
      at >= Date.parse(shown.range.from) &&
      at < Date.parse(shown.range.to) &&
      !shown.items.some((p) => sameKey(p, moved))
    )
      calendar.data.value = { ...shown, count: shown.count + 1, items: [...shown.items, moved] };
  }

  async function remove(post: PostView): Promise<void> {
    await own(post, () => api['posts:delete']({ channel: post.channel, id: post.id }));
    replace(post, null);
  }

  /** How many views show the posts now (the page, while it is mounted). */
  let shownBy = 0;
  /** A post changed since the answers kept here were read. */
  let stale = false;

  function readAgain() {
    stale = false;
    for (const load of [calendar, unscheduled]) void load.reload();
    if (listShown()) void list.refresh();
  }
  // The outbox may send a thousand drafts while the page is open: read at the first change, then
  // at most once every two seconds (the new versions are in place at once meanwhile), rather than
  // spending the service's budget, which the outbox needs, on reads the next change cancels.
  const readAgainSoon = useThrottleFn(readAgain, 2_000, true, true);

  on('posts:changed', (change: PostChange) => {
    replace(change, change.post);
    // A change of this store's own is in place already; any other may also add a post to what is
    // shown, or take one out of it (a new post, a new time, another status), which only the
    // service can answer.
    if (ownChanges.has(postKey(change))) return;
    stale = true;
    if (shownBy > 0) void readAgainSoon();
  });

  /**
   * The page shows the posts from now until the returned function is called: what changed while
   * it was away is read again, and the pane left open when it went is closed.
   */
  function show(): () => void {
    shownBy += 1;
    if (stale) readAgain();
    // Back through the menu (the address names no view): the address says the view shown.
    if (address.state.value.mode === null && lastMode.value !== DEFAULT_MODE) mode.value = lastMode.value;
    return () => {
      shownBy -= 1;
      selected.value = null;
    };
  }

  /** A filter changed: the list starts at its first page again. */
  function setFilter(apply: () => void) {
    apply();
    page.value = 1;
  }

  return {
    mode,
    search,
    /** The posts a search keeps, of those read. */
    shownBySearch,
    channels,
    statuses,
    range,
    hasScheduledTime,
    listRange,
    sort,
    page,
    calendar,
    unscheduled,
    schedule,
    freeSlots,
    setPostingTimes,
    setTimeZone,
    nextFreeTime,
    /** Posts matching the list's filters, once its first page answered. */
    listCount: list.count,
    listRows,
    firstOfToday,
    listLoading: list.loading,
    listError,
    retryList,
    selected,
    notice,
    reschedule,
    remove,
    setFilter,
    show,
  };
});
