import type { GateClock } from '../api/gate-clock.ts';

/** What one attempt leaves the loop to do: the next entry, wait out a backoff, or stop until kicked. */
export type AttemptOutcome = 'next' | 'wait' | 'stop';

export interface SendLoopOptions<T> {
  /** What the log says stopped ("the reply outbox"). */
  name: string;
  clock: GateClock;
  /** False once the profile's database is closed: nothing more is read from it. */
  isOpen: () => boolean;
  /** The next entry in line, or undefined when none waits. */
  next: () => T | undefined;
  attempt: (entry: T) => Promise<AttemptOutcome>;
  backoff?: { firstMs: number; maxMs: number };
  random?: () => number;
}

const defaultBackoff = { firstMs: 1_000, maxMs: 60_000 };

/**
 * The scheduling of an outbox that sends its entries one at a time, in order (the reply outbox,
 * the triage outbox): one loop at a time, a kick during a loop runs it once more, a failure with
 * no verdict waits with a growing backoff (equal jitter, as the drafts outbox: half the step for
 * sure, the other half at random), and an answer from the service elsewhere (`nudge`) ends a wait
 * that was for want of it. What an attempt means is the owner's; it tells the loop through
 * `offline`, `failures` and `settleUntil`.
 */
export class SendLoop<T> {
  /** The last attempt found the service unreachable, or no token: a nudge wakes the loop. */
  offline = false;
  /** Failures in a row with no verdict: the backoff's step. */
  failures = 0;
  /** Local ms before which nothing is sent (after an unanswered send, for it to settle). */
  settleUntil = 0;
  #closed = false;
  #running: Promise<void> | undefined;
  #again = false;
  #nudged = false;
  #cancelTimer: (() => void) | undefined;
  readonly #options: SendLoopOptions<T>;

  constructor(options: SendLoopOptions<T>) {
    this.#options = options;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Something was put in line, or Retry: sends unless already sending or waiting out a backoff (`now`: not even then). */
  kick(options: { now?: boolean } = {}): void {
    if (this.#closed) return;
    if (this.#cancelTimer) {
      if (!options.now) return;
      this.#cancelWait();
    }
    this.#schedule(this.settleUntil - this.#options.clock.now());
  }

  /** The service answered some other call, or a token came: a wait for it ends now. */
  nudge(): void {
    // During an attempt the nudge is kept for its end: that attempt may have failed for want of
    // what the nudge says has come (the service back, a token entered).
    if (this.#running) this.#nudged = true;
    else if (this.offline) this.kick({ now: true });
  }

  /** No more attempts; resolves once the one under way has ended (its owner aborts its calls). */
  close(): Promise<void> {
    this.#closed = true;
    this.#cancelWait();
    return this.#running ?? Promise.resolve();
  }

  #schedule(delayMs: number): void {
    if (delayMs > 0) return this.#wait(delayMs);
    if (this.#running) {
      this.#again = true;
      return;
    }
    const loop = this.#loop().catch((error: unknown) => {
      console.error(
        `socialdesk: ${this.#options.name} stopped:`,
        error instanceof Error ? error.message : error,
      );
    });
    this.#running = loop.finally(() => {
      this.#running = undefined;
      const nudged = this.#nudged && this.offline && !this.#closed;
      this.#nudged = false;
      if (nudged) this.#cancelWait();
      const again = (this.#again || nudged) && !this.#closed && !this.#cancelTimer;
      this.#again = false;
      if (again) this.#schedule(0);
    });
  }

  #wait(delayMs: number): void {
    this.#cancelWait();
    this.#cancelTimer = this.#options.clock.setTimer(() => {
      this.#cancelTimer = undefined;
      this.#schedule(0);
    }, delayMs);
  }

  #cancelWait(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
  }

  async #loop(): Promise<void> {
    while (!this.#closed && this.#options.isOpen()) {
      this.#again = false;
      const entry = this.#options.next();
      if (entry === undefined) return;
      const outcome = await this.#options.attempt(entry);
      if (outcome === 'stop') return;
      if (outcome === 'wait') {
        const backoff = this.#options.backoff ?? defaultBackoff;
        const step = Math.min(backoff.maxMs, backoff.firstMs * 2 ** (this.failures - 1));
        const delay = step / 2 + (this.#options.random ?? Math.random)() * (step / 2);
        this.#wait(Math.max(delay, this.settleUntil - this.#options.clock.now()));
        return;
      }
    }
  }
}
