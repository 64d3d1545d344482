import type { GateClock } from './gate-clock.ts';

/**
 * Passes a changing value on at most once per `intervalMs`: the first change at once, later ones
 * gathered into one delivery at the end of the interval, always of the latest value (read when
 * delivered). The rate meter crosses the IPC bridge on every delivery; a busy gate changes its
 * status thousands of times a second, and nobody reads a meter faster than this.
 */
export class StatusCoalescer<T> {
  readonly #clock: GateClock;
  readonly #intervalMs: number;
  readonly #read: () => T;
  readonly #deliver: (value: T) => void;
  #lastAt = Number.NEGATIVE_INFINITY;
  #cancelTrailing: (() => void) | undefined;

  constructor(clock: GateClock, intervalMs: number, read: () => T, deliver: (value: T) => void) {
    this.#clock = clock;
    this.#intervalMs = intervalMs;
    this.#read = read;
    this.#deliver = deliver;
  }

  /** The value changed. */
  notify(): void {
    if (this.#cancelTrailing) return; // a delivery is already due, and will read the latest
    const wait = this.#lastAt + this.#intervalMs - this.#clock.now();
    if (wait <= 0) return this.#deliverNow();
    this.#cancelTrailing = this.#clock.setTimer(() => {
      this.#cancelTrailing = undefined;
      this.#deliverNow();
    }, wait);
  }

  /** Drops a delivery still due (the source is going away). */
  cancel(): void {
    this.#cancelTrailing?.();
    this.#cancelTrailing = undefined;
  }

  #deliverNow(): void {
    this.#lastAt = this.#clock.now();
    this.#deliver(this.#read());
  }
}
