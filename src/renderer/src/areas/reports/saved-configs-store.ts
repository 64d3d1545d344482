import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { ReportConfig, SavedReportConfig } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useAccountsStore } from '../../app/accounts-store.ts';
import { useLoad } from '../../lib/use-load.ts';

/** The active profile's saved report configurations; saving, renaming or deleting reloads them. */
export const useSavedConfigsStore = defineStore('report-saved-configs', () => {
  const accounts = useAccountsStore();
  const list = useLoad(
    () => accounts.activeId,
    (signal) => api['reports:configs'](undefined, { signal }),
    { enabled: () => Boolean(accounts.activeId) },
  );

  /** Saves (a new one without `id`); throws the call's error for the form to place. */
  async function save(entry: {
    id?: string;
    name: string;
    config: ReportConfig;
  }): Promise<SavedReportConfig> {
    const item = await api['reports:save-config'](entry);
    await list.reload();
    return item;
  }

  async function remove(id: string): Promise<void> {
    await api['reports:delete-config']({ id });
    await list.reload();
  }

  return {
    items: computed(() => list.data.value?.items ?? []),
    loaded: computed(() => list.data.value !== undefined),
    loading: list.loading,
    error: list.error,
    reload: list.reload,
    save,
    remove,
  };
});
