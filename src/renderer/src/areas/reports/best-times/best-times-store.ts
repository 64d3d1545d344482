import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { isContentReportType } from '../../../../../shared/contract/index.ts';
import { api } from '../../../api/contract-client.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { useReportPreviewStore } from '../report-preview-store.ts';

/** The person's own time zone, as this computer has it. */
export const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Best times to post for the content report the preview shows: read when the person opens them,
 * for that report (main reads it from the preview's kept answer), in their own time zone.
 */
export const useBestTimesStore = defineStore('report-best-times', () => {
  const preview = useReportPreviewStore();
  /** The best times are on screen (the preview's second tab). */
  const shown = ref(false);
  const timeZone = ref(ownTimeZone());

  const config = computed(() => {
    const config = preview.shownConfig;
    return config && isContentReportType(config.report_type) ? config : null;
  });
  const load = useLoad(
    () => [config.value, timeZone.value, shown.value],
    (signal) => api['reports:best-times']({ config: config.value!, timeZone: timeZone.value }, { signal }),
    { enabled: () => shown.value && config.value !== null },
  );

  return {
    shown,
    timeZone,
    /** The content report they are for (its dates are the period they cover). */
    config,
    /** Whether the preview shown can have best times at all. */
    available: computed(() => config.value !== null),
    bestTimes: load.data,
    loading: load.loading,
    error: load.error,
    reload: load.reload,
  };
});
