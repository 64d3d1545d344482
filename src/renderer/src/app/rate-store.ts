import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { RateStatus } from '../../../shared/contract/index.ts';
import { api, on } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';

/** Below this share of the limit, the meter shows when the window resets. */
const lowShare = 0.1;

/**
 * The rate gate's last word on the active profile's limit (`rate:status`). A store rather than a
 * per-component subscription so a meter mounted later (the Settings page) shows the last status
 * at once instead of waiting for the next call to the service.
 */
export const useRateStore = defineStore('rate', () => {
  // Lives as long as the app: the subscription is the store's reason to exist.
  const heard = shallowRef<RateStatus | null>(null);
  on('rate:status', (payload) => (heard.value = payload));
  // After a reload no event may come until the next request: ask for the last status once. A
  // failure leaves the meter hidden; it says nothing a person could act on, so it is not shown.
  const last = useLoad(null, (signal) => api['accounts:rate-status'](undefined, { signal }));
  void last.reload();
  // An event is always newer than that answer, whichever came first.
  const status = computed(() => heard.value ?? last.data.value ?? null);

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
  const peopleWaiting = computed(() => status.value?.queuedInteractive ?? 0);
  /**
   * What this window's calls went to: the person's screens, the inbox copy's sync, and other
   * background work (exports, walks, outboxes); none while the limit is unknown.
   */
  const spent = computed(() => {
    const s = status.value;
    if (!s || s.limit <= 0) return null;
    const { interactive, background, sync } = s.sent;
    return { limit: s.limit, people: interactive, sync, otherBackground: background - sync };
  });

  /**
   * The person stops waiting: their calls waiting at the rate gate fail unsent, each screen
   * saying so where it waited; background work waits on. The meter's next status shows the rest.
   */
  async function cancelWaiting(): Promise<void> {
    await api['accounts:rate-cancel-waiting']().catch(() => undefined);
  }

  return { status, known, low, queued, throttledUntil, estimate, peopleWaiting, spent, cancelWaiting };
});
