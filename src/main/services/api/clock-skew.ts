/**
 * How long a `Date` sample counts (local ms). Long enough to hold the answer that came just after
 * the service's clock ticked a second, whatever came after it: a bulk job's first window brings a
 * hundred answers within a second, and keeping only the last 64 of them had already dropped that
 * one, so the reset was read up to a third of a second late in every window. Short enough that a
 * change of either clock ages out quickly.
 */
const sampleSpanMs = 30_000;

interface Sample {
  /** server - local, in ms: a lower bound of the difference. */
  low: number;
  /** Local ms when it was taken. */
  at: number;
}

/**
 * The difference between the service's clock and ours (server - local, in ms), bounded from the
 * `Date` header of recent answers (conventions §4: correct `x-ratelimit-reset` with it). `Date`
 * is floored to the second and written before the answer arrives, so each answer says the
 * difference is at least date - now; the highest lower bound of the last `sampleSpanMs` is kept,
 * and answers at different fractions of a second bring it within a few milliseconds of the truth.
 */
export class ClockSkew {
  /** Samples in the order taken, each lower than every later one (a higher one replaces them). */
  readonly #samples: Sample[] = [];

  sample(dateHeader: string | null, now: number): void {
    const serverDate = Date.parse(dateHeader ?? '');
    if (!Number.isFinite(serverDate)) return;
    this.#forgetOld(now);
    const low = serverDate - now;
    // A later sample outlives an earlier one: an earlier, lower bound can never be the highest.
    while (this.#samples.length > 0 && this.#samples.at(-1)!.low <= low) this.#samples.pop();
    this.#samples.push({ low, at: now });
  }

  /** The least the service's clock can be ahead of ours: reading a reset with it errs late. */
  get low(): number {
    return this.#samples[0]?.low ?? 0;
  }

  /** Drops samples older than the span, or from a local time after `now` (our clock went back). */
  #forgetOld(now: number): void {
    while (this.#samples.length > 0 && now - this.#samples[0]!.at > sampleSpanMs) this.#samples.shift();
    while (this.#samples.length > 0 && this.#samples.at(-1)!.at > now) this.#samples.pop();
  }
}
