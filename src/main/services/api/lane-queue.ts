import type { Lane } from '../../../shared/contract/index.ts';

/** A call waiting at the rate gate. */
export interface Waiter<T> {
  /** The operation: calls of one operation share any stricter endpoint limit. */
  key: string;
  lane: Lane;
  /**
   * The inbox copy's sync: background work the gate also holds to a share while a person works;
   * `bulk` for the fill and the sweep (spread over the window, leaving part of the share).
   */
  sync?: 'prompt' | 'bulk';
  /** Background work that waits while a person is active (lane `idle`). */
  idle?: boolean;
  /** Local ms after which the call fails instead of waiting on. */
  deadline: number;
  /** A 429's hold ending after this local ms fails the call at once (a person's call: one window). */
  holdLimit: number;
  resolve(value: T): void;
  reject(reason: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * The calls waiting at the gate, one first-in first-out line per lane. A person's calls are
 * always offered a slot before background ones.
 */
export class LaneQueue<T> {
  readonly #lines: Record<Lane, Waiter<T>[]> = { interactive: [], background: [] };

  get size(): number {
    return this.#lines.interactive.length + this.#lines.background.length;
  }

  count(lane: Lane): number {
    return this.#lines[lane].length;
  }

  push(waiter: Waiter<T>): void {
    this.#lines[waiter.lane].push(waiter);
  }

  has(waiter: Waiter<T>): boolean {
    return this.#lines[waiter.lane].includes(waiter);
  }

  /** Takes `waiter` out of its line; false when it was not there (granted or refused already). */
  remove(waiter: Waiter<T>): boolean {
    const line = this.#lines[waiter.lane];
    const index = line.indexOf(waiter);
    if (index < 0) return false;
    line.splice(index, 1);
    return true;
  }

  /** Takes out and returns the waiters whose deadline has passed. */
  takeOverdue(now: number): Waiter<T>[] {
    const overdue = [...this.#lines.interactive, ...this.#lines.background].filter((w) => w.deadline <= now);
    for (const waiter of overdue) this.remove(waiter);
    return overdue;
  }

  /** Takes out and returns the waiters that a hold until `heldUntil` keeps past their limit. */
  takeHeldTooLong(heldUntil: number): Waiter<T>[] {
    const held = [...this.#lines.interactive, ...this.#lines.background].filter(
      (w) => w.holdLimit < heldUntil,
    );
    for (const waiter of held) this.remove(waiter);
    return held;
  }

  /** Takes out every waiter of one lane (a person stops waiting). */
  takeLane(lane: Lane): Waiter<T>[] {
    return this.#lines[lane].splice(0);
  }

  /** Takes out every waiter (the gate is closing). */
  takeAll(): Waiter<T>[] {
    return [...this.#lines.interactive.splice(0), ...this.#lines.background.splice(0)];
  }

  /** The first waiter `mayGo` admits, interactive ones first, each line in order; not taken out. */
  find(mayGo: (waiter: Waiter<T>) => boolean): Waiter<T> | undefined {
    return this.#lines.interactive.find(mayGo) ?? this.#lines.background.find(mayGo);
  }
}
