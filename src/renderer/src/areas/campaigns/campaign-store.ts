import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  CampaignAddMediaInput,
  CampaignUpdateInput,
  CampaignView,
} from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useCampaignsStore } from './campaigns-store.ts';

export interface CampaignRef {
  brandId: number;
  campaignId: number;
}

/** A whole-day range of the statistics, YYYY-MM-DD; null is all of the campaign's media. */
export type StatsRange = { from: string; to: string } | null;

/**
 * The campaign open in the detail page, its statistics for a date range, and the changes made
 * to it (the edit form's PUT, added media): each answer replaces the campaign on screen at once,
 * and the statistics and the list are read again.
 */
export const useCampaignStore = defineStore('campaign', () => {
  const list = useCampaignsStore();
  const opened = ref<CampaignRef | null>(null);
  const range = ref<StatsRange>(null);

  const load = useLoad(
    () => opened.value,
    (signal) => api['campaigns:get'](opened.value!, { signal }),
    { enabled: () => opened.value !== null },
  );
  const stats = useLoad(
    () => [opened.value, range.value],
    (signal) => api['campaigns:stats']({ ...opened.value!, ...(range.value ?? {}) }, { signal }),
    { enabled: () => opened.value !== null },
  );

  /** The answer for the campaign asked for: an earlier campaign's is never shown as this one. */
  const campaign = computed<CampaignView | undefined>(() =>
    load.data.value?.id === opened.value?.campaignId ? load.data.value : undefined,
  );

  function open(next: CampaignRef): void {
    if (next.brandId === opened.value?.brandId && next.campaignId === opened.value?.campaignId) return;
    range.value = null;
    opened.value = next;
  }

  function changed(after: CampaignView): CampaignView {
    load.data.value = after;
    void stats.reload();
    void list.refresh();
    return after;
  }

  /** The full PUT; throws the call's error for the form to place at its fields. */
  async function save(input: CampaignUpdateInput): Promise<CampaignView> {
    return changed(await api['campaigns:update'](input));
  }

  /** Adds media or galleries; throws the call's error for the form. */
  async function addMedia(input: Omit<CampaignAddMediaInput, keyof CampaignRef>): Promise<CampaignView> {
    return changed(await api['campaigns:add-media']({ ...opened.value!, ...input }));
  }

  /** The campaign is not there any more (deleted, or never was): the page says so as its title. */
  const gone = computed(() => load.error.value?.code === 'not_found');

  return {
    opened,
    open,
    campaign,
    loading: load.loading,
    error: load.error,
    gone,
    reload: load.reload,
    range,
    stats: stats.data,
    statsLoading: stats.loading,
    statsError: stats.error,
    reloadStats: stats.reload,
    save,
    addMedia,
  };
});
