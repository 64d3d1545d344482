import { defineStore } from 'pinia';
import { computed } from 'vue';
import { api } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { reportLoadFailures } from './report-load-failures.ts';

/** Facts about the running app (name, version, shell, runtimes), from `app:info`. */
export const useAppStore = defineStore('app', () => {
  // Read once, when a view first needs it (`ensureInfo`): the facts do not change while it runs.
  const read = useLoad(null, (signal) => api['app:info'](undefined, { signal }));
  reportLoadFailures(read.error, 'Could not read the app information');

  const info = computed(() => read.data.value ?? null);
  const failed = computed(() => read.error.value !== null);

  /** Loads once; views call this on mount without refetching on every visit. */
  async function ensureInfo(): Promise<void> {
    if (!info.value && !read.loading.value) await read.reload();
  }

  return { info, loading: read.loading, failed, loadInfo: read.reload, ensureInfo };
});
