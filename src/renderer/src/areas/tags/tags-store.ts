import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { TagCreateInput, TagView } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import { useLoad } from '../../lib/use-load.ts';

export interface TagGroup {
  brandId: number;
  tags: TagView[];
}

const byName = (a: TagView, b: TagView) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The interaction tags of the chosen brands, grouped by brand; creating one reloads the list. */
export const useTagsStore = defineStore('tags', () => {
  const brands = useBrandsStore();
  const list = useLoad(
    () => brands.selected,
    (signal) => api['tags:list']({ brandIds: [...brands.selected] }, { signal }),
    { enabled: () => brands.selected.length > 0 },
  );

  const groups = computed<TagGroup[]>(() => {
    const items = list.data.value?.items ?? [];
    return brands.selected.map((brandId) => ({
      brandId,
      tags: items.filter((tag) => tag.brand_id === brandId).sort(byName),
    }));
  });
  // Counted from the groups, not the answer: after a brand is taken away, the last answer (kept
  // while the next loads, or after it failed) still holds that brand's tags.
  const total = computed(() => groups.value.reduce((sum, group) => sum + group.tags.length, 0));

  /** Creates a tag; throws the call's error for the form to place at its fields. */
  async function create(input: TagCreateInput): Promise<TagView> {
    const tag = await api['tags:create'](input);
    await list.reload();
    return tag;
  }

  return {
    groups,
    total,
    loading: list.loading,
    error: list.error,
    loaded: computed(() => list.data.value !== undefined),
    reload: list.reload,
    create,
  };
});
