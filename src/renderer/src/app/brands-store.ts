import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { BrandSelection } from '../../../shared/contract/index.ts';
import { api } from '../api/contract-client.ts';
import { useAccountsStore } from './accounts-store.ts';
import { useAccessStore } from './access-store.ts';
import { toCallError, useCallErrorStore } from './call-error-store.ts';

/**
 * The brands every area works on: the active profile's, several at once, remembered per profile
 * in main. Read again whenever the active profile (or its brand list) changes.
 */
export const useBrandsStore = defineStore('brands', () => {
  const accounts = useAccountsStore();
  const errors = useCallErrorStore();
  const access = useAccessStore();
  const selection = shallowRef<BrandSelection>({ available: [], selected: [] });
  /** False until the first answer (or failure): before it, "no brand chosen" is not known yet. */
  const loaded = ref(false);

  const available = computed(() => selection.value.available);
  const selected = computed(() => selection.value.selected);

  /** Reads the brands; false when that failed (already said). */
  async function load(): Promise<boolean> {
    try {
      selection.value = await api['brands:get']();
      return true;
    } catch (thrown) {
      const error = toCallError(thrown);
      // Main answers this one alone: a refused page is told once, full page (the access store).
      if (!access.judgeLocalFailure(error)) errors.report('Could not read the chosen brands', error);
      return false;
    } finally {
      loaded.value = true;
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

  function follow(): void {
    if (accounts.activeId) void load();
    else selection.value = { available: [], selected: [] };
  }
  // At start-up the brands are read at once, beside the profile list rather than after it: main
  // answers for its active profile, which is the one that list will name. When the list comes,
  // they are read again only if that early read failed (with no profile there are none).
  const early = accounts.loaded ? null : load();
  watch(
    () => [accounts.loaded, accounts.activeId, accounts.active?.brandIds.join(',')],
    (_now, before) => {
      const firstList = early && before?.[0] === false;
      if (firstList && accounts.activeId) void early.then((ok) => ok || follow());
      else follow();
    },
    { immediate: !early },
  );

  return { available, selected, loaded, select, load };
});

/** How a brand is named on screen: the interface gives brands ids only. */
export function brandLabel(id: number): string {
  return `Brand ${id}`;
}
