import { computed, ref, watch } from 'vue';
import type { CampaignAdView, ListAnswer } from '../../../../shared/contract/index.ts';
import type { AdSource } from '../../../../shared/domain/index.ts';
import { api } from '../../api/contract-client.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
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

/** An ad as the paged list keeps it: ads have no number of their own, so their place is their id. */
interface NumberedAd {
  id: number;
  ad: CampaignAdView;
}

/**
 * The ads search of the open campaign (op 3): a platform, a sort by one of the metrics the ads
 * carry, a filter by ad campaign, one page of the table at a time (pages read before are kept for
 * going back to them). The sort offers the metric names the answers have shown, because the
 * interface does not list them.
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

  /** Every metric name the answers have shown, for the sort. */
  function noteMetrics(ads: CampaignAdView[]): void {
    const names = new Set(seenMetrics.value);
    for (const ad of ads) for (const name of Object.keys(adMetrics(ad))) names.add(name);
    if (names.size !== seenMetrics.value.length) seenMetrics.value = [...names];
  }
  const list = usePagedList<NumberedAd>({
    pageSize: ADS_PAGE_SIZE,
    key: () => (detail.opened ? JSON.stringify(query.value) : ''),
    enabled: () => detail.opened !== null,
    load: async (offset, limit, signal): Promise<ListAnswer<NumberedAd>> => {
      const answer = await api['campaigns:ads']({ query: query.value, offset, limit }, { signal });
      noteMetrics(answer.items);
      return { ...answer, items: answer.items.map((ad, i) => ({ id: offset + i, ad })) };
    },
  });
  // The table shows one page: the list reads that page's ads (again after a new search started).
  watch(
    [page, list.generation],
    () => {
      const start = (page.value - 1) * ADS_PAGE_SIZE;
      list.setRange(start, start + ADS_PAGE_SIZE - 1);
    },
    { immediate: true },
  );
  const pageStart = () => (page.value - 1) * ADS_PAGE_SIZE;
  /** The page's ads; while a page not read yet loads, the page shown before stays. */
  const ads = computed<CampaignAdView[]>((previous) => {
    void list.revision.value;
    const start = pageStart();
    const end = Math.min(start + ADS_PAGE_SIZE, list.count.value ?? 0);
    const shown: CampaignAdView[] = [];
    for (let index = start; index < end; index++) {
      const item = list.itemAt(index);
      if (!item) return list.pageAt(start).status === 'loading' ? (previous ?? []) : shown;
      shown.push(item.ad);
    }
    return shown;
  });

  /** The platform's ad campaigns: those the campaign names, and any the answers showed. */
  const adCampaignOptions = computed(() => {
    const ids = new Set(
      (detail.campaign?.ad_campaigns ?? [])
        .filter((ad) => ad.source === source.value)
        .map((ad) => ad.source_campaign_id),
    );
    for (const ad of ads.value) ids.add(ad.source_campaign_id);
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
    ads,
    count: computed(() => list.count.value ?? 0),
    loaded: computed(() => list.count.value !== undefined),
    loading: list.loading,
    /** Why the ads, or the page shown, could not be read. */
    error: computed(() => list.firstError.value ?? list.pageAt(pageStart()).error),
    reload: list.retryFailed,
  };
}
