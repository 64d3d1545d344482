import { refDebounced, useDebounceFn } from '@vueuse/core';
import { defineStore } from 'pinia';
import { computed, markRaw, ref } from 'vue';
import { ContractCallError, type DraftSummary } from '../../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../../shared/domain/index.ts';
import { api, on } from '../../api/contract-client.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';

/** Rows read per page of the list: more than a screen scrolls through. */
const PAGE = 100;
/** Drafts read at once by Sync, which queues every draft with changes (the outbox goes in order). */
const SYNC_BATCH = 500;

/**
 * The drafts of the chosen brands, most recently saved first, with a search, read page by page as
 * they come into view. Rows follow `drafts:changed` in place (a state chip moves as the outbox
 * works); a draft that appears or goes away reads the rows in view again, at most a few times a
 * second during a long sync.
 */
export const useDraftsStore = defineStore('drafts', () => {
  const brands = useBrandsStore();
  const search = ref('');
  const searched = refDebounced(search, 200);
  const query = computed(() => ({ search: searched.value, brandIds: [...brands.selected] }));

  const list = usePagedList<DraftSummary>({
    pageSize: PAGE,
    key: () => JSON.stringify(query.value),
    enabled: () => brands.selected.length > 0,
    load: (offset, limit, signal) => api['drafts:list']({ query: query.value, offset, limit }, { signal }),
  });

  const refreshSoon = useDebounceFn(() => list.refresh(), 250, { maxWait: 1000 });
  on('drafts:changed', ({ id, draft }) => {
    const shown = draft ? list.updateItem(id, () => draft) !== undefined : list.indexOf(id) !== -1;
    // A draft new to the rows read, or one of them gone: the rows after it move, which only the
    // list's answer says.
    if (draft ? !shown : shown) void refreshSoon();
  });

  /**
   * Queues every draft with changes the service does not have yet, and has the outbox try at
   * once: a draft already in line is "synced" again, which ends the outbox's wait after a failed
   * attempt (the service may be back), one draft being enough for the whole line.
   */
  async function syncAll(): Promise<{ queued: number; waiting: boolean }> {
    const brandIds = [...brands.selected];
    const local = await api['drafts:list']({
      query: { search: '', states: ['local'], brandIds },
      limit: SYNC_BATCH,
    });
    for (const draft of local.items) await api['drafts:sync']({ id: draft.id });
    let waiting = false;
    if (local.items.length === 0) {
      const line = await api['drafts:list']({
        query: { search: '', states: ['queued'], brandIds },
        limit: 1,
      });
      const first = line.items[0];
      if (first) await api['drafts:sync']({ id: first.id });
      waiting = first !== undefined;
    }
    return { queued: local.items.length, waiting };
  }

  /** A new draft in the first brand chosen (the choice may still be on its way at start). */
  async function create(channel: SchedulerChannel) {
    const brandId = brands.selected[0] ?? (await api['brands:get']()).selected[0];
    if (brandId === undefined) {
      throw new ContractCallError({
        code: 'invalid_input',
        message: 'This profile has no brand.',
        fieldErrors: {},
      });
    }
    return api['drafts:create']({ channel, brandId });
  }

  return {
    search,
    count: computed(() => list.count.value ?? 0),
    loaded: computed(() => list.count.value !== undefined),
    loading: list.loading,
    error: list.firstError,
    reload: () => list.retryFailed(),
    // Kept raw (its refs read as refs): the row reads run for every row drawn.
    list: markRaw(list),
    syncAll,
    retry: (id: string) => api['drafts:retry']({ ids: [id] }),
    remove: (id: string) => api['drafts:delete']({ id }),
    create,
    fromPost: (channel: SchedulerChannel, postId: number) => api['drafts:from-post']({ channel, postId }),
  };
});
