import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo } from '../../../shared/app-info.ts';
import { api } from '../api/contract-client.ts';
import { useCallErrorStore } from './call-error-store.ts';

/** Facts about the running app (name, version, shell, runtimes), from `app:info`. */
export const useAppStore = defineStore('app', () => {
  const errors = useCallErrorStore();
  const info = ref<AppInfo | null>(null);
  const loading = ref(false);
  const failed = ref(false);

  async function loadInfo(): Promise<void> {
    loading.value = true;
    failed.value = false;
    try {
      info.value = await api['app:info']();
    } catch (error) {
      failed.value = true;
      errors.report('Could not read the app information', error);
    } finally {
      loading.value = false;
    }
  }

  /** Loads once; views call this on mount without refetching on every visit. */
  async function ensureInfo(): Promise<void> {
    if (!info.value && !loading.value) await loadInfo();
  }

  return { info, loading, failed, loadInfo, ensureInfo };
});
