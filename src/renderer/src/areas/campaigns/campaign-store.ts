import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  CampaignAddMediaInput,
  CampaignUpdateInput,
  CampaignView,
} from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useLoad } from '../../lib/use-load.ts';
import { localDay, periodDays, periodLabel, type CampaignPeriod } from './campaign-period.ts';
import { useCampaignsStore } from './campaigns-store.ts';

export interface CampaignRef {
  brandId: number;
  campaignId: number;
}

/**
 * The campaign open in the detail page, its statistics for the period chosen (the headline
 * figures, the goals and the statistics tab all read this one answer), and the changes made to
 * it (the edit form's PUT, added media): each answer replaces the campaign on screen at once, and
 * the statistics and the list are read again. The period stays as chosen from one campaign to
 * the next, so two campaigns compare over the same days.
 */
export const useCampaignStore = defineStore('campaign', () => {
  const list = useCampaignsStore();
  const opened = ref<CampaignRef | null>(null);
  const period = ref<CampaignPeriod>({ kind: 'all' });
  /** The person's day when the period was chosen: "Last 30 days" ends there. */
  const today = ref(localDay());

  const load = useLoad(
    () => opened.value,
    (signal) => api['campaigns:get'](opened.value!, { signal }),
    { enabled: () => opened.value !== null },
  );
  /** The answer for the campaign asked for: an earlier campaign's is never shown as this one. */
  const campaign = computed<CampaignView | undefined>(() =>
    load.data.value?.id === opened.value?.campaignId ? load.data.value : undefined,
  );

  const range = computed(() => periodDays(period.value, today.value, campaign.value));
  const stats = useLoad(
    () => [opened.value, range.value],
    (signal) => api['campaigns:stats']({ ...opened.value!, ...(range.value ?? {}) }, { signal }),
    // The campaign's own dates are known once the campaign is: not all time meanwhile.
    { enabled: () => opened.value !== null && (period.value.kind !== 'campaign' || !!campaign.value) },
  );

  function choosePeriod(next: CampaignPeriod): void {
    today.value = localDay();
    period.value = next;
  }

  function open(next: CampaignRef): void {
    if (next.brandId === opened.value?.brandId && next.campaignId === opened.value?.campaignId) return;
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
    period,
    choosePeriod,
    /** The days the figures are for (null: all time). */
    range,
    /** The period in words, with its days: "Last 30 days · 1 Oct – 30 Oct 2026". */
    periodLabel: computed(() => periodLabel(period.value, today.value, campaign.value)),
    stats: stats.data,
    statsLoading: stats.loading,
    statsError: stats.error,
    reloadStats: stats.reload,
    save,
    addMedia,
  };
});
