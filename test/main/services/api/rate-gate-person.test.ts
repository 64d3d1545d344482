import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import { ApiError, toContractError } from '../../../../src/main/services/api/api-error.ts';
import { localClockTime } from '../../../../src/main/services/api/clock-time.ts';
import { RateGate, type Lane, type RateStatus } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * A person waiting on a throttling service (issue 22 §3): the meter hears at once that the
 * service throttles and until when, the person can stop waiting, and a person's call fails
 * after at most one window in all, its re-sends after a 429 included; background work waits on.
 * The service is a fetch answering 429 (a broken `x-ratelimit-reset` cannot be had from the
 * sandbox), the gate on a fake clock. The client's own steps between an answer and the gate take
 * a few turns of the event loop, so each check waits for what it looks at (vi.waitFor) while the
 * gate's clock stands still.
 */

/** Waits for the client to get where `check` looks, the gate's clock standing still meanwhile. */
const settle = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 });

const baseUrls = {
  library: 'http://127.0.0.1:9/library',
  scheduler: 'http://127.0.0.1:9/scheduler',
  dashboard: 'http://127.0.0.1:9/dashboard',
  community: 'http://127.0.0.1:9/community',
};
const windowMs = 60_000;
const marginMs = 50;

/** A service refusing every request with 429, its reset as `reset()` says; counts what it receives. */
function throttlingService(clock: FakeClock, reset: () => number) {
  const received: number[] = [];
  const fetch = async () => {
    received.push(clock.now());
    return new Response(
      JSON.stringify({ code: 429, errors: {}, message: 'Too many requests.', status: 'x' }),
      {
        status: 429,
        headers: {
          'content-type': 'application/json',
          date: new Date(clock.now()).toUTCString(),
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset()),
        },
      },
    );
  };
  return { fetch, received };
}

function setup(reset: (clock: FakeClock) => number) {
  const clock = new FakeClock();
  const statuses: { at: number; status: RateStatus }[] = [];
  const gate = new RateGate({
    clock,
    windowMs,
    resetMarginMs: marginMs,
    onStatus: (status) => statuses.push({ at: clock.now(), status }),
  });
  const service = throttlingService(clock, () => reset(clock));
  const client = (lane: Lane) =>
    createApiClient({ baseUrls, getToken: () => 'sbx_test', gate, fetch: service.fetch, lane });
  /** Starts a call and records how it ended, and when on the gate's clock. */
  const start = (lane: Lane) => {
    const outcome: { at?: number; error?: unknown; answered?: boolean } = {};
    void client(lane)
      .community.listTags([1])
      .then(
        () => Object.assign(outcome, { at: clock.now(), answered: true }),
        (error: unknown) => Object.assign(outcome, { at: clock.now(), error }),
      );
    return outcome;
  };
  return { clock, gate, statuses, service, start };
}

function contractMessage(error: unknown): string {
  expect(error).toBeInstanceOf(ApiError);
  const mapped = toContractError(error);
  expect(mapped.code).toBe('rate_limited');
  return mapped.message;
}

describe('a person waiting on a throttling service (fake clock)', () => {
  it('fails a person’s call at once against a 429 with a broken reset, saying until when; background work waits on', async () => {
    // Milliseconds where seconds belong: read as one window from now.
    const { clock, gate, start, service } = setup((c) => c.now() + 10_000);
    const t0 = clock.now();
    const person = start('interactive');
    await settle(() => expect(person.at).toBeDefined());

    expect(person.at).toBe(t0); // no wait: the hold outlasts the person's one window
    const message = contractMessage(person.error);
    expect(message).toContain(`throttling requests until ${localClockTime(t0 + windowMs + marginMs)}`);
    expect(message).not.toMatch(/429|x-ratelimit|\d{10}/);
    expect(service.received).toHaveLength(1);

    const background = start('background');
    await settle(() => expect(gate.status().queuedBackground).toBe(1));
    await clock.advance(30_000);
    expect(background.at).toBeUndefined(); // background work may keep waiting for the hold
    expect(gate.status().queuedBackground).toBe(1);
    await clock.advance(31_000);
    await settle(() => expect(service.received).toHaveLength(2)); // its re-send after the one-window hold
    gate.close();
  });

  it('tells the meter within a second that the service throttles and until when, and lets the person stop waiting', async () => {
    // A well-formed reset 20 s away: a person's call waits for it.
    const resetAt = Date.UTC(2025, 0, 1, 12, 0, 20);
    const { clock, gate, statuses, start, service } = setup(() => resetAt / 1000);
    const person = start('interactive');
    const background = start('background');
    await settle(() => expect(gate.status()).toMatchObject({ queuedInteractive: 1, queuedBackground: 1 }));
    await clock.advance(1000);

    const last = statuses.at(-1)!;
    expect(last.at - Date.UTC(2025, 0, 1, 12, 0, 0)).toBeLessThanOrEqual(1000);
    expect(last.status).toMatchObject({ remaining: 0, queuedInteractive: 1 });
    expect(last.status.throttledUntil).toBeGreaterThanOrEqual(resetAt);
    expect(last.status.throttledUntil).toBeLessThanOrEqual(resetAt + marginMs + 1000);
    expect(person.at).toBeUndefined();

    expect(gate.cancelWaiting()).toBe(1);
    await settle(() => expect(person.error).toBeDefined());
    expect(contractMessage(person.error)).toMatch(
      /^You stopped waiting for the service's rate limit; nothing was sent/,
    );
    expect(service.received).toHaveLength(1); // the first attempt only; the re-send never went
    expect(background.at).toBeUndefined(); // background work was not the person's to cancel
    expect(gate.status()).toMatchObject({ queuedInteractive: 0, queuedBackground: 1 });
    gate.close();
  });

  it('fails a person’s call after at most one window in all, whatever 429s it meets on the way', async () => {
    // Every 429 announces a reset 40 s after it: the first re-send waits, the second would outlast the window.
    const { clock, gate, start, service } = setup((c) => Math.ceil((c.now() + 40_000) / 1000));
    const t0 = clock.now();
    const person = start('interactive');
    await settle(() => expect(gate.status().queuedInteractive).toBe(1));
    await clock.advance(40_000 + marginMs + 1000); // past the first hold: the re-send goes
    await settle(() => expect(person.at).toBeDefined());

    expect(person.at! - t0).toBeLessThanOrEqual(windowMs);
    expect(service.received).toHaveLength(2);
    expect(contractMessage(person.error)).toMatch(/^The service is throttling requests until /);
  });
});
