import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { PostsQueryInput, PostView } from '../../../../shared/contract/index.ts';
import type { PostStatus, ScheduledPostListSort, SchedulerChannel } from '../../../../shared/domain/index.ts';
import { api } from '../../api/contract-client.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { useLoad } from '../../lib/use-load.ts';

export type SchedulerMode = 'week' | 'month' | 'list';

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

/**
 * The Scheduler's posts: the calendar's range, the unscheduled ones beside it, and the list's page,
 * all over the chosen brands and the filters; a reschedule or a delete shows at once everywhere.
 */
export const useSchedulerStore = defineStore('scheduler', () => {
  const brands = useBrandsStore();
  const mode = ref<SchedulerMode>('week');
  const channels = ref<SchedulerChannel[]>([]);
  const statuses = ref<PostStatus[]>([]);
  /** The calendar's visible range, as it reports it. */
  const range = ref<{ from: string; to: string } | null>(null);
  /** The list's own filters. */
  const hasScheduledTime = ref<boolean | null>(null);
  const listRange = ref<[number, number] | null>(null);
  const sort = ref<ScheduledPostListSort>('TIMESTAMP');
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
  const list = useLoad(
    () => [listQuery.value, page.value, mode.value === 'list'],
    (signal) =>
      api['posts:list'](
        { query: listQuery.value, offset: (page.value - 1) * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE },
        { signal },
      ),
    { enabled: () => hasBrands() && mode.value === 'list' },
  );

  /** The post open in the details pane. */
  const selected = shallowRef<PostView | null>(null);

  /** Puts a post's new version (or its absence) into every answer on screen. */
  function replace(target: Pick<PostView, 'channel' | 'id'>, next: PostView | null) {
    if (selected.value && sameKey(selected.value, target)) selected.value = next;
    for (const load of [calendar, unscheduled, list]) {
      const answer = load.data.value;
      if (!answer || !answer.items.some((p) => sameKey(p, target))) continue;
      const items = next
        ? answer.items.map((p) => (sameKey(p, target) ? next : p))
        : answer.items.filter((p) => !sameKey(p, target));
      load.data.value = { ...answer, count: next ? answer.count : answer.count - 1, items };
    }
  }

  /** Moves a post to `timestamp`; throws the call's error (the caller puts the post back). */
  async function reschedule(post: PostView, timestamp: string): Promise<PostView> {
    const moved = await api['posts:reschedule']({ channel: post.channel, id: post.id, timestamp });
    replace(post, moved);
    return moved;
  }

  async function remove(post: PostView): Promise<void> {
    await api['posts:delete']({ channel: post.channel, id: post.id });
    replace(post, null);
  }

  /** A filter changed: the list starts at its first page again. */
  function setFilter(apply: () => void) {
    apply();
    page.value = 1;
  }

  return {
    mode,
    channels,
    statuses,
    range,
    hasScheduledTime,
    listRange,
    sort,
    page,
    calendar,
    unscheduled,
    list,
    selected,
    reschedule,
    remove,
    setFilter,
  };
});
