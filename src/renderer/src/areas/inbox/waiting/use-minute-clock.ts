import { useIntervalFn } from '@vueuse/core';
import { ref, type Ref } from 'vue';

/**
 * Now, read again once a minute while the component lives: enough for "Waiting 3 h". Small and
 * on its own until the app's one shared clock replaces it.
 */
export function useMinuteClock(): Ref<number> {
  const now = ref(Date.now());
  useIntervalFn(() => (now.value = Date.now()), 60_000);
  return now;
}
