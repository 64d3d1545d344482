import { computed, ref, watch } from 'vue';
import type { CampaignAdView } from '../../../../shared/contract/index.ts';
import type { AdSource } from '../../../../shared/domain/index.ts';
import { api } from '../../api/contract-client.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useCampaignStore } from './campaign-store.ts';

export const ADS_PAGE_SIZE = 20;

/** The numeric entries of an ad's metrics (their names are not shown by the interface). */
export function adMetrics(ad: CampaignAdView): Record<string, number> {
  const metrics = ad.metrics;
  if (!metrics || typeof metrics !== 'object') return {};
  return Object.fromEntries(
    Object.entries(metrics as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    ),
  );
}

/**
 * The ads search of the open campaign (op 3): a platform, a sort by one of the metrics the ads
 * carry, a filter by ad campaign, one page at a time. The sort offers the metric names the
 * answers have shown, because the interface does not list them.
 */
export function useCampaignAds() {
  const detail = useCampaignStore();
  const source = ref<AdSource>('META_ADS');
  const sortKey = ref<string | null>(null);
  const descending = ref(true);
  const adCampaignIds = ref<string[]>([]);
  const page = ref(1);
  const seenMetrics = ref<string[]>([]);

  const query = computed(() => ({
    ...detail.opened!,
    source: source.value,
    ...(sortKey.value ? { sort: `${descending.value ? '-' : ''}${sortKey.value}` } : {}),
    ...(adCampaignIds.value.length > 0 ? { adCampaignIds: adCampaignIds.value } : {}),
  }));
  // Another search starts on its first page; the ad campaigns belong to one platform.
  watch([() => detail.opened, source], () => {
    adCampaignIds.value = [];
    sortKey.value = null;
  });
  // A campaign whose ads are all on TikTok opens on TikTok (the sources' structure is not shown:
  // a list of platform names is read, anything else leaves Meta).
  watch(
    () => detail.campaign?.included_ad_sources,
    (sources) => {
      if (Array.isArray(sources) && sources.includes('TIKTOK_ADS') && !sources.includes('META_ADS'))
        source.value = 'TIKTOK_ADS';
    },
    { immediate: true },
  );
  watch([() => detail.opened, source, sortKey, descending, adCampaignIds], () => (page.value = 1));

  const load = useLoad(
    () => [query.value, page.value],
    (signal) =>
      api['campaigns:ads'](
        { query: query.value, offset: (page.value - 1) * ADS_PAGE_SIZE, limit: ADS_PAGE_SIZE },
        { signal },
      ),
    { enabled: () => detail.opened !== null },
  );
  watch(load.data, (answer) => {
    const names = new Set(seenMetrics.value);
    for (const ad of answer?.items ?? []) for (const name of Object.keys(adMetrics(ad))) names.add(name);
    if (names.size !== seenMetrics.value.length) seenMetrics.value = [...names];
  });

  /** The platform's ad campaigns: those the campaign names, and any the answers showed. */
  const adCampaignOptions = computed(() => {
    const ids = new Set(
      (detail.campaign?.ad_campaigns ?? [])
        .filter((ad) => ad.source === source.value)
        .map((ad) => ad.source_campaign_id),
    );
    for (const ad of load.data.value?.items ?? []) ids.add(ad.source_campaign_id);
    return [...ids].sort();
  });

  return {
    source,
    sortKey,
    descending,
    adCampaignIds,
    page,
    metricNames: seenMetrics,
    adCampaignOptions,
    ads: computed(() => load.data.value?.items ?? []),
    count: computed(() => load.data.value?.count ?? 0),
    loaded: computed(() => load.data.value !== undefined),
    loading: load.loading,
    error: load.error,
    reload: load.reload,
  };
}
