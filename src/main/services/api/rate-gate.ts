import { ApiError } from './api-error.ts';
import { ClockSkew } from './clock-skew.ts';
import { maxTimerDelayMs, systemClock, type GateClock } from './gate-clock.ts';
import { LaneQueue, type Waiter } from './lane-queue.ts';
import type { DiagnosticSink } from './lenient.ts';
import { RateWindow, type Lane } from './rate-window.ts';
import { StatusCoalescer } from './status-coalescer.ts';

export { systemClock, type GateClock } from './gate-clock.ts';
export type { Lane } from './rate-window.ts';

/**
 * The rate gate: one per application (per profile), shared by every call to the service.
 *
 * Written here rather than taken from a library: throttles such as p-throttle or bottleneck pace
 * to a rate fixed in advance, while this service announces its fixed-window budget in response
 * headers (`x-ratelimit-*`), its reset in server time (to be corrected for clock skew with the
 * `Date` header), and stricter limits for some endpoints in the same headers. None learn from that.
 *
 * How it works: every answer tells the gate the window's limit, the calls left and the reset.
 * A call goes at once while the calls left cover it, and otherwise waits for the reset (server
 * time mapped to local time, see RateWindow); after the reset one or two probes learn the new
 * window before the rest go. Before any answer it allows a few calls in flight. A call says
 * whether a person waits for it (its lane): interactive calls are offered every slot before
 * background ones, and background calls leave the last tenth of each window to them. A call
 * names its operation (`key`); when answers for an operation announce a lower limit than the
 * application's, that operation is also counted in that stricter window, so a report export
 * using up its own budget does not slow the inbox down. A 429, though, holds every call until
 * its reset, whichever window it came from: the service then refuses every request of the
 * application until that reset (conventions §4), so any call sent meanwhile would be wasted.
 * A waiting call whose caller gives up (its signal aborts) leaves the queue and costs nothing.
 *
 * What it does not trust: a reset further away than a few windows is a broken header (seconds
 * written in milliseconds, say), read as one window of the announced length; no call waits
 * longer than `maxWaitMs` (it fails with `rate_limited` instead of hanging); no timer is asked
 * for a delay the platform cannot keep; and the meter hears at most ten statuses a second.
 */

export interface RateStatus {
  /** Calls allowed per window, 0 while unknown. */
  limit: number;
  /** Calls the gate believes are left in the current window. */
  remaining: number;
  /** Local UNIX milliseconds at which the gate expects the window to reset, 0 while unknown. */
  resetAt: number;
  /** Requests waiting at the gate, both lanes. */
  queued: number;
  queuedInteractive: number;
  queuedBackground: number;
}

export interface RateGateOptions {
  clock?: GateClock;
  onStatus?: (status: RateStatus) => void;
  /** Requests allowed in flight while a window is not known yet (the first, or after a reset). */
  initialInFlight?: number;
  /** Waited after the computed reset before the first call of a new window. */
  resetMarginMs?: number;
  /**
   * The window length the service announces (conventions §4: 60 s). A reset more than a few
   * windows away is taken for a broken header and read as one window from now.
   */
  windowMs?: number;
  /** Longest a call waits at the gate before it fails with `rate_limited` (default two windows). */
  maxWaitMs?: number;
  /** Shortest time between two statuses passed to `onStatus` (default 100 ms). */
  statusIntervalMs?: number;
  /** Hears about broken rate-limit headers. */
  onDiagnostic?: DiagnosticSink;
}

export interface AcquireOptions {
  /** Whether a person waits for the call (default) or not. */
  lane?: Lane;
  /** Aborting it takes the call out of the queue (it then costs nothing). */
  signal?: AbortSignal;
}

/** A granted slot: report how the request ended, exactly once. */
export interface RateTicket {
  /** An answer arrived (any status): feeds its headers to the gate. */
  complete(status: number, headers: Headers): void;
  /** No answer (network error, abort): frees the slot; the call still counts as spent. */
  abandon(): void;
}

/** Most the gate adds to its margin after finding the service still in the old window. */
const maxLearnedLagMs = 2000;
/** A reset further away than this many windows is a broken header. */
const plausibleWindows = 3;

const waitedTooLongMessage =
  "The service's rate limit kept this request waiting too long, so Socialdesk did not send it. Try again in a moment.";
const closedMessage = 'The profile was removed before this request could be sent.';

export class RateGate {
  readonly #clock: GateClock;
  readonly #onStatus: ((status: RateStatus) => void) | undefined;
  readonly #initialInFlight: number;
  readonly #marginMs: number;
  readonly #windowMs: number;
  readonly #maxWaitMs: number;
  readonly #onDiagnostic: DiagnosticSink | undefined;
  readonly #status: StatusCoalescer<RateStatus>;
  #closed = false;
  /** Local ms of the last broken-header diagnostic: one a window is enough for the log. */
  #lastBrokenReport = Number.NEGATIVE_INFINITY;

  /** The application's window: every call counts in it. */
  #app = new RateWindow();
  /** Stricter endpoint windows, by announced limit. */
  readonly #buckets = new Map<number, RateWindow>();
  /** Lowest limit ever announced for an operation: names its bucket when below the app's. */
  readonly #limitOf = new Map<string, number>();
  readonly #skew = new ClockSkew();
  /** Extra margin learned from 429s that came after the gate thought the window was over. */
  #learnedLagMs = 0;
  /** Local ms until which a 429 holds every call, whatever its window. */
  #heldUntil = 0;
  readonly #queue = new LaneQueue<RateTicket>();
  #cancelTimer: (() => void) | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  constructor(options: RateGateOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#onStatus = options.onStatus;
    this.#initialInFlight = options.initialInFlight ?? 2;
    this.#marginMs = options.resetMarginMs ?? 50;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#maxWaitMs = options.maxWaitMs ?? 2 * this.#windowMs;
    this.#onDiagnostic = options.onDiagnostic;
    this.#status = new StatusCoalescer(
      this.#clock,
      options.statusIntervalMs ?? 100,
      () => this.status(),
      (status) => this.#onStatus?.(status),
    );
  }

  /**
   * Waits for a slot for operation `key`. Rejects with the signal's reason if `signal` aborts
   * first, and with an ApiError (`rate_limited`) once it has waited `maxWaitMs`.
   */
  acquire(key = '', options: AcquireOptions = {}): Promise<RateTicket> {
    const { lane = 'interactive', signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#closed) return Promise.reject(closedError());
    return new Promise<RateTicket>((resolve, reject) => {
      const deadline = this.#clock.now() + this.#maxWaitMs;
      const waiter: Waiter<RateTicket> = { key, lane, deadline, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          if (!this.#queue.remove(waiter)) return;
          reject(signal.reason);
          this.#pump();
          this.#emit();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      this.#pump();
      if (this.#queue.has(waiter)) this.#emit();
    });
  }

  /**
   * For a service no profile uses any more: refuses the calls waiting, cancels every timer, and
   * refuses calls from now on. Calls already sent finish as they will.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    this.#status.cancel();
    for (const waiter of this.#queue.takeAll()) this.#refuse(waiter, closedError());
  }

  status(): RateStatus {
    const app = this.#app;
    const now = this.#clock.now();
    const queued = {
      queued: this.#queue.size,
      queuedInteractive: this.#queue.count('interactive'),
      queuedBackground: this.#queue.count('background'),
    };
    // Held after a 429: nothing goes until the hold ends, whatever the application's window says.
    if (this.#heldUntil > now) return { limit: app.limit, remaining: 0, resetAt: this.#heldUntil, ...queued };
    return {
      limit: app.limit,
      remaining: app.isCurrent(now) ? app.budget : app.limit,
      resetAt: app.windowReset === undefined ? 0 : app.resetAt,
      ...queued,
    };
  }

  /** The windows a call of `key` counts against. */
  #windowsFor(key: string): RateWindow[] {
    const limit = this.#limitOf.get(key);
    const bucket = limit !== undefined && limit < this.#app.limit ? this.#buckets.get(limit) : undefined;
    return bucket ? [this.#app, bucket] : [this.#app];
  }

  #readyAt(waiter: Waiter<RateTicket>, now: number): number {
    // A window not known yet takes a probe or two; background work sends one at most.
    const probes = waiter.lane === 'interactive' ? this.#initialInFlight : 1;
    let at = Math.max(now, this.#heldUntil);
    for (const window of this.#windowsFor(waiter.key))
      at = Math.max(at, window.readyAt(now, waiter.lane, probes));
    return at;
  }

  /**
   * Refuses the calls past their deadline, grants every queued call that may go now (interactive
   * first, each lane in order, skipping blocked ones), then sets a timer for the next grant or
   * deadline.
   */
  #pump(): void {
    if (this.#closed) return;
    for (;;) {
      const now = this.#clock.now();
      for (const waiter of this.#queue.takeOverdue(now)) {
        this.#refuse(
          waiter,
          new ApiError({ kind: 'rate_limited', operation: '', message: waitedTooLongMessage }),
        );
      }
      let wakeAt = Number.POSITIVE_INFINITY;
      const next = this.#queue.find((waiter) => {
        const at = this.#readyAt(waiter, now);
        wakeAt = Math.min(wakeAt, at, waiter.deadline);
        return at <= now;
      });
      if (!next) return this.#setTimer(wakeAt);
      this.#queue.remove(next);
      this.#grant(next, now);
    }
  }

  #refuse(waiter: Waiter<RateTicket>, error: ApiError): void {
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
    waiter.reject(error);
  }

  #grant(waiter: Waiter<RateTicket>, now: number): void {
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
    const windows = this.#windowsFor(waiter.key);
    for (const window of windows) window.take(now);
    let settled = false;
    const settle = (status?: number, headers?: Headers) => {
      if (settled) return;
      settled = true;
      for (const window of windows) window.settle();
      if (status !== undefined && headers) this.#observe(waiter.key, status, headers);
      this.#pump();
      this.#emit();
    };
    waiter.resolve({ complete: (status, headers) => settle(status, headers), abandon: () => settle() });
  }

  #observe(key: string, status: number, headers: Headers): void {
    const now = this.#clock.now();
    this.#skew.sample(headers.get('date'), now);
    const limit = intHeader(headers, 'x-ratelimit-limit');
    const remaining = intHeader(headers, 'x-ratelimit-remaining');
    const reset = intHeader(headers, 'x-ratelimit-reset');
    if (limit === undefined || remaining === undefined || reset === undefined || limit <= 0) return;

    this.#limitOf.set(key, Math.min(limit, this.#limitOf.get(key) ?? Number.POSITIVE_INFINITY));
    if (limit > this.#app.limit && this.#app.limit > 0) {
      // What looked like the application's window was a stricter endpoint's: keep it as such.
      this.#buckets.set(this.#app.limit, this.#app);
      this.#app = new RateWindow(limit);
    }
    let window = this.#app;
    if (this.#app.limit === 0) this.#app.limit = limit;
    else if (limit < this.#app.limit) {
      window = this.#buckets.get(limit) ?? new RateWindow(limit);
      this.#buckets.set(limit, window);
    }

    const throttled = status === 429;
    const skew = this.#skew.low;
    // The reset in local time, at the latest (plus margin): a call sent then lands in the new window.
    let windowReset = reset;
    let resetAt = reset * 1000 - skew + this.#marginMs + this.#learnedLagMs;
    if (resetAt - now > plausibleWindows * this.#windowMs) {
      // A broken header (or Date): read it as one announced window, from now or the one running.
      this.#reportBrokenReset(key, resetAt - now);
      if (window.isCurrent(now)) {
        windowReset = window.windowReset!;
        resetAt = window.resetAt;
      } else {
        windowReset = Math.ceil((now + skew + this.#windowMs) / 1000);
        resetAt = now + this.#windowMs + this.#marginMs;
      }
    }
    if (throttled && resetAt <= now) {
      // The service still counts the old window although the gate thought it over: wait longer.
      this.#learnedLagMs = Math.min(maxLearnedLagMs, this.#learnedLagMs + 250);
      resetAt = now + this.#marginMs + this.#learnedLagMs;
    }
    const current = window.observe({ remaining, reset: windowReset, resetAt, throttled });
    // A late 429 from a window already over teaches nothing, and holds nothing either.
    if (throttled && current) this.#heldUntil = Math.max(this.#heldUntil, resetAt);
  }

  #reportBrokenReset(key: string, awayMs: number): void {
    const now = this.#clock.now();
    if (now - this.#lastBrokenReport < this.#windowMs) return;
    this.#lastBrokenReport = now;
    const away = Math.round(awayMs / 1000);
    const window = Math.round(this.#windowMs / 1000);
    this.#onDiagnostic?.({
      operation: key,
      issues: [
        {
          path: 'x-ratelimit-reset',
          message: `The service announced a reset ${away} s away, more than ${plausibleWindows} windows: read as a broken header; waiting one ${window} s window instead.`,
        },
      ],
      at: now,
    });
  }

  #setTimer(at: number): void {
    if (this.#closed) return;
    if (at === this.#timerAt) return;
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    this.#timerAt = at;
    if (at === Number.POSITIVE_INFINITY) return;
    this.#cancelTimer = this.#clock.setTimer(
      () => {
        this.#cancelTimer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#pump();
        this.#emit();
      },
      // A longer wait is made of several timers: the pump re-arms until `at` is reached.
      Math.min(maxTimerDelayMs, Math.max(0, at - this.#clock.now())),
    );
  }

  #emit(): void {
    if (!this.#closed) this.#status.notify();
  }
}

function closedError(): ApiError {
  return new ApiError({ kind: 'gate_closed', operation: '', message: closedMessage });
}

function intHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : undefined;
}
