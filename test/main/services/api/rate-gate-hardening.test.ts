import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import {
  ApiError,
  asContractCallError,
  toContractError,
} from '../../../../src/main/services/api/api-error.ts';
import type { Diagnostic } from '../../../../src/main/services/api/lenient.ts';
import {
  RateGate,
  type Lane,
  type RateStatus,
  type RateTicket,
} from '../../../../src/main/services/api/rate-gate.ts';
import { ContractCallError } from '../../../../src/shared/contract/index.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * A hostile or broken answer must not hang or spin the app (issue 11 §2): no timer beyond what
 * the platform allows, an implausible reset read as a broken header, a deadline at the gate, a
 * coalesced meter, and a gate that can be closed. All on a fake clock whose timers behave as
 * Node's do, the 1 ms firing of an overflowing delay included.
 */

const maxTimerMs = 2 ** 31 - 1;

function rateHeaders(clock: FakeClock, limit: number, remaining: number, reset: number): Headers {
  return new Headers({
    date: new Date(clock.now()).toUTCString(),
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(reset),
  });
}

/** A reset `ms` from now, in the service's UNIX seconds. */
const resetIn = (clock: FakeClock, ms: number) => Math.ceil((clock.now() + ms) / 1000);

/** Acquires and records when each grant or refusal happened. */
function track(gate: RateGate, clock: FakeClock, count: number, key = 'inbox', lane: Lane = 'interactive') {
  const granted: { at: number; ticket: RateTicket }[] = [];
  const refused: { at: number; error: unknown }[] = [];
  for (let i = 0; i < count; i++) {
    gate.acquire(key, { lane }).then(
      (ticket) => granted.push({ at: clock.now(), ticket }),
      (error: unknown) => refused.push({ at: clock.now(), error }),
    );
  }
  return { granted, refused };
}

describe('rate gate against broken answers (fake clock)', () => {
  it('reads a reset sent in milliseconds as a broken header: no timer storm, background calls go after one window', async () => {
    const clock = new FakeClock();
    const statuses: RateStatus[] = [];
    const diagnostics: Diagnostic[] = [];
    const gate = new RateGate({
      clock,
      onStatus: (s) => statuses.push(s),
      onDiagnostic: (d) => diagnostics.push(d),
    });
    const first = await gate.acquire('inbox');
    // Milliseconds where seconds belong: a reset some 55,000 years away.
    first.complete(429, rateHeaders(clock, 100, 0, clock.now() + 10_000));
    const { granted } = track(gate, clock, 1, 'export', 'background');

    await clock.advance(5000);
    expect(clock.longestDelayAsked).toBeLessThanOrEqual(maxTimerMs);
    expect(clock.firings).toBeLessThan(60);
    expect(statuses.length).toBeLessThanOrEqual(60);
    expect(granted).toHaveLength(0); // still held: the 429 said to wait
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ operation: 'inbox', issues: [{ path: 'x-ratelimit-reset' }] });
    expect(diagnostics[0]!.issues[0]!.message).toMatch(/60 s window/);

    // Held for the announced window (60 s), not for ever.
    await clock.advance(60_000);
    expect(granted).toHaveLength(1);
  });

  it('never hands the platform a timer delay it cannot keep, even for a hold it finds plausible', async () => {
    const clock = new FakeClock();
    // A service whose windows last a month: plausible for it, and still beyond a timer's reach.
    const monthMs = 31 * 24 * 3600 * 1000;
    const gate = new RateGate({ clock, windowMs: monthMs });
    (await gate.acquire('inbox')).complete(
      429,
      rateHeaders(clock, 100, 0, resetIn(clock, 30 * 24 * 3600 * 1000)),
    );
    const { granted } = track(gate, clock, 1);
    await clock.advance(60_000);
    expect(clock.longestDelayAsked).toBeLessThanOrEqual(maxTimerMs);
    expect(clock.firings).toBeLessThan(5);
    expect(granted).toHaveLength(0);
  });

  it('fails a call that waited past its deadline with rate_limited and a plain message', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, maxWaitMs: 30_000 });
    // The window's budget is spent (no 429): the calls wait for its reset, 50 s away.
    (await gate.acquire('inbox')).complete(200, rateHeaders(clock, 100, 0, resetIn(clock, 50_000)));
    const { granted, refused } = track(gate, clock, 2);

    await clock.advance(29_999);
    expect(refused).toHaveLength(0);
    expect(gate.status().queued).toBe(2);
    await clock.advance(2);
    expect(granted).toHaveLength(0);
    expect(refused).toHaveLength(2);
    expect(gate.status().queued).toBe(0);
    const error = refused[0]!.error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('rate_limited');
    const contract = toContractError(error);
    expect(contract.code).toBe('rate_limited');
    expect(contract.message).toMatch(/did not send it/);
  });

  it('maps the refusal through the API client to the contract error rate_limited', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock, maxWaitMs: 30_000 });
    let sent = 0;
    const client = createApiClient({
      baseUrls: {
        library: 'http://127.0.0.1:9/library',
        scheduler: 'http://127.0.0.1:9/scheduler',
        dashboard: 'http://127.0.0.1:9/dashboard',
        community: 'http://127.0.0.1:9/community',
      },
      getToken: () => 'sbx_test',
      gate,
      // The service throttles: a 429 whose reset lies beyond the deadline.
      fetch: async () => {
        sent += 1;
        return new Response(JSON.stringify({ code: 429, errors: {}, message: 'Slow down.', status: 'x' }), {
          status: 429,
          headers: rateHeaders(clock, 100, 0, resetIn(clock, 50_000)),
        });
      },
    });
    // The hold outlasts the deadline, so the re-send after the 429 is refused without waiting.
    const outcome: unknown = await client.community.listTags([1]).then(
      () => 'answered',
      (error: unknown) => error,
    );
    expect(sent).toBe(1);
    const mapped = asContractCallError(outcome);
    expect(mapped).toBeInstanceOf(ContractCallError);
    expect((mapped as ContractCallError).code).toBe('rate_limited');
    expect((outcome as ApiError).operation).toBe('community.listTags');
  });

  it('emits rate:status at most about ten times a second, and always ends on the latest', async () => {
    const clock = new FakeClock();
    const emitted: { at: number; status: RateStatus }[] = [];
    const gate = new RateGate({ clock, onStatus: (status) => emitted.push({ at: clock.now(), status }) });
    const reset = resetIn(clock, 60_000);
    (await gate.acquire('inbox')).complete(200, rateHeaders(clock, 1000, 999, reset));
    // Busy: 2000 calls asked at once, answered in small groups over 20 s; the last ones wait.
    const { granted } = track(gate, clock, 2000);
    for (let step = 0; step < 200; step++) {
      await clock.advance(100);
      for (const grant of granted.splice(0, 7))
        grant.ticket.complete(200, rateHeaders(clock, 1000, 500, reset));
    }
    // A last change, then nothing: the meter must end up showing it.
    track(gate, clock, 1, 'export');
    const last = gate.status();
    await clock.advance(150);
    const busiestSecond = Math.max(
      ...emitted.map(({ at }) => emitted.filter((e) => e.at >= at && e.at < at + 1000).length),
    );
    expect(emitted.length).toBeGreaterThan(100); // it did report all along
    expect(busiestSecond).toBeLessThanOrEqual(11);
    expect(emitted.at(-1)!.status).toEqual(last);
  });

  it('closes: queued calls are refused, its timers cancelled, and later calls refused at once', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock });
    (await gate.acquire('inbox')).complete(429, rateHeaders(clock, 100, 0, resetIn(clock, 30_000)));
    const { granted, refused } = track(gate, clock, 2);
    await clock.advance(10);
    expect(clock.pendingTimers).toBeGreaterThan(0);

    gate.close();
    await clock.advance(0);
    expect(refused).toHaveLength(2);
    expect((refused[0]!.error as ApiError).kind).toBe('gate_closed');
    expect(clock.pendingTimers).toBe(0);
    await expect(gate.acquire('inbox')).rejects.toMatchObject({ kind: 'gate_closed' });
    await clock.advance(60_000);
    expect(granted).toHaveLength(0);
  });
});
