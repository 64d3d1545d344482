import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { EventPayload } from '../../../shared/contract/index.ts';
import { api, on } from '../api/contract-client.ts';

export type RateStatus = EventPayload<'rate:status'>;

/** Below this share of the limit, the meter shows when the window resets. */
const lowShare = 0.1;

/**
 * The rate gate's last word on the active profile's limit (`rate:status`). A store rather than a
 * per-component subscription so a meter mounted later (the Settings page) shows the last status
 * at once instead of waiting for the next call to the service.
 */
export const useRateStore = defineStore('rate', () => {
  const status = shallowRef<RateStatus | null>(null);

  // Lives as long as the app: the subscription is the store's reason to exist.
  let heardEvent = false;
  on('rate:status', (payload) => {
    heardEvent = true;
    status.value = payload;
  });
  // After a reload no event may come until the next request: ask for the last status once.
  api['accounts:rate-status']().then(
    (current) => {
      if (!heardEvent) status.value = current;
    },
    () => undefined, // the meter simply stays hidden; the call's failure says nothing to the user
  );

  /** limit 0 means main has not heard the service's limit yet. */
  const known = computed(() => (status.value?.limit ?? 0) > 0);
  const low = computed(() => {
    const s = status.value;
    return s !== null && s.limit > 0 && s.remaining <= Math.max(1, Math.floor(s.limit * lowShare));
  });
  const queued = computed(() => status.value?.queued ?? 0);
  /** Local ms until which the service refuses every call (it answered 429), or null. */
  const throttledUntil = computed(() => {
    const until = status.value?.throttledUntil ?? 0;
    return until > 0 ? until : null;
  });
  /** The figure is main's reckoning for a new window, not yet confirmed by an answer. */
  const estimate = computed(() => status.value?.estimate === true);
  /** Calls a person waits for, as opposed to background work. */
  const peopleWaiting = computed(() => {
    const s = status.value;
    return s ? (s.queuedInteractive ?? s.queued - (s.queuedBackground ?? 0)) : 0;
  });

  /**
   * The person stops waiting: their calls waiting at the rate gate fail unsent, each screen
   * saying so where it waited; background work waits on. The meter's next status shows the rest.
   */
  async function cancelWaiting(): Promise<void> {
    await api['accounts:rate-cancel-waiting']().catch(() => undefined);
  }

  return { status, known, low, queued, throttledUntil, estimate, peopleWaiting, cancelWaiting };
});
