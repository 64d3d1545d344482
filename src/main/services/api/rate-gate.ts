import { ApiError } from './api-error.ts';
import { ClockSkew } from './clock-skew.ts';
import { maxTimerDelayMs, systemClock, type GateClock } from './gate-clock.ts';
import { localClockTime } from './clock-time.ts';
import { LaneQueue, type Waiter } from './lane-queue.ts';
import { LaneUsage, type GateLane } from './lane-usage.ts';
import type { DiagnosticSink } from './lenient.ts';
import type { Lane, RateStatus } from '../../../shared/contract/index.ts';
import { RateWindow } from './rate-window.ts';
import { StatusCoalescer } from './status-coalescer.ts';

export { systemClock, type GateClock } from './gate-clock.ts';
// What the gate reports and how a call says who waits for it are the contract's own types (the
// meter reads the one, the renderer sends the other): one definition each, not a twin here.
export type { Lane, RateStatus };
export type { GateLane } from './lane-usage.ts';

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
 * background ones, and background calls leave the last tenth of each window to them, except
 * when nobody would miss it: while no person's call waits, that reserve is lent to background
 * work in the last moments before the reset (a person then waits no longer than that), and
 * wholly once no person's call has come for a whole window (a bulk job alone uses the whole
 * budget instead of needing an extra window for its last tenth). A call
 * names its operation (`key`); when answers for an operation announce a lower limit than the
 * application's, that operation is also counted in that stricter window, so a report export
 * using up its own budget does not slow the inbox down. A 429, though, holds every call until
 * its reset, whichever window it came from: the service then refuses every request of the
 * application until that reset (conventions §4), so any call sent meanwhile would be wasted.
 * A waiting call whose caller gives up (its signal aborts) leaves the queue and costs nothing.
 *
 * What it does not trust: a reset further away than a few windows is a broken header (seconds
 * written in milliseconds, say), read as one window of the announced length; no call waits
 * longer than `maxWaitMs` (it fails with `rate_limited` instead of hanging), and a person's call
 * no longer than one window in all, its re-sends after a 429 included: one that a 429's hold
 * would keep past that fails at once, saying until when; no timer is asked for a delay the
 * platform cannot keep; and the meter hears at most ten statuses a second, and one at each
 * reset (the new window's whole budget, as an estimate until an answer confirms it).
 */

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
  /**
   * Longest a person's call waits in all, from its first attempt, re-sends after a 429 included
   * (default one window). Background work keeps `maxWaitMs` per attempt.
   */
  personWaitMs?: number;
  /**
   * How long before a window's reset the reserve is lent to background work while no person's
   * call waits (default 250 ms): a person's call made then waits at most this long.
   */
  lendBeforeResetMs?: number;
  /** Shortest time between two statuses passed to `onStatus` (default 100 ms). */
  statusIntervalMs?: number;
  /** Hears about broken rate-limit headers. */
  onDiagnostic?: DiagnosticSink;
  /**
   * Background requests allowed in flight while a person is active (a person's call came less
   * than `personActiveMs` ago); unlimited by default. Each background request in flight is one
   * a person's request may queue behind at the service (the sandbox answers one at a time), so
   * the app keeps this at one; background work goes at full width again once the person pauses.
   */
  backgroundInFlightWhileActive?: number;
  /** How long after a person's call the person counts as active (default 2 s). */
  personActiveMs?: number;
  /**
   * The share (0..1) of each window the inbox copy's sync (lanes `sync` and `sync-bulk`) may use
   * while a person is active, read at each decision (a setting); no cap by default. Sync calls
   * then wait while a person's call is at the service, so the person's calls never queue behind
   * them, and bulk ones are spread over the window and leave a fifth of the share to the others.
   */
  syncShareWhileActive?: () => number;
}

export interface AcquireOptions {
  /** Whether a person waits for the call (default) or not, and whether it is the inbox's sync. */
  lane?: GateLane;
  /** Aborting it takes the call out of the queue (it then costs nothing). */
  signal?: AbortSignal;
  /**
   * Local ms (the gate's clock, `now()`) at which the call began: a re-send after a 429 passes
   * its first attempt's, so a person's call waits one window in all, not one per attempt.
   */
  since?: number;
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
/** The interface's limit per window (interface.md), assumed for the sync share before any answer. */
const assumedLimit = 1000;
/** The part of the sync share bulk sync (fill, sweep) leaves to the live delta and shown rows. */
const promptPart = 0.2;

const waitedTooLongMessage =
  "The service's rate limit kept this request waiting too long, so Socialdesk did not send it. Try again in a moment.";
const closedMessage = 'The profile was removed before this request could be sent.';
const throttledMessage = (until: number) =>
  `The service is throttling requests until ${localClockTime(until)}, so Socialdesk did not send this one. Try again after that time.`;
const cancelledMessage = (until: number) =>
  until > 0
    ? `You stopped waiting for the service's rate limit; nothing was sent. Try again after ${localClockTime(until)}.`
    : "You stopped waiting for the service's rate limit; nothing was sent. Try again in a moment.";

export class RateGate {
  readonly #clock: GateClock;
  readonly #onStatus: ((status: RateStatus) => void) | undefined;
  readonly #initialInFlight: number;
  readonly #marginMs: number;
  readonly #windowMs: number;
  readonly #maxWaitMs: number;
  readonly #personWaitMs: number;
  readonly #lendBeforeResetMs: number;
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
  /** The meter's timer: at the next reset or end of a hold the status changes with no answer. */
  #cancelStatusTimer: (() => void) | undefined;
  #statusTimerAt = Number.POSITIVE_INFINITY;
  /** Local ms at which a person's call last came to the gate: how long nobody has been waiting. */
  #lastPersonAt = Number.NEGATIVE_INFINITY;
  readonly #backgroundWhileActive: number;
  readonly #personActiveMs: number;
  /** Background requests granted and not yet answered or abandoned. */
  #backgroundInFlight = 0;
  /** A person's requests granted and not yet answered or abandoned. */
  #interactiveInFlight = 0;
  readonly #syncShare: (() => number) | undefined;
  /** Local ms of the last bulk sync call granted: while a person works, the next waits its turn. */
  #lastBulkAt = Number.NEGATIVE_INFINITY;
  /** Calls granted per window of the application's limit, by lane (the sync share, the meter). */
  readonly #usage = new LaneUsage();

  constructor(options: RateGateOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#onStatus = options.onStatus;
    this.#initialInFlight = options.initialInFlight ?? 2;
    this.#marginMs = options.resetMarginMs ?? 50;
    this.#windowMs = options.windowMs ?? 60_000;
    this.#maxWaitMs = options.maxWaitMs ?? 2 * this.#windowMs;
    this.#personWaitMs = options.personWaitMs ?? this.#windowMs;
    this.#lendBeforeResetMs = options.lendBeforeResetMs ?? 250;
    this.#onDiagnostic = options.onDiagnostic;
    this.#backgroundWhileActive = options.backgroundInFlightWhileActive ?? Number.POSITIVE_INFINITY;
    this.#personActiveMs = options.personActiveMs ?? 2000;
    this.#syncShare = options.syncShareWhileActive;
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
    const { lane: counted = 'interactive', signal } = options;
    const lane: Lane = counted === 'interactive' ? 'interactive' : 'background';
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#closed) return Promise.reject(closedError());
    return new Promise<RateTicket>((resolve, reject) => {
      const now = this.#clock.now();
      // Idle work waits for the person's pause however long they work: it fails by its signal only.
      let deadline = counted === 'idle' ? Number.POSITIVE_INFINITY : now + this.#maxWaitMs;
      let holdLimit = deadline;
      if (lane === 'interactive') {
        this.#lastPersonAt = now;
        // A throttle that outlasts the person's window fails the call at once; a window's reset
        // is waited for a little longer (the gate's own margin past it, and the Date header's
        // whole seconds), so a call made just as a spent window began still goes at its reset.
        holdLimit = Math.min(deadline, (options.since ?? now) + this.#personWaitMs);
        deadline = Math.min(deadline, holdLimit + this.#marginMs + maxLearnedLagMs + 1000);
      }
      const waiter: Waiter<RateTicket> = {
        key,
        lane,
        sync: counted === 'sync' ? 'prompt' : counted === 'sync-bulk' ? 'bulk' : undefined,
        idle: counted === 'idle',
        deadline,
        holdLimit,
        resolve,
        reject,
        signal,
      };
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

  /** The gate's clock: what a caller passes back as `since` on a re-send. */
  now(): number {
    return this.#clock.now();
  }

  /**
   * A person is at work without a call reaching the service (the inbox answered from its local
   * copy): they count as active as if one had, and background work holds back the same way.
   */
  notePerson(): void {
    this.#lastPersonAt = this.#clock.now();
  }

  /** Whether a person's call came (or `notePerson`) less than `personActiveMs` ago. */
  personActive(): boolean {
    return this.#clock.now() < this.#lastPersonAt + this.#personActiveMs;
  }

  /**
   * A person stops waiting (the meter's Cancel): the person's calls waiting at the gate fail
   * with `rate_limited` and a plain message, unsent; background work waits on. Returns how many.
   */
  cancelWaiting(): number {
    if (this.#closed) return 0;
    const until = this.status().resetAt;
    const waiters = this.#queue.takeLane('interactive');
    for (const waiter of waiters)
      this.#refuse(
        waiter,
        new ApiError({ kind: 'rate_limited', operation: '', message: cancelledMessage(until) }),
      );
    if (waiters.length > 0) {
      this.#pump();
      this.#emit();
    }
    return waiters.length;
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
    this.#cancelStatusTimer?.();
    this.#cancelStatusTimer = undefined;
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
    const sent = this.#usage.of(this.#currentWindow(now));
    // Held after a 429: nothing goes until the hold ends, whatever the application's window says.
    if (this.#heldUntil > now) {
      const until = this.#heldUntil;
      return {
        limit: app.limit,
        remaining: 0,
        resetAt: until,
        throttledUntil: until,
        estimate: false,
        ...queued,
        sent,
      };
    }
    // A window over: the service counts a new one from its whole budget. Said at once (a timer
    // brings this status at the reset), marked as an estimate until an answer of it confirms.
    const current = app.isCurrent(now);
    return {
      limit: app.limit,
      remaining: current ? app.budget : app.limit,
      resetAt: app.windowReset === undefined ? 0 : app.resetAt,
      throttledUntil: 0,
      estimate: !current && app.limit > 0,
      ...queued,
      sent,
    };
  }

  /** The windows a call of `key` counts against. */
  #windowsFor(key: string): RateWindow[] {
    const limit = this.#limitOf.get(key);
    const bucket = limit !== undefined && limit < this.#app.limit ? this.#buckets.get(limit) : undefined;
    return bucket ? [this.#app, bucket] : [this.#app];
  }

  #readyAt(waiter: Waiter<RateTicket>, now: number, personWaiting: boolean): number {
    // A window not known yet takes a probe or two; background work sends one at most.
    const probes = waiter.lane === 'interactive' ? this.#initialInFlight : 1;
    let at = Math.max(now, this.#heldUntil);
    for (const window of this.#windowsFor(waiter.key)) {
      const lendFrom = personWaiting ? Number.POSITIVE_INFINITY : this.#lendFrom(window);
      at = Math.max(at, window.readyAt(now, waiter.lane, probes, lendFrom));
    }
    // Idle work goes only once the person pauses, whatever the room.
    if (waiter.idle) at = Math.max(at, this.#lastPersonAt + this.#personActiveMs);
    if (waiter.lane === 'background' && this.#backgroundInFlight >= this.#backgroundWhileActive) {
      // Full: it goes when the person pauses, or sooner when an answer frees a place (the pump
      // runs at every answer).
      at = Math.max(at, this.#lastPersonAt + this.#personActiveMs);
    }
    if (waiter.sync) at = Math.max(at, this.#syncReadyAt(now, personWaiting, waiter.sync === 'bulk'));
    return at;
  }

  /** The application's window calls granted now count in: its reset, undefined for the next. */
  #currentWindow(now: number): number | undefined {
    return this.#app.isCurrent(now) ? this.#app.windowReset : undefined;
  }

  /**
   * While a person is active, the inbox copy's sync uses at most its share of each window
   * (issue 25 §2), and never goes while a person's call waits or is at the service: the service
   * answers one request at a time, so a sync page sent then would be one the person's call
   * queues behind. Bulk sync (the fill, the sweep) is spread evenly over the window rather than
   * spent at its start, and stops at four fifths of the share: the live delta and the rows just
   * shown, which someone may be about to see, are not kept waiting behind it. Once the person
   * pauses, sync goes as any background work does.
   */
  #syncReadyAt(now: number, personWaiting: boolean, bulk: boolean): number {
    const activeUntil = this.#lastPersonAt + this.#personActiveMs;
    if (this.#syncShare === undefined || now >= activeUntil) return now;
    if (personWaiting || this.#interactiveInFlight > 0) return activeUntil;
    const limit = this.#app.limit > 0 ? this.#app.limit : assumedLimit;
    const share = Math.floor(limit * Math.min(1, Math.max(0, this.#syncShare())));
    const allowance = bulk ? share - Math.max(1, Math.floor(share * promptPart)) : share;
    if (allowance < 1) return activeUntil;
    const current = this.#currentWindow(now);
    if (this.#usage.of(current).sync >= allowance) {
      // Spent: the next window, or the person's pause, whichever comes first.
      return current === undefined ? activeUntil : Math.min(activeUntil, this.#app.resetAt);
    }
    if (!bulk) return now;
    return Math.min(activeUntil, Math.max(now, this.#lastBulkAt + this.#windowMs / allowance));
  }

  /**
   * From when a window's reserve may go to background work, while no person's call waits: close
   * enough to the reset that a person's call made after it is spent waits no longer than
   * `lendBeforeResetMs`, or once no person's call has come for a whole window (nobody is using
   * the app; the first call of someone coming back may then wait for the reset).
   */
  #lendFrom(window: RateWindow): number {
    return Math.min(window.resetAt - this.#lendBeforeResetMs, this.#lastPersonAt + this.#windowMs);
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
      // A hold never shortens: a call it keeps past its limit fails now, not at its deadline.
      const held = this.#heldUntil > now ? this.#queue.takeHeldTooLong(this.#heldUntil) : [];
      for (const waiter of held) {
        const message = throttledMessage(this.#heldUntil);
        this.#refuse(waiter, new ApiError({ kind: 'rate_limited', operation: '', message }));
      }
      const personWaiting = this.#queue.count('interactive') > 0;
      let wakeAt = Number.POSITIVE_INFINITY;
      const next = this.#queue.find((waiter) => {
        const at = this.#readyAt(waiter, now, personWaiting);
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
    this.#usage.count(waiter.sync ? 'sync' : waiter.lane, this.#currentWindow(now));
    for (const window of windows) window.take(now);
    const background = waiter.lane === 'background';
    if (background) this.#backgroundInFlight++;
    else this.#interactiveInFlight++;
    if (waiter.sync === 'bulk') this.#lastBulkAt = now;
    let settled = false;
    const settle = (status?: number, headers?: Headers) => {
      if (settled) return;
      settled = true;
      if (background) this.#backgroundInFlight--;
      else this.#interactiveInFlight--;
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
    if (this.#closed) return;
    this.#status.notify();
    this.#setStatusTimer();
  }

  /** Wakes the meter when the hold ends or the window resets, when no answer may come to tell it. */
  #setStatusTimer(): void {
    const now = this.#clock.now();
    let at = Number.POSITIVE_INFINITY;
    if (this.#heldUntil > now) at = this.#heldUntil;
    else if (this.#app.isCurrent(now)) at = this.#app.resetAt;
    if (at === this.#statusTimerAt) return;
    this.#cancelStatusTimer?.();
    this.#cancelStatusTimer = undefined;
    this.#statusTimerAt = at;
    if (at === Number.POSITIVE_INFINITY) return;
    this.#cancelStatusTimer = this.#clock.setTimer(
      () => {
        this.#cancelStatusTimer = undefined;
        this.#statusTimerAt = Number.POSITIVE_INFINITY;
        this.#emit();
      },
      Math.min(maxTimerDelayMs, Math.max(0, at - now)),
    );
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
