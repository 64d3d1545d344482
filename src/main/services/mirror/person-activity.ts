/**
 * Whether a person is using the app's inbox: each of their calls marks a moment, and they count
 * as active for `quietMs` after the last one. The mirror's sync holds back while they are.
 */
export class PersonActivity {
  readonly #quietMs: number;
  readonly #now: () => number;
  #lastAt = Number.NEGATIVE_INFINITY;

  constructor(options: { quietMs?: number; now?: () => number } = {}) {
    this.#quietMs = options.quietMs ?? 3_000;
    this.#now = options.now ?? (() => performance.now());
  }

  /** A person's call came now. */
  mark(): void {
    this.#lastAt = this.#now();
  }

  active(): boolean {
    return this.#now() - this.#lastAt < this.#quietMs;
  }

  /** Resolves once nobody has called for `quietMs` (at once when that is already so). */
  async idle(signal: AbortSignal): Promise<void> {
    while (this.active()) {
      const wait = Math.max(1, this.#quietMs - (this.#now() - this.#lastAt));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        }, wait);
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
      });
    }
  }
}
