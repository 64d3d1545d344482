/** Time source and timer of the rate gate, injectable so tests can skew or fake the clock. */
export interface GateClock {
  now(): number;
  /** Runs `fn` after `ms`; returns a function that cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

/**
 * The longest delay a timer keeps: above 2^31-1 ms Node (like browsers) fires after 1 ms
 * instead, so a wait that long is made of several timers, each at most this.
 */
export const maxTimerDelayMs = 2 ** 31 - 1;

export const systemClock: GateClock = {
  now: () => Date.now(),
  setTimer(fn, ms) {
    const handle = setTimeout(fn, Math.min(maxTimerDelayMs, Math.max(0, ms)));
    return () => clearTimeout(handle);
  },
};
