import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import { RateGate, type Lane } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * The API client hands each call's lane and signal to the gate: a background client's calls
 * leave the reserve alone, a call may name its own lane, and a call cancelled while it waits is
 * never sent and costs nothing. The service is a fetch that answers with the rate headers of a
 * window of 10 calls, so the gate's decisions are visible without a real window passing.
 */

const baseUrls = {
  library: 'http://127.0.0.1:9/library',
  scheduler: 'http://127.0.0.1:9/scheduler',
  dashboard: 'http://127.0.0.1:9/dashboard',
  community: 'http://127.0.0.1:9/community',
};

/** A service with `left` calls left in a window of 10 that lasts a minute; counts what it receives. */
function service(clock: FakeClock, left: number) {
  const reset = Math.ceil((clock.now() + 60_000) / 1000);
  const received: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    received.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    left = Math.max(0, left - 1);
    return new Response('{"data":[]}', {
      status: 200,
      headers: {
        'content-type': 'application/json',
        date: new Date(clock.now()).toUTCString(),
        'x-ratelimit-limit': '10',
        'x-ratelimit-remaining': String(left),
        'x-ratelimit-reset': String(reset),
      },
    });
  };
  return { fetch, received };
}

function clientOn(gate: RateGate, fetch: typeof globalThis.fetch, lane?: Lane) {
  return createApiClient({ baseUrls, getToken: () => 'sbx_test', gate, fetch, lane });
}

describe('API client and rate gate: lanes and cancellation', () => {
  it('sends a background client’s calls only beyond the reserve, and a person’s calls at once', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock });
    const { fetch, received } = service(clock, 5);
    const background = clientOn(gate, fetch, 'background');
    const person = clientOn(gate, fetch);

    await person.community.listTags([1]); // learns the window: 4 left, of which 3 are the reserve
    await background.community.listTags([1]); // one beyond the reserve
    const waiting = background.community.listTags([1]);
    await vi.waitFor(() => expect(gate.status().queuedBackground).toBe(1));
    await person.community.listTags([1]);
    await person.community.listTags([1]);
    expect(received).toHaveLength(4);
    expect(gate.status()).toMatchObject({ remaining: 1, queuedBackground: 1, queuedInteractive: 0 });

    // A call may name its own lane, whatever its client's default.
    await background.http.send({
      operation: 'tags',
      area: 'community',
      method: 'GET',
      path: 'tags',
      lane: 'interactive',
    });
    expect(received).toHaveLength(5);
    expect(gate.status()).toMatchObject({ remaining: 0, queuedBackground: 1 });
    void waiting.catch(() => undefined);
    gate.close();
  });

  it('never sends a call cancelled while it waits, and it takes no slot', async () => {
    const clock = new FakeClock();
    const gate = new RateGate({ clock });
    const { fetch, received } = service(clock, 1);
    const client = clientOn(gate, fetch);
    await client.community.listTags([1]); // 0 left until the reset, a minute away

    const controller = new AbortController();
    const search = client.community.listTags([1], { signal: controller.signal });
    const outcome = search.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(gate.status().queued).toBe(1));
    controller.abort(new Error('a newer search replaced it'));
    expect(await outcome).toEqual(new Error('a newer search replaced it'));
    expect(gate.status().queued).toBe(0);
    expect(received).toHaveLength(1);

    // After the reset the next call is the first of the new window, the cancelled one forgotten.
    await clock.advance(61_500);
    await client.community.listTags([1]);
    expect(received).toHaveLength(2);
  });
});
