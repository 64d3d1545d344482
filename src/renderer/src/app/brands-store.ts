import { defineStore } from 'pinia';
import { computed, watch } from 'vue';
import type { BrandSelection } from '../../../shared/contract/index.ts';
import { api } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { useAccountsStore } from './accounts-store.ts';
import { useCallErrorStore } from './call-error-store.ts';
import { reportLoadFailures } from './report-load-failures.ts';

const none: BrandSelection = { available: [], selected: [] };

/**
 * The brands every area works on: the active profile's, several at once, remembered per profile
 * in main. Read again whenever the active profile (or its brand list) changes.
 */
export const useBrandsStore = defineStore('brands', () => {
  const accounts = useAccountsStore();
  const errors = useCallErrorStore();
  // Read before the profile list is known (see below), then only while a profile is open: with
  // none there are no brands, and a read still on its way is dropped.
  const read = useLoad(null, (signal) => api['brands:get'](undefined, { signal }), {
    enabled: () => !accounts.loaded || accounts.activeId !== null,
  });
  // Main answers this one alone: a refused page is told once, full page (the access store).
  reportLoadFailures(read.error, 'Could not read the chosen brands', { local: true });

  const selection = computed(() => read.data.value ?? none);
  const available = computed(() => selection.value.available);
  const selected = computed(() => selection.value.selected);
  /**
   * False until the first answer (or failure), or until it is known that no profile is open:
   * before that, "no brand chosen" is not known yet.
   */
  const loaded = computed(
    () =>
      read.data.value !== undefined || read.error.value !== null || (accounts.loaded && !accounts.activeId),
  );

  async function select(brandIds: number[]): Promise<void> {
    if (brandIds.length === 0) return; // at least one brand stays chosen
    const before = selection.value;
    // Shown at once: the areas follow the picker without waiting for main to write the choice.
    read.data.value = { ...before, selected: before.available.filter((id) => brandIds.includes(id)) };
    try {
      read.data.value = await api['brands:select']({ brandIds });
    } catch (error) {
      read.data.value = before;
      errors.report('Could not change the brands', error);
    }
  }

  // At start-up the brands are read at once, beside the profile list rather than after it: main
  // answers for its active profile, which is the one that list will name. When the list comes,
  // they are read again only if that early read failed (with no profile there are none).
  const early = accounts.loaded ? null : read.reload();
  watch(
    () => [accounts.loaded, accounts.activeId, accounts.active?.brandIds.join(',')],
    (_now, before) => {
      const firstList = early && before?.[0] === false;
      if (firstList && accounts.activeId) void early.then(() => read.error.value && read.reload());
      else void read.reload();
    },
    { immediate: !early },
  );

  return { available, selected, loaded, select, load: read.reload };
});

/** How a brand is named on screen: the interface gives brands ids only. */
export function brandLabel(id: number): string {
  return `Brand ${id}`;
}
