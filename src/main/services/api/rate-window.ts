/**
 * The accounting of one fixed rate-limit window as the service announces it: the application's
 * limit, or a stricter endpoint limit (conventions §4: reports 60, ads search 120 per window).
 * Used by the RateGate, which maps server time to local time and decides which windows a call
 * counts against.
 *
 * Pacing is a token bucket whose rate is recomputed at every step as "calls left / time left",
 * so a sustained load is spread evenly and the budget runs out as the window ends, while a few
 * interactive calls (up to `burst`) still go at once instead of waiting their turn in the spread.
 */
export class RateWindow {
  /** Calls per window as announced; 0 until a response has announced one. */
  limit: number;
  /** `x-ratelimit-reset` (server UNIX seconds) of the window being counted. */
  windowReset: number | undefined;
  /** Local ms at which that window is surely over (skew-corrected, margin included). */
  resetAt = 0;
  /**
   * Local ms by which the calls left should have been sent: the earliest the window may end,
   * less the travel time. A call sent later may be counted in the next window while this one
   * counted it here, which wastes a slot in every window.
   */
  paceEnd = 0;
  /** Calls this client may still send in the window. */
  budget = 0;
  /** Calls granted against this window and not yet answered. */
  inFlight = 0;
  #tokens = 0;
  #lastRefill = 0;

  constructor(limit = 0) {
    this.limit = limit;
  }

  /** Calls that may go at once: 5% of the limit, at least 1, at most 20. */
  get burst(): number {
    return Math.min(20, Math.max(1, Math.round(this.limit * 0.05)));
  }

  /** Whether the gate knows this window and it is not over yet. */
  isCurrent(now: number): boolean {
    return this.windowReset !== undefined && now < this.resetAt;
  }

  /**
   * The earliest local time a call may be sent against this window: `now` if at once,
   * +Infinity for "when an answer has come" (probing a window not known yet).
   */
  readyAt(now: number, probes: number): number {
    if (!this.isCurrent(now)) return this.inFlight < probes ? now : Number.POSITIVE_INFINITY;
    if (this.budget < 1) return this.resetAt;
    this.#refill(now);
    if (this.#tokens >= 1) return now;
    return now + Math.ceil((1 - this.#tokens) / this.#rate(now));
  }

  /** Counts a granted call. */
  take(now: number): void {
    this.inFlight += 1;
    if (!this.isCurrent(now)) return;
    this.#refill(now);
    this.budget -= 1;
    this.#tokens -= 1;
  }

  settle(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /**
   * Learns from an answer counted in this window (`inFlight` already excludes it). Returns
   * false for an answer from an older window, which teaches nothing.
   */
  observe(
    now: number,
    answer: { remaining: number; reset: number; resetAt: number; paceEnd: number; throttled: boolean },
  ): boolean {
    if (this.windowReset !== undefined && answer.reset < this.windowReset) return false;
    // Calls still in flight may or may not have been counted by the service yet: assume not.
    const left = Math.max(0, answer.remaining - this.inFlight);
    if (this.windowReset === undefined || answer.reset > this.windowReset) {
      this.windowReset = answer.reset;
      this.budget = left;
      this.#tokens = this.burst;
      this.#lastRefill = now;
    } else {
      // Within one window the service's count only grows: the lowest estimate is the safe one.
      this.budget = Math.min(this.budget, left);
    }
    this.resetAt = answer.resetAt;
    this.paceEnd = Math.min(answer.paceEnd, answer.resetAt);
    if (answer.throttled) this.budget = 0;
    return true;
  }

  /**
   * Calls per ms that spread what is left evenly over the time left, the last one a step before
   * the end (budget + 1 steps): a call timed for the end itself would miss the window.
   */
  #rate(now: number): number {
    return (this.budget + 1) / Math.max(1, this.paceEnd - now);
  }

  #refill(now: number): void {
    const elapsed = Math.max(0, now - this.#lastRefill);
    this.#tokens = Math.min(this.burst, this.#tokens + elapsed * this.#rate(now));
    this.#lastRefill = now;
  }
}
