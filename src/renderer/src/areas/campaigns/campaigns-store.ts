import { defineStore } from 'pinia';
import { useDebounceFn } from '@vueuse/core';
import { computed, ref, watch } from 'vue';
import { useRoute } from 'vue-router';
import type { CampaignFilter, CampaignRow } from '../../../../shared/contract/index.ts';
import type { CampaignSort } from '../../../../shared/domain/index.ts';
import { api } from '../../api/contract-client.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useQueryState } from '../../lib/use-query-param.ts';
import type { CampaignSortField } from './campaign-format.ts';
import { campaignsQueryParams, type CampaignsQuery } from './campaigns-query.ts';

/** Rows read at a time as the list scrolls. */
export const CAMPAIGNS_PAGE_SIZE = 50;

/**
 * The campaigns of the brands chosen in the side bar, as one list with the list's filters: the
 * side bar's brand picker is the area's only one. The search, sort and filters live in the
 * address, as the inbox's filters do; so does a campaign's own brand while its page is open.
 */
export const useCampaignsStore = defineStore('campaigns', () => {
  const brands = useBrandsStore();
  const route = useRoute();

  // Read only while the area is open (a campaign's page too: its links carry the list's query).
  // Another area's query is not this list's: the list keeps its state and rows meanwhile, and a
  // change asked for then (a search applied after a pause) does not land on that area.
  const address = useQueryState(campaignsQueryParams, {
    active: () => route.matched[0]?.name === 'campaigns',
  });
  const state = address.state;
  /**
   * Writes a change to the address: a new history entry, so back undoes it, or in place of the
   * current one while typing. The state follows at once, so a second change made before the
   * first navigation ends builds on it rather than undoing it.
   */
  const set = address.set;
  function field<K extends keyof CampaignsQuery>(key: K, options: { replace?: boolean } = {}) {
    return computed({
      get: () => state.value[key],
      set: (value: CampaignsQuery[K]) => set({ [key]: value }, options),
    });
  }

  const brandIds = computed(() => [...brands.selected]);

  /** What is typed in the search box; the address has the search applied (after a pause, or on Enter). */
  const search = ref(state.value.search);
  const applySearchSoon = useDebounceFn(() => applySearch({ replace: true }), 300);
  watch(search, () => void applySearchSoon());
  // Back/forward or Clear changed the search: the box shows it, unless it already says so.
  watch(
    () => state.value.search,
    (applied) => {
      if (applied !== search.value.trim()) search.value = applied;
    },
  );
  function applySearch(options: { replace?: boolean } = {}): void {
    const text = search.value.trim();
    if (text !== state.value.search) set({ search: text }, options);
  }

  const sortOf = (field: CampaignSortField, descending: boolean) =>
    (descending ? `-${field}` : field) as CampaignSort;
  const sortField = computed({
    get: () => state.value.sort.replace(/^-/, '') as CampaignSortField,
    set: (field: CampaignSortField) => set({ sort: sortOf(field, descending.value) }),
  });
  const descending = computed({
    get: () => state.value.sort.startsWith('-'),
    set: (descending: boolean) => set({ sort: sortOf(sortField.value, descending) }),
  });
  const activity = field('activity');
  const creators = field('creators');
  // Typed digit by digit, and the list follows each: in place, not a history entry per digit.
  const creatorId = field('creatorId', { replace: true });

  const filter = computed<CampaignFilter>(() => {
    const { search: text, sort, activity, creators, creatorId } = state.value;
    return {
      // A bare word finds names containing it; a pattern with * is sent as written.
      ...(text ? { search: text.includes('*') ? text : `*${text}*` } : {}),
      sort,
      ...(activity !== 'ALL' ? { activity } : {}),
      ...(creators !== 'any' ? { hasCreators: creators === 'with' } : {}),
      ...(creatorId !== null ? { creatorId } : {}),
    };
  });
  const filtered = computed(
    () =>
      !!filter.value.search ||
      !!filter.value.activity ||
      filter.value.hasCreators !== undefined ||
      filter.value.creatorId !== undefined,
  );

  const list = usePagedList<CampaignRow>({
    pageSize: CAMPAIGNS_PAGE_SIZE,
    key: () => `${brandIds.value.join(',')}|${JSON.stringify(filter.value)}`,
    enabled: () => brandIds.value.length > 0,
    load: (offset, limit, signal) =>
      api['campaigns:list'](
        { query: { brandIds: brandIds.value, filter: filter.value }, offset, limit },
        { signal },
      ),
  });

  /** Clears the search and filters in one history entry; the brand and sort stay. */
  function clearFilters(): void {
    search.value = '';
    set({ search: '', activity: 'ALL', creators: 'any', creatorId: null });
  }

  return {
    /** The brands listed: the side bar's choice. */
    brandIds,
    /** The brand a campaign's page is in: the address's (a copied link), else the first chosen. */
    campaignBrandId: computed(() => state.value.brandId ?? brands.selected[0] ?? null),
    search,
    applySearch,
    sortField,
    descending,
    activity,
    creators,
    creatorId,
    filter,
    filtered,
    clearFilters,
    /** Campaigns matching, once the first page answered. */
    count: list.count,
    firstError: list.firstError,
    loading: list.loading,
    replacing: list.replacing,
    generation: list.generation,
    itemAt: list.itemAt,
    pageAt: list.pageAt,
    setRange: list.setRange,
    retryFailed: list.retryFailed,
    /** Reads the rows in view again (a campaign changed), keeping them until the answers come. */
    refresh: list.refresh,
  };
});
