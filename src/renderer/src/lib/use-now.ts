import { onScopeDispose, ref, watch, type Ref, type WatchSource } from 'vue';

/**
 * The current time in ms, ticking every `interval` while `active` is true. It stops while idle
 * so a countdown that is not on screen costs no timer.
 */
export function useNow(active: WatchSource<boolean>, interval = 1000): Readonly<Ref<number>> {
  const now = ref(Date.now());
  let timer: ReturnType<typeof setInterval> | undefined;

  function stop(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  }

  watch(
    active,
    (running) => {
      stop();
      now.value = Date.now();
      if (running) timer = setInterval(() => (now.value = Date.now()), interval);
    },
    { immediate: true },
  );
  onScopeDispose(stop);
  return now;
}
