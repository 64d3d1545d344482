import { computed } from 'vue';
import { api } from '../../../api/contract-client.ts';
import { useLoad } from '../../../lib/use-load.ts';

export interface InsightsScope {
  brandIds: readonly number[];
  from?: string;
  to?: string;
  refreshKey: number;
}

/**
 * The four statistics of op 20 for these brands and range; a new `refreshKey` asks again. Keyed
 * by value, so an equal new array from the parent does not reload the panel.
 */
export function useInboxInsights(props: InsightsScope) {
  const key = computed(
    () => `${props.brandIds.join(',')}|${props.from ?? ''}|${props.to ?? ''}|${props.refreshKey}`,
  );
  const request = useLoad(
    () => key.value,
    (signal) =>
      api['inbox:insights'](
        {
          brandIds: [...props.brandIds],
          ...(props.from ? { from: props.from } : {}),
          ...(props.to ? { to: props.to } : {}),
        },
        { signal },
      ),
    { enabled: () => props.brandIds.length > 0 },
  );
  return {
    insights: request.data,
    loading: request.loading,
    error: request.error,
    reload: request.reload,
  };
}
