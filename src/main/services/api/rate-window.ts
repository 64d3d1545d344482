// The contract's lane (interactive: a person waits; background: sync, export pages, prefetch)
// decides a call's place at the gate.
import type { Lane } from '../../../shared/contract/index.ts';

/**
 * The accounting of one fixed rate-limit window as the service announces it: the application's
 * limit, or a stricter endpoint limit (conventions §4: reports 60, ads search 120 per window).
 * Used by the RateGate, which maps server time to local time and decides which windows a call
 * counts against.
 *
 * No pacing within a window: the service counts calls per window, not per second, so a call held
 * back while the window still has budget for it is time lost, and one held too long lands in the
 * next window while this one counted it. A call goes at once while the calls left cover it (those
 * in flight are already taken off); beyond that, it waits for the reset. Background calls leave a
 * reserve untouched unless the gate lends it to them, so a person's call does not wait for a
 * reset that background work brought on.
 */
export class RateWindow {
  /** Calls per window as announced; 0 until a response has announced one. */
  limit: number;
  /** `x-ratelimit-reset` (server UNIX seconds) of the window being counted. */
  windowReset: number | undefined;
  /** Local ms at which that window is surely over (skew-corrected, margin included). */
  resetAt = 0;
  /** Calls this client may still send in the window, those in flight already taken off. */
  budget = 0;
  /** Calls granted against this window and not yet answered. */
  inFlight = 0;
  /**
   * Lowest `remaining` heard in this window: the answer the service counted last, so the count
   * nearest to now. An answer with more left was counted earlier and overtaken on the way back.
   */
  #lowestRemaining = Number.POSITIVE_INFINITY;

  constructor(limit = 0) {
    this.limit = limit;
  }

  /** Calls of each window kept for interactive ones: about 10% of the limit, at least 3. */
  get reserve(): number {
    if (this.limit <= 1) return 0;
    return Math.min(this.limit - 1, Math.max(3, Math.round(this.limit * 0.1)));
  }

  /** Whether the gate knows this window and it is not over yet. */
  isCurrent(now: number): boolean {
    return this.windowReset !== undefined && now < this.resetAt;
  }

  /**
   * The earliest local time a call of `lane` may be sent against this window: `now` if at once,
   * the reset when the budget is spent, +Infinity for "when an answer has come" (a window not
   * known yet admits `probes` calls in flight). A background call facing only the reserve waits
   * until `lendFrom`, when the gate lends the reserve to it, or the reset, whichever comes first.
   */
  readyAt(now: number, lane: Lane, probes: number, lendFrom = Number.POSITIVE_INFINITY): number {
    if (!this.isCurrent(now)) return this.inFlight < probes ? now : Number.POSITIVE_INFINITY;
    if (this.budget < 1) return this.resetAt;
    if (lane === 'interactive' || this.budget > this.reserve) return now;
    return Math.min(Math.max(now, lendFrom), this.resetAt);
  }

  /** Counts a granted call. */
  take(now: number): void {
    this.inFlight += 1;
    if (this.isCurrent(now)) this.budget -= 1;
  }

  settle(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /**
   * Learns from an answer counted in this window (`inFlight` already excludes it). Returns
   * false for an answer from an older window, which teaches nothing.
   */
  observe(answer: { remaining: number; reset: number; resetAt: number; throttled: boolean }): boolean {
    if (this.windowReset !== undefined && answer.reset < this.windowReset) return false;
    const newWindow = this.windowReset === undefined || answer.reset > this.windowReset;
    if (newWindow || answer.remaining <= this.#lowestRemaining) {
      // The freshest count replaces the estimate (it may rise: calls that were in flight when an
      // earlier answer was read have been counted since). Calls still in flight may or may not
      // be in it yet: assume not, so they are taken off again.
      this.windowReset = answer.reset;
      this.#lowestRemaining = answer.remaining;
      this.budget = Math.max(0, answer.remaining - this.inFlight);
    }
    this.resetAt = answer.resetAt;
    if (answer.throttled) {
      this.#lowestRemaining = 0;
      this.budget = 0;
    }
    return true;
  }
}
