import { computed } from 'vue';
import { api } from '../../../api/contract-client.ts';
import { useLoad } from '../../../lib/use-load.ts';

/**
 * The overview figures (op 19) for these brands; a new `refreshKey` asks again. Keyed by value,
 * so a parent passing an equal new array on each render does not reload the bar.
 */
export function useInboxOverview(props: { brandIds: readonly number[]; refreshKey: number }) {
  const key = computed(() => `${props.brandIds.join(',')}|${props.refreshKey}`);
  const request = useLoad(
    () => key.value,
    (signal) => api['inbox:overview']({ brandIds: [...props.brandIds] }, { signal }),
    { enabled: () => props.brandIds.length > 0 },
  );
  return {
    overview: request.data,
    loading: request.loading,
    error: request.error,
    reload: request.reload,
  };
}
