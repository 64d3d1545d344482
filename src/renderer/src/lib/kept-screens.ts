import type { ListAnswer } from '../../../shared/contract/index.ts';

/** A list's first rows as last read, with its count as it then stood. */
export interface KeptScreen<T> {
  items: readonly T[];
  count: number;
  countPending: boolean;
}

/**
 * The first screens of the last few lists a person was on (or is likely to go to next), by the
 * list's key, so going back to one shows its rows at once; the list reads it again behind them.
 * A screen older than `maxAgeMs` is not shown (the list's own read would undo too much of it),
 * and the owner forgets them all whenever the rows may have changed (a triage, a new arrival).
 */
export class KeptScreens<T> {
  readonly #screens = new Map<string, KeptScreen<T> & { at: number }>();
  readonly #size: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;

  constructor(size: number, maxAgeMs: number, now: () => number = Date.now) {
    this.#size = size;
    this.#maxAgeMs = maxAgeMs;
    this.#now = now;
  }

  get(key: string): KeptScreen<T> | undefined {
    const kept = this.#screens.get(key);
    if (kept && this.#now() - kept.at > this.#maxAgeMs) this.#screens.delete(key);
    else return kept;
    return undefined;
  }

  /** Keeps the first `rows` of an answer (the newest kept last: the first to go is the oldest). */
  keep(key: string, answer: ListAnswer<T>, rows: number): void {
    this.#screens.delete(key);
    this.#screens.set(key, {
      items: answer.items.slice(0, rows),
      count: answer.count,
      countPending: answer.countPending === true,
      at: this.#now(),
    });
    while (this.#screens.size > this.#size) this.#screens.delete(this.#screens.keys().next().value as string);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  clear(): void {
    this.#screens.clear();
  }
}
