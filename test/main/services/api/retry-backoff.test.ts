import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import { ApiError } from '../../../../src/main/services/api/api-error.ts';
import { RateGate } from '../../../../src/main/services/api/rate-gate.ts';
import { failureOf, sandboxForThisFile } from '../support/sandbox.ts';

/**
 * How the client waits between retries, measured at its fetch: a service that keeps failing
 * must see the waits grow up to a cap, and two clients failing together must not come back
 * together (jitter). A create whose answer was lost must not be sent again.
 */
const sandbox = await sandboxForThisFile();
const brand = sandbox.brands[0]!;

// Short steps so the test takes a second: 40 ms doubling to a cap of 250 ms, over 5 retries.
const backoff = { firstMs: 40, maxMs: 250 };
const retryLimit = 5;
/** The un-jittered wait before each retry: the step doubles until the cap. */
const steps = Array.from({ length: retryLimit }, (_, i) => Math.min(backoff.maxMs, backoff.firstMs * 2 ** i));
/** Fake time moves 1 ms per turn of the event loop, so the call's work between a timer and its
 * next fetch may show as a millisecond or two. */
const stepSlackMs = 2;

/**
 * Runs one read against a service that always answers 503 and returns the waits between attempts.
 * The waits are the ones the client asked its timers for, on fake timers and a fake `Date`: real
 * timers on a busy machine fire late by any amount, which no bound on a measured wait survives.
 */
async function waitsAgainstAFailingService(): Promise<number[]> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    const sentAt: number[] = [];
    const client = createApiClient({
      baseUrls: sandbox.urls,
      getToken: () => sandbox.tokens.user,
      gate: new RateGate(),
      retryLimit,
      backoff,
      fetch: async () => {
        sentAt.push(Date.now());
        return Response.json(
          { code: 503, errors: {}, message: 'Down for maintenance.', status: 'Service Unavailable' },
          { status: 503 },
        );
      },
    });
    let settled = false;
    const failed = failureOf(() => client.campaigns.list(brand, { limit: 1 })).finally(
      () => (settled = true),
    );
    // One real turn of the event loop (setImmediate is not faked) for each fake millisecond, so
    // whatever the client does between timers is done before time moves on, however slowly.
    while (!settled) {
      await new Promise((done) => setImmediate(done));
      await vi.advanceTimersByTimeAsync(1);
    }
    const error = await failed;
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    expect(sentAt).toHaveLength(1 + retryLimit);
    return sentAt.slice(1).map((at, i) => at - sentAt[i]!);
  } finally {
    vi.useRealTimers();
  }
}

describe('retry backoff', () => {
  it('waits longer before each retry, never past the cap, and by a random share of each step', async () => {
    const runs = [await waitsAgainstAFailingService(), await waitsAgainstAFailingService()];
    for (const waits of runs) {
      waits.forEach((wait, i) => {
        // Half of each step is fixed, so the waits grow with the steps; the step is the most.
        expect(wait, `wait before retry ${i + 1}`).toBeGreaterThanOrEqual(steps[i]! / 2);
        expect(wait, `wait before retry ${i + 1}`).toBeLessThanOrEqual(steps[i]! + stepSlackMs);
      });
      expect(waits.at(-1)!).toBeGreaterThan(waits[0]! + backoff.firstMs);
    }
    // Without jitter every wait would be its whole step (or more); with it, some fall clearly short.
    // (Chance that all ten land in the top tenth of their range by luck: 1e-10.)
    const shares = runs.flatMap((waits) => waits.map((wait, i) => wait / steps[i]!));
    expect(shares.some((share) => share < 0.9)).toBe(true);
  });

  it('sends a create once when its answer is lost, and finds the post it made by its source_id', async () => {
    const posts: string[] = [];
    const client = createApiClient({
      baseUrls: sandbox.urls,
      getToken: () => sandbox.tokens.user,
      gate: new RateGate(),
      backoff,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await fetch(request);
        if (request.method !== 'POST') return response;
        posts.push(request.url);
        // The service made the post, but the connection broke before its answer came back.
        throw new TypeError('fetch failed');
      },
    });
    const sourceId = `draft-${crypto.randomUUID()}`;
    const created = await client.scheduler.create('snapchat', { brand_id: brand, source_id: sourceId });
    expect(posts).toHaveLength(1);
    expect(created).toMatchObject({ source_id: sourceId });
    const found = await client.scheduler.list('snapchat', { brand_id: brand, source_ids: [sourceId] });
    expect(found.paging.count).toBe(1);

    // Without a source_id there is nothing to look for: the loss is reported, not re-sent.
    posts.length = 0;
    const error = await failureOf(() => client.scheduler.create('snapchat', { brand_id: brand }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network' });
    expect(posts).toHaveLength(1);
  });
});
