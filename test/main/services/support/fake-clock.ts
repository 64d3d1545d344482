import type { GateClock } from '../../../../src/main/services/api/rate-gate.ts';

/** Node's limit for a timer delay: above it, `setTimeout` warns and fires after 1 ms instead. */
const platformMaxDelayMs = 2 ** 31 - 1;

/**
 * A clock that only moves when told to, with timers that fire as it passes them. Timers behave
 * as Node's do, including their flaw: a delay above 2^31-1 ms fires after 1 ms.
 */
export class FakeClock implements GateClock {
  #now: number;
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #nextId = 0;
  /** Longest delay any caller asked for, so a test can see whether one overflowed. */
  longestDelayAsked = 0;
  /** Timers that have fired so far. */
  firings = 0;

  constructor(start = Date.UTC(2025, 0, 1, 12, 0, 0)) {
    this.#now = start;
  }

  now = (): number => this.#now;

  setTimer = (fn: () => void, ms: number): (() => void) => {
    const id = this.#nextId++;
    this.longestDelayAsked = Math.max(this.longestDelayAsked, ms);
    const delay = ms > platformMaxDelayMs ? 1 : Math.max(0, ms);
    this.#timers.push({ at: this.#now + delay, fn, id });
    return () => {
      this.#timers = this.#timers.filter((t) => t.id !== id);
    };
  };

  /** Timers set and neither fired nor cancelled. */
  get pendingTimers(): number {
    return this.#timers.length;
  }

  /** Moves time forward, firing due timers in order, and lets promise callbacks run between. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      await flush();
      const due = this.#timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t.id !== due.id);
      this.#now = Math.max(this.#now, due.at);
      this.firings += 1;
      due.fn();
    }
    this.#now = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
