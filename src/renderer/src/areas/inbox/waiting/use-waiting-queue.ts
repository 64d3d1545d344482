import { computed } from 'vue';
import { api } from '../../../api/contract-client.ts';
import { interactionTypeOf } from '../../../lib/labels/index.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { EVERY_MINUTE, useNow } from '../../../lib/use-now.ts';
import { authorOf } from '../inbox-format.ts';

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
  const now = useNow(() => true, EVERY_MINUTE);
  /** Who has waited longest, in words, and for how long now (it grows without asking again). */
  const oldest = computed(() => {
    const found = request.data.value?.oldest;
    if (!found) return null;
    return {
      id: found.item.id,
      who: `${authorOf(found.item)} · ${interactionTypeOf(found.item.type).label}`,
      waited: Math.max(0, now.value - Date.parse(found.since)),
    };
  });
  return {
    summary: request.data,
    oldest,
    loading: request.loading,
    error: request.error,
    reload: request.reload,
  };
}
