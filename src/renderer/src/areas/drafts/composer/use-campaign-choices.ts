import { refDebounced } from '@vueuse/core';
import { computed, reactive, ref, watch } from 'vue';
import { api } from '../../../api/contract-client.ts';
import { useLoad } from '../../../lib/use-load.ts';

/** Campaigns offered at once while searching: a person types more to narrow them. */
const OFFERED = 50;

/**
 * The campaigns of the draft's brand, for picking by name (op 2's name search, as typed), and
 * the names of those already chosen (read one by one when no search has shown them yet).
 */
export function useCampaignChoices(brandId: () => number, chosen: () => readonly number[]) {
  const search = ref('');
  const searched = refDebounced(search, 200);
  const names = reactive(new Map<string, string>());
  const key = (id: number) => `${brandId()}:${id}`;

  const offered = useLoad([brandId, searched], (signal) =>
    api['campaigns:list'](
      {
        query: {
          brandIds: [brandId()],
          filter: { sort: 'NAME', ...(searched.value.trim() && { search: `*${searched.value.trim()}*` }) },
        },
        offset: 0,
        limit: OFFERED,
      },
      { signal },
    ),
  );
  void offered.reload();
  watch(offered.data, (page) => {
    for (const row of page?.items ?? []) names.set(`${row.brand_id}:${row.id}`, row.name);
  });

  // Chosen before (a draft opened again, a post's campaigns): their names, one read each.
  const asked = new Set<string>();
  watch(
    [brandId, chosen],
    () => {
      for (const id of chosen()) {
        const at = key(id);
        if (names.has(at) || asked.has(at)) continue;
        asked.add(at);
        api['campaigns:get']({ brandId: brandId(), campaignId: id }).then(
          (campaign) => names.set(at, campaign.name),
          () => undefined, // No name read: it shows as "Campaign 12", which still works.
        );
      }
    },
    { immediate: true },
  );

  return {
    search,
    loading: offered.loading,
    options: computed(() =>
      (offered.data.value?.items ?? []).map((row) => ({ value: row.id, label: row.name })),
    ),
    labelOf: (id: number) => names.get(key(id)) ?? `Campaign ${id}`,
  };
}
