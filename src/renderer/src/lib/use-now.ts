import { useIntervalFn, useTimestamp } from '@vueuse/core';
import { watch, type Ref, type WatchSource } from 'vue';

/**
 * The app's clock for what changes with time on screen: a countdown ("next try in 12 s",
 * "Resets in 0:42") ticks once a second, a duration ("Waiting 3 h", "3 h ago") once a minute
 * (`every`). It ticks while `running` holds (read again at once when it starts) and stands still
 * otherwise, so a screen with nothing counting redraws nothing. Ends with the component, store
 * or scope that called it.
 */
export function useNow(running: WatchSource<boolean> = () => true, every = 1000): Readonly<Ref<number>> {
  const { timestamp, pause, resume } = useTimestamp({
    controls: true,
    scheduler: (tick) => useIntervalFn(tick, every, { immediate: false, immediateCallback: true }),
  });
  watch(running, (on) => (on ? resume() : pause()), { immediate: true });
  return timestamp;
}

/** A minute, for `useNow`'s `every` where the screen shows durations in minutes and hours. */
export const EVERY_MINUTE = 60_000;
