import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import {
  RateGate,
  systemClock,
  type GateClock,
  type Lane,
} from '../../../../src/main/services/api/rate-gate.ts';
import { skewedClock } from '../support/sandbox.ts';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process.ts';

/**
 * The rate gate against the real sandbox on a short window (50 calls per 5 s), in real time.
 * Each answer says which window it was counted in (`x-ratelimit-reset`), so the figures are
 * counts per window (calls accepted, 429s, calls of each lane), never durations: how fast the
 * machine is changes when calls go, not how many a window takes.
 */
// A 5 s window: long enough that a loaded CI machine's scheduling jitter (a call landing a few
// ms after the window end) costs 2% of a window, not the 5% a 20-call window would lose.
const LIMIT = 50;
const WINDOW_S = 5;
/** The reserve background work leaves to people: 10% of the limit, at least 3. */
const RESERVE = 5;
/**
 * These tests wait for real windows: up to four of them (20 s), however fast the machine is, so
 * their limit is set by the windows, not by the default test timeout.
 */
const realTime = { timeout: 60_000 };

const clocks = [
  { clockIs: 'right', skewMs: 0 },
  { clockIs: '120 s fast', skewMs: 120_000 },
  { clockIs: '120 s slow', skewMs: -120_000 },
];
const clockOf = (skewMs: number): GateClock => (skewMs === 0 ? systemClock : skewedClock(skewMs));

interface Answer {
  status: number;
  reset: number;
  lane: Lane;
}

/**
 * One sandbox per test (the limit belongs to the application, and each has one), all started
 * before any test counts a window: building their databases takes the machine's every core for
 * a while, and a window counted meanwhile would measure that instead of the gate.
 */
const sandboxes = await Promise.all(
  Array.from({ length: 2 * clocks.length + 1 }, () =>
    startSandboxProcess(['--rate-limit', String(LIMIT), '--rate-window', String(WINDOW_S)]),
  ),
);
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.close()));
});
const sandboxFor = {
  spending: (skewMs: number) => sandboxes[clocks.findIndex((c) => c.skewMs === skewMs)]!,
  mixed: (skewMs: number) => sandboxes[clocks.length + clocks.findIndex((c) => c.skewMs === skewMs)]!,
  storm: () => sandboxes.at(-1)!,
};

/**
 * Every answer, by the window the service counted it in. Work runs until `wanted` whole windows
 * have passed after the first (joined midway); the window in which that was seen is where work
 * stopped, so it is not whole either, nor any later one the last calls in flight reached.
 */
class WindowLog {
  readonly answers: Answer[] = [];
  readonly #wanted: number;
  #stopReset: number | undefined;

  constructor(wanted: number) {
    this.#wanted = wanted;
  }

  #resets(): number[] {
    return [...new Set(this.answers.map((a) => a.reset))].sort((a, b) => a - b);
  }

  get done(): boolean {
    const resets = this.#resets();
    if (this.#stopReset === undefined && resets.length >= this.#wanted + 2) this.#stopReset = resets.at(-1);
    return this.#stopReset !== undefined;
  }

  /** The resets of the whole windows and of the one work stopped in, in order. */
  wholeAndStop(): number[] {
    const resets = this.#resets();
    const stop = this.#stopReset ?? Number.POSITIVE_INFINITY;
    return resets.filter((reset) => reset > resets[0]! && reset <= stop);
  }

  /** The answers of each whole window, in order. */
  fullWindows(): Answer[][] {
    return this.wholeAndStop()
      .slice(0, -1)
      .map((reset) => this.answers.filter((a) => a.reset === reset));
  }

  get throttled(): number {
    return this.answers.filter((a) => a.status === 429).length;
  }
}

function recordingClient(
  sandbox: SandboxProcess,
  gate: RateGate,
  log: { answers: Answer[] },
  lane: Lane = 'interactive',
  onAnswer: () => void = () => {},
) {
  return createApiClient({
    baseUrls: sandbox.urls,
    getToken: () => sandbox.tokens.user,
    gate,
    lane,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      log.answers.push({
        status: response.status,
        reset: Number(response.headers.get('x-ratelimit-reset')),
        lane,
      });
      onAnswer();
      return response;
    },
  });
}

describe('rate gate against the sandbox (50 calls per 5 s)', () => {
  it.concurrent.for(clocks)(
    'spends whole windows with zero 429s and never waits past a reset when the clock is $clockIs',
    realTime,
    async ({ skewMs }) => {
      const sandbox = sandboxFor.spending(skewMs);
      const log = new WindowLog(2);
      const client = recordingClient(sandbox, new RateGate({ clock: clockOf(skewMs) }), log);
      const brand = sandbox.brands[0]!;
      const worker = async () => {
        while (!log.done) await client.campaigns.list(brand, { limit: 1, summary: true });
      };
      await Promise.all(Array.from({ length: 8 }, worker));

      const accepted = log.fullWindows().map((window) => window.filter((a) => a.status < 400).length);
      console.info(`skew ${skewMs} ms: calls accepted per full window ${accepted.join(', ')} of ${LIMIT}`);
      expect(log.throttled).toBe(0);
      // Calls in every window from the first to the last: a skew read the wrong way round, or a
      // reset read late by a window, would leave a window without any.
      const resets = log.wholeAndStop();
      expect(resets).toHaveLength(3);
      expect(resets.slice(1).map((reset, i) => reset - resets[i]!)).toEqual([WINDOW_S, WINDOW_S]);
      // The whole budget of a window goes, and not one call more. (How many calls a machine
      // makes in a window is its own speed, so one window spent in full is what is asked.)
      expect(Math.max(...accepted)).toBe(LIMIT);
    },
  );

  it.concurrent.for(clocks)(
    'has zero 429s with a background bulk job and interactive calls mixed when the clock is $clockIs',
    realTime,
    async ({ skewMs }) => {
      const sandbox = sandboxFor.mixed(skewMs);
      // The reserve itself, not its lending in the last moments of a window (which depends on
      // whether the person happens to be waiting then: rate-gate-lending.test.ts covers it).
      const gate = new RateGate({ clock: clockOf(skewMs), lendBeforeResetMs: 0 });
      const log = new WindowLog(2);
      // The person acts after every 5th answer: paced by the service's answers, not by a timer.
      let wake: (() => void) | undefined;
      const onAnswer = () => {
        if (log.answers.length % 5 === 0) wake?.();
      };
      const bulk = recordingClient(sandbox, gate, log, 'background', onAnswer);
      const person = recordingClient(sandbox, gate, log, 'interactive', onAnswer);
      const brand = sandbox.brands[0]!;
      const bulkWorker = async () => {
        while (!log.done) await bulk.campaigns.list(brand, { limit: 1, summary: true });
      };
      const personWorker = async () => {
        while (!log.done) {
          await new Promise<void>((resolve) => (wake = resolve));
          await person.community.listTags([brand]);
        }
      };
      const results = await Promise.allSettled([bulkWorker(), bulkWorker(), bulkWorker(), personWorker()]);

      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      expect(log.throttled).toBe(0);
      const perWindow = log.fullWindows().map((window) => ({
        background: window.filter((a) => a.lane === 'background').length,
        interactive: window.filter((a) => a.lane === 'interactive').length,
      }));
      console.info(`skew ${skewMs} ms: per full window ${JSON.stringify(perWindow)}`);
      expect(perWindow).toHaveLength(2);
      for (const window of perWindow) {
        // Background work kept to its share and left the reserve to the person, in every window.
        expect(window.background).toBeGreaterThan(0);
        expect(window.background).toBeLessThanOrEqual(LIMIT - RESERVE);
        expect(window.interactive).toBeGreaterThan(0);
      }
    },
  );

  it('recovers from a 429 storm at the reset, and every queued call succeeds', realTime, async () => {
    const sandbox = sandboxFor.storm();
    const brand = sandbox.brands[0]!;
    // Another tool of the same application uses up the window first, ignoring the limit.
    const other = async () => {
      const response = await fetch(`${sandbox.urls.library}/brands/${brand}/campaigns?limit=1`, {
        headers: { authorization: `Bearer ${sandbox.tokens.application}` },
      });
      return { status: response.status, reset: Number(response.headers.get('x-ratelimit-reset')) };
    };
    const storm = await Promise.all(Array.from({ length: LIMIT + 10 }, other));
    const stormWindow = Math.max(...storm.filter((a) => a.status === 429).map((a) => a.reset));
    expect(Number.isFinite(stormWindow)).toBe(true);

    const log = { answers: [] as Answer[] };
    const client = recordingClient(sandbox, new RateGate(), log);
    const queued = Array.from({ length: 12 }, () => client.campaigns.list(brand, { limit: 1 }));
    const results = await Promise.allSettled(queued);

    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    // Only the calls sent before the gate knew the limit can meet the storm (none, should its
    // window have ended meanwhile); then the gate holds every call until the reset.
    expect(log.answers.filter((a) => a.status === 429).length).toBeLessThanOrEqual(2);
    expect(log.answers.filter((a) => a.status === 200).every((a) => a.reset > stormWindow)).toBe(true);
  });
});
