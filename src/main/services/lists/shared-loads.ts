/**
 * Loads shared between callers and kept for a short while, so a list scrolled back and forth,
 * two panes asking the same question, or a page opened twice costs one request to the service.
 *
 * - Identical calls in flight share one load; each caller keeps its own cancellation: a caller
 *   that goes away stops waiting at once, and the load itself is aborted (and so leaves the rate
 *   gate's queue) only when every caller has gone.
 * - An answer is kept for `ttlMs`, then asked again. `invalidate(prefix)` forgets answers (after a
 *   change such as a new tag) and makes loads in flight not be kept when they end.
 *
 * Written here rather than taken from a library: the caches on npm (lru-cache, p-memoize) keep
 * values or share promises, but none aborts a shared load when its last caller leaves.
 */

export interface SharedLoadsOptions {
  /** How long an answer is served without asking again (ms). */
  ttlMs: number;
  /** At most this many answers are kept; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
  generation: number;
}

export class SharedLoads {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #kept = new Map<string, { value: unknown; until: number }>();
  readonly #flights = new Map<string, Flight>();
  /** Bumped by `invalidate`: a load started before it must not be kept. */
  #generation = 0;

  constructor(options: SharedLoadsOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 200;
    this.#now = options.now ?? Date.now;
  }

  /** The kept answer for `key`, the load in flight for it, or a new load. */
  get<V>(key: string, load: (signal: AbortSignal) => Promise<V>, signal?: AbortSignal): Promise<V> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const kept = this.#kept.get(key);
    if (kept && kept.until > this.#now()) return Promise.resolve(kept.value as V);
    if (kept) this.#kept.delete(key);
    const flight = this.#flights.get(key) ?? this.#start(key, load);
    return this.#join(key, flight, signal) as Promise<V>;
  }

  /** Forgets the answers whose key starts with `prefix` (all of them without one). */
  invalidate(prefix = ''): void {
    this.#generation++;
    for (const key of [...this.#kept.keys()]) if (key.startsWith(prefix)) this.#kept.delete(key);
    for (const [key, flight] of this.#flights) {
      if (key.startsWith(prefix)) flight.generation = -1;
    }
  }

  /** Loads in flight (for tests and diagnostics). */
  get inFlight(): number {
    return this.#flights.size;
  }

  #start(key: string, load: (signal: AbortSignal) => Promise<unknown>): Flight {
    const controller = new AbortController();
    const flight: Flight = {
      controller,
      callers: 0,
      generation: this.#generation,
      promise: Promise.resolve().then(() => load(controller.signal)),
    };
    this.#flights.set(key, flight);
    flight.promise.then(
      (value) => {
        if (this.#flights.get(key) === flight) this.#flights.delete(key);
        if (flight.generation === this.#generation && !controller.signal.aborted) this.#keep(key, value);
      },
      () => {
        if (this.#flights.get(key) === flight) this.#flights.delete(key);
      },
    );
    return flight;
  }

  #join(key: string, flight: Flight, signal: AbortSignal | undefined): Promise<unknown> {
    flight.callers++;
    if (!signal) return flight.promise;
    return new Promise<unknown>((resolve, reject) => {
      const leave = () => {
        reject(abortReason(signal));
        if (--flight.callers === 0 && this.#flights.get(key) === flight) {
          this.#flights.delete(key);
          flight.controller.abort(abortReason(signal));
        }
      };
      signal.addEventListener('abort', leave, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  }

  #keep(key: string, value: unknown): void {
    this.#kept.delete(key);
    this.#kept.set(key, { value, until: this.#now() + this.#ttlMs });
    while (this.#kept.size > this.#maxEntries) {
      const oldest = this.#kept.keys().next().value as string;
      this.#kept.delete(oldest);
    }
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
