import { refDebounced, useDebounceFn } from '@vueuse/core';
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { ContractCallError, type DraftSummary } from '../../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../../shared/domain/index.ts';
import { api, on } from '../../api/contract-client.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { useLoad } from '../../lib/use-load.ts';

/** Rows read at once: more than a screen scrolls through; a search narrows the rest. */
const PAGE = 500;

/**
 * The drafts of the chosen brands, most recently saved first, with a search. Rows follow
 * `drafts:changed` in place (a state chip moves as the outbox works); a draft that appears or goes
 * away reloads the list, at most a few times a second during a long sync.
 */
export const useDraftsStore = defineStore('drafts', () => {
  const brands = useBrandsStore();
  const search = ref('');
  const searched = refDebounced(search, 200);
  const rows = shallowRef<DraftSummary[]>([]);

  const list = useLoad(
    () => [searched.value, brands.selected],
    (signal) =>
      api['drafts:list'](
        { query: { search: searched.value, brandIds: [...brands.selected] }, limit: PAGE },
        { signal },
      ),
    { enabled: () => brands.selected.length > 0 },
  );
  watch(list.data, (answer) => (rows.value = answer?.items ?? []));

  const reloadSoon = useDebounceFn(() => list.reload(), 250, { maxWait: 1000 });
  on('drafts:changed', ({ id, draft }) => {
    const at = rows.value.findIndex((row) => row.id === id);
    if (draft && at !== -1) {
      const next = [...rows.value];
      next[at] = draft;
      rows.value = next;
    } else if (draft || at !== -1) {
      void reloadSoon();
    }
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
      limit: PAGE,
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
    rows,
    count: computed(() => list.data.value?.count ?? 0),
    loaded: computed(() => list.data.value !== undefined),
    loading: list.loading,
    error: list.error,
    reload: list.reload,
    syncAll,
    retry: (id: string) => api['drafts:retry']({ ids: [id] }),
    remove: (id: string) => api['drafts:delete']({ id }),
    create,
    fromPost: (channel: SchedulerChannel, postId: number) => api['drafts:from-post']({ channel, postId }),
  };
});
