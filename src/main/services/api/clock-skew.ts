/** How many recent `Date` samples the estimate keeps (a clock change ages out quickly). */
const samples = 64;

/**
 * The difference between the service's clock and ours (server - local, in ms), bounded from the
 * `Date` header of recent answers (conventions §4: correct `x-ratelimit-reset` with it). `Date`
 * is floored to the second and written before the answer arrives, so each answer says the
 * difference is at least date - now; the highest recent lower bound is kept, and answers at
 * different fractions of a second bring it within a few milliseconds of the truth.
 */
export class ClockSkew {
  readonly #low: number[] = [];

  sample(dateHeader: string | null, now: number): void {
    const serverDate = Date.parse(dateHeader ?? '');
    if (Number.isFinite(serverDate)) push(this.#low, serverDate - now);
  }

  /** The least the service's clock can be ahead of ours: reading a reset with it errs late. */
  get low(): number {
    return this.#low.length > 0 ? Math.max(...this.#low) : 0;
  }
}

function push(values: number[], value: number): void {
  values.push(value);
  if (values.length > samples) values.shift();
}
