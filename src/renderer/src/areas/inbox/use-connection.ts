import { computed, onScopeDispose, watch } from 'vue';
import type { ContractCallError } from '../../../../shared/contract/index.ts';
import { useConnectionStore } from '../../app/connection-store.ts';

/** How long to wait before asking again while offline: doubling from 2 s up to 30 s. */
const firstDelay = 2_000;
const longestDelay = 30_000;

/**
 * The inbox's side of the app's one connection state: `since` is when the service stopped
 * answering, as the whole app says it (the side bar too). While the inbox's own reads fail for
 * want of the service, `probe` (reading the failed parts again) runs on a doubling delay, and at
 * once when any request of the app finds the service again or the machine comes back online.
 */
export function useConnection(probe: () => Promise<void>) {
  const connection = useConnectionStore();
  const since = computed(() => connection.offlineSince);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = firstDelay;
  /** A read of the inbox failed for want of the service and has not been read again since. */
  let missing = false;

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void probe(), delay);
    delay = Math.min(longestDelay, delay * 2);
  }

  /** A read of the inbox failed: without the service, it is read again later. */
  function failed(error: ContractCallError): void {
    if (error.code !== 'offline') return;
    if (!missing) delay = firstDelay;
    missing = true;
    schedule();
  }

  /** A read of the inbox got its answer. */
  function answered(): void {
    missing = false;
    delay = firstDelay;
    clearTimeout(timer);
  }

  const wake = () => {
    if (missing) void probe();
  };
  // Another request found the service again: what the inbox missed is read now.
  watch(
    () => connection.state,
    (state) => {
      if (state === 'online') wake();
    },
  );
  window.addEventListener('online', wake);
  onScopeDispose(() => {
    clearTimeout(timer);
    window.removeEventListener('online', wake);
  });

  return { since, failed, answered };
}

export type Connection = ReturnType<typeof useConnection>;
