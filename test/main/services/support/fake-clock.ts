import type { GateClock } from '../../../../src/main/services/api/rate-gate.ts';

/** A clock that only moves when told to, with timers that fire as it passes them. */
export class FakeClock implements GateClock {
  #now: number;
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #nextId = 0;

  constructor(start = Date.UTC(2025, 0, 1, 12, 0, 0)) {
    this.#now = start;
  }

  now = (): number => this.#now;

  setTimer = (fn: () => void, ms: number): (() => void) => {
    const id = this.#nextId++;
    this.#timers.push({ at: this.#now + Math.max(0, ms), fn, id });
    return () => {
      this.#timers = this.#timers.filter((t) => t.id !== id);
    };
  };

  /** Moves time forward, firing due timers in order, and lets promise callbacks run between. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      await flush();
      const due = this.#timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t.id !== due.id);
      this.#now = Math.max(this.#now, due.at);
      due.fn();
    }
    this.#now = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
