import { afterAll, describe, expect, it } from 'vitest';
import type { ServiceConnection } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

const sandbox = await sandboxForThisFile();
/** While set, every request to the service gets no answer, as when the service is stopped. */
let unreachable = false;
/** While set, a request waits for an answer until its caller gives up; `sent` says it went out. */
let slow: { sent: () => void } | null = null;
/** Waits for the caller to give up, as a request to a slow service does (ky puts the signal on the Request). */
function untilGivenUp(input: string | URL | Request, init: RequestInit | undefined): Promise<Response> {
  const signal = (input instanceof Request ? input.signal : init?.signal)!;
  slow!.sent();
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
}
const app = await servicesOnSandbox(sandbox, {
  fetch: (input, init) => {
    if (unreachable) return Promise.reject(new TypeError('fetch failed'));
    return slow ? untilGivenUp(input, init) : fetch(input, init);
  },
});
afterAll(() => app.close());

const told: ServiceConnection[] = [];
app.events.subscribe((event, payload) => {
  if (event === 'service:connection') told.push(payload as ServiceConnection);
});
const now = async () => valueOf(await app.call('accounts:connection'));

describe("the app's one connection state", () => {
  it('follows every request to the active service: an answer is online, none is offline', async () => {
    valueOf(await app.call('tags:list', { brandIds: [101] }));
    expect(await now()).toMatchObject({ state: 'online' });

    unreachable = true;
    // A read no cache answers: the request goes out, and gets nothing back.
    const failed = await app.call('tags:list', { brandIds: [102] });
    expect(failed).toMatchObject({ ok: false, error: { code: 'offline' } });
    const offline = await now();
    expect(offline.state).toBe('offline');
    expect(offline.since).toEqual(expect.any(Number));

    unreachable = false;
    valueOf(await app.call('tags:list', { brandIds: [103] }));
    expect(await now()).toMatchObject({ state: 'online' });
    // Told once per change, in order, for the renderer to follow.
    expect(told.map((t) => t.state)).toEqual(['online', 'offline', 'online']);
  });

  it('takes a request the person gave up on (another screen opened meanwhile) for no sign of being offline', async () => {
    valueOf(await app.call('tags:list', { brandIds: [101] }));
    const before = told.length;
    let wentOut!: () => void;
    const sent = new Promise<void>((resolve) => (wentOut = resolve));
    slow = { sent: wentOut };
    const leaving = new AbortController();
    const call = app.call('tags:list', { brandIds: [103, 102] }, { signal: leaving.signal });
    await sent;
    leaving.abort(new DOMException('The screen closed.', 'AbortError'));
    expect(await call).toMatchObject({ ok: false });
    slow = null;
    expect(await now()).toMatchObject({ state: 'online' });
    expect(told.length).toBe(before);
  });

  it("keeps what a test of other addresses found for them: not the active state, until they are the active profile's", async () => {
    const before = told.length;
    const elsewhere = Object.fromEntries(
      Object.keys(sandbox.urls).map((area) => [area, 'http://127.0.0.1:9/']),
    ) as typeof sandbox.urls;
    const test = valueOf(
      await app.call('accounts:test', { baseUrls: elsewhere, token: 'no-token', brandIds: [101] }),
    );
    expect(test.ok).toBe(false);
    expect(await now()).toMatchObject({ state: 'online' });
    expect(told.length).toBe(before);

    // Once those addresses are the active profile's, what their test found is what the app says
    // (not "not checked yet"); back on the first profile, its own state again.
    const first = valueOf(await app.call('accounts:list')).activeId!;
    const other = valueOf(
      await app.call('accounts:add', {
        name: 'Elsewhere',
        baseUrls: elsewhere,
        brandIds: [101],
        token: 'no-token',
        tokenStore: 'keychain',
        activate: false,
      }),
    );
    valueOf(await app.call('accounts:switch', { id: other.id }));
    expect(await now()).toMatchObject({ state: 'offline' });
    valueOf(await app.call('accounts:switch', { id: first }));
    expect(await now()).toMatchObject({ state: 'online' });
    expect(told.slice(before).map((t) => t.state)).toEqual(['offline', 'online']);
  });
});
