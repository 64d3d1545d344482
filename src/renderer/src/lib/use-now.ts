import { useIntervalFn, useTimestamp } from '@vueuse/core';
import { watch, type Ref, type WatchSource } from 'vue';

/**
 * The clock for a countdown on screen ("next try in 12 s", "Resets in 0:42"): it ticks once a
 * second while `running` holds and stands still otherwise, so a screen with nothing counting
 * down redraws nothing. Ends with the component (or scope) that called it.
 */
export function useNow(running: WatchSource<boolean>): Readonly<Ref<number>> {
  const { timestamp, pause, resume } = useTimestamp({
    controls: true,
    scheduler: (tick) => useIntervalFn(tick, 1000, { immediate: false, immediateCallback: true }),
  });
  watch(running, (on) => (on ? resume() : pause()), { immediate: true });
  return timestamp;
}
