import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { BrandSelection } from '../../../shared/contract/index.ts';
import { api } from '../api/contract-client.ts';
import { useAccountsStore } from './accounts-store.ts';
import { useCallErrorStore } from './call-error-store.ts';

/**
 * The brands every area works on: the active profile's, several at once, remembered per profile
 * in main. Read again whenever the active profile (or its brand list) changes.
 */
export const useBrandsStore = defineStore('brands', () => {
  const accounts = useAccountsStore();
  const errors = useCallErrorStore();
  const selection = shallowRef<BrandSelection>({ available: [], selected: [] });

  const available = computed(() => selection.value.available);
  const selected = computed(() => selection.value.selected);

  async function load(): Promise<void> {
    try {
      selection.value = await api['brands:get']();
    } catch (error) {
      errors.report('Could not read the chosen brands', error);
    }
  }

  async function select(brandIds: number[]): Promise<void> {
    if (brandIds.length === 0) return; // at least one brand stays chosen
    const before = selection.value;
    // Shown at once: the areas follow the picker without waiting for main to write the choice.
    selection.value = { ...before, selected: before.available.filter((id) => brandIds.includes(id)) };
    try {
      selection.value = await api['brands:select']({ brandIds });
    } catch (error) {
      selection.value = before;
      errors.report('Could not change the brands', error);
    }
  }

  watch(
    () => [accounts.activeId, accounts.active?.brandIds.join(',')],
    () => {
      if (accounts.activeId) void load();
      else selection.value = { available: [], selected: [] };
    },
    { immediate: true },
  );

  return { available, selected, select, load };
});

/** How a brand is named on screen: the interface gives brands ids only. */
export function brandLabel(id: number): string {
  return `Brand ${id}`;
}
