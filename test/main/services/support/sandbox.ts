import { afterAll } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../src/main/services/api/api-client.ts';
import {
  RateGate,
  systemClock,
  type GateClock,
  type RateStatus,
} from '../../../../src/main/services/api/rate-gate.ts';
import type { Diagnostic } from '../../../../src/main/services/api/lenient.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../../src/sandbox/start.ts';

export type { RunningSandbox };

/** A real sandbox on a random loopback port (in-memory database). */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, ...options });
}

/**
 * One sandbox for every test of the calling file, closed after its last test. Awaited at the top
 * of the file, so tests read a plain constant rather than a variable a `beforeAll` fills in later.
 */
export async function sandboxForThisFile(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = await startTestSandbox(options);
  afterAll(() => sandbox.close());
  return sandbox;
}

/** A clock `offsetMs` away from the real one: the client of a machine whose clock is wrong. */
export function skewedClock(offsetMs: number): GateClock {
  return { now: () => Date.now() + offsetMs, setTimer: systemClock.setTimer };
}

export interface TestClient extends ApiClient {
  gate: RateGate;
  statuses: RateStatus[];
  diagnosticsSeen: Diagnostic[];
  /** Every HTTP status the client received, retries and throttled answers included. */
  seen: number[];
}

/** The client the app builds for a profile on this sandbox, with a fetch that counts answers. */
export function clientFor(
  sandbox: RunningSandbox,
  options: { token?: string; clock?: GateClock; gate?: RateGate } = {},
): TestClient {
  const statuses: RateStatus[] = [];
  const diagnosticsSeen: Diagnostic[] = [];
  const seen: number[] = [];
  const gate = options.gate ?? new RateGate({ clock: options.clock, onStatus: (s) => statuses.push(s) });
  const token = options.token ?? sandbox.tokens.user;
  const client = createApiClient({
    baseUrls: sandbox.urls,
    getToken: () => token,
    gate,
    onDiagnostic: (d) => diagnosticsSeen.push(d),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      seen.push(response.status);
      return response;
    },
  });
  return Object.assign(client, { gate, statuses, diagnosticsSeen, seen });
}

/** Runs `fn` expecting it to reject, and returns the rejection. */
export async function failureOf(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail, and it succeeded.');
}
