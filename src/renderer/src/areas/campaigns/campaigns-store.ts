import { defineStore } from 'pinia';
import { useDebounceFn } from '@vueuse/core';
import { computed, ref, watch } from 'vue';
import type { CampaignFilter, CampaignRow } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import type { CampaignSortField } from './campaign-format.ts';
import { usePagedRows } from './use-paged-rows.ts';

/**
 * A brand's campaigns with the list's filters. Campaigns belong to one brand, so the area works
 * in one of the chosen brands at a time: the first chosen one, unless the one picked here still is.
 */
export const useCampaignsStore = defineStore('campaigns', () => {
  const brands = useBrandsStore();
  const brandId = ref<number | null>(null);
  watch(
    () => brands.selected,
    (selected) => {
      if (!selected.includes(brandId.value ?? -1)) brandId.value = selected[0] ?? null;
    },
    { immediate: true },
  );

  /** What is typed in the search box, and the search applied (after a pause, or at once on Enter). */
  const search = ref('');
  const appliedSearch = ref('');
  const applySearchSoon = useDebounceFn(() => applySearch(), 300);
  watch(search, () => void applySearchSoon());
  function applySearch(): void {
    appliedSearch.value = search.value.trim();
  }
  const sortField = ref<CampaignSortField>('CREATED');
  const descending = ref(true);
  const activity = ref<'ALL' | 'ACTIVE' | 'INACTIVE'>('ALL');
  const creators = ref<'any' | 'with' | 'without'>('any');
  const creatorId = ref<number | null>(null);

  const filter = computed<CampaignFilter>(() => {
    const text = appliedSearch.value;
    return {
      // A bare word finds names containing it; a pattern with * is sent as written.
      ...(text ? { search: text.includes('*') ? text : `*${text}*` } : {}),
      sort: descending.value ? `-${sortField.value}` : sortField.value,
      ...(activity.value !== 'ALL' ? { activity: activity.value } : {}),
      ...(creators.value !== 'any' ? { hasCreators: creators.value === 'with' } : {}),
      ...(creatorId.value !== null ? { creatorId: creatorId.value } : {}),
    };
  });
  const filtered = computed(
    () =>
      !!filter.value.search ||
      !!filter.value.activity ||
      filter.value.hasCreators !== undefined ||
      filter.value.creatorId !== undefined,
  );

  const list = usePagedRows<CampaignRow>(
    () => [brandId.value, filter.value],
    (offset, limit, signal) =>
      api['campaigns:list'](
        { query: { brandId: brandId.value!, filter: filter.value }, offset, limit },
        { signal },
      ),
    { enabled: () => brandId.value !== null },
  );

  function clearFilters(): void {
    search.value = '';
    applySearch();
    activity.value = 'ALL';
    creators.value = 'any';
    creatorId.value = null;
  }

  return {
    brandId,
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
    count: list.count,
    rowAt: list.rowAt,
    loaded: list.loaded,
    loading: list.loading,
    error: list.error,
    reload: list.reload,
    ensure: list.ensure,
  };
});
