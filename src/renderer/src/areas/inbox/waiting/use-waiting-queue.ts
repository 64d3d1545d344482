import { computed } from 'vue';
import { api } from '../../../api/contract-client.ts';
import { useLoad } from '../../../lib/use-load.ts';

/**
 * The waiting queue of these brands (its size and who has waited longest); a new `refreshKey`
 * (a triage, a refresh) asks again. Keyed by value, as the overview's figures are.
 */
export function useWaitingQueue(props: { brandIds: readonly number[]; refreshKey: number }) {
  const key = computed(() => `${props.brandIds.join(',')}|${props.refreshKey}`);
  const request = useLoad(
    () => key.value,
    (signal) => api['inbox:waiting-summary']({ brandIds: [...props.brandIds] }, { signal }),
    { enabled: () => props.brandIds.length > 0 },
  );
  return { summary: request.data, loading: request.loading, error: request.error, reload: request.reload };
}
