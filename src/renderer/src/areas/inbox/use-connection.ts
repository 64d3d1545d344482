import { onScopeDispose, ref } from 'vue';
import type { ContractCallError } from '../../../../shared/contract/index.ts';
import { on } from '../../api/contract-client.ts';

/** How long to wait before asking again while offline: doubling from 2 s up to 30 s. */
const firstDelay = 2_000;
const longestDelay = 30_000;

/**
 * Whether the service answers, as the inbox's own calls found: `since` is when it stopped. While
 * offline, `probe` (reading the failed parts again) runs on a doubling delay, and at once when the
 * rate gate hears from the service again or the machine comes back online.
 */
export function useConnection(probe: () => Promise<void>, clock: () => number = Date.now) {
  const since = ref<number | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = firstDelay;

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => void probe(), delay);
    delay = Math.min(longestDelay, delay * 2);
  }

  function failed(error: ContractCallError): void {
    if (error.code !== 'offline') return;
    if (since.value === null) {
      since.value = clock();
      delay = firstDelay;
    }
    schedule();
  }

  function answered(): void {
    if (since.value === null) return;
    since.value = null;
    clearTimeout(timer);
  }

  const wake = () => {
    if (since.value !== null) void probe();
  };
  const stopRate = on('rate:status', wake);
  window.addEventListener('online', wake);
  onScopeDispose(() => {
    clearTimeout(timer);
    stopRate();
    window.removeEventListener('online', wake);
  });

  return { since, failed, answered };
}

export type Connection = ReturnType<typeof useConnection>;
