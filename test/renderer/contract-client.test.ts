import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, call } from '../../src/renderer/src/api/contract-client.ts';
import { ContractCallError } from '../../src/shared/contract/index.ts';
import { createFakePreload, sampleInfo } from './helpers/fake-preload.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fake `fetch` for the web bridge: records requests, answers with the given status and body. */
function fakeFetch(answer: (sent: Sent) => { status: number; body: unknown } | Error) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    sent.push({ url, init });
    const result = answer({ url, init });
    if (result instanceof Error) throw result;
    return {
      ok: result.status >= 200 && result.status < 300,
      status: result.status,
      json: async () => (typeof result.body === 'string' ? JSON.parse(result.body) : result.body),
    } as Response;
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

async function failureOf(promise: Promise<unknown>): Promise<ContractCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractCallError);
  return error as ContractCallError;
}

afterEach(() => {
  delete window.socialdesk;
  vi.unstubAllGlobals();
});

describe('contract client over the web bridge', () => {
  it("posts the call with the page's cookie, no credential of its own, and unwraps the answer", async () => {
    const sent = fakeFetch(() => ({ status: 200, body: { ok: true, value: { theme: 'dark' } } }));

    await expect(api['settings:update']({ theme: 'dark' })).resolves.toEqual({ theme: 'dark' });

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/bridge/call/settings:update');
    expect(sent[0]!.init.method).toBe('POST');
    // The browser adds the HttpOnly session cookie; the page has nothing to add.
    expect(sent[0]!.init.credentials).toBe('same-origin');
    expect(sent[0]!.init.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({ input: { theme: 'dark' } });
  });

  it('omits the input of a call that takes none', async () => {
    const sent = fakeFetch(() => ({ status: 200, body: { ok: true, value: sampleInfo } }));

    await expect(call('app:info')).resolves.toEqual(sampleInfo);
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({});
  });

  it('throws the error of a failed envelope with its field errors', async () => {
    fakeFetch(() => ({
      status: 200,
      body: {
        ok: false,
        error: { code: 'invalid_input', message: 'Invalid input.', fieldErrors: { theme: ['Bad'] } },
      },
    }));

    const error = await failureOf(api['settings:update']({ theme: 'dark' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Invalid input.');
    expect(error.fieldErrors).toEqual({ theme: ['Bad'] });
  });

  it('turns a 401 into a forbidden error that says which address to open', async () => {
    fakeFetch(() => ({ status: 401, body: { message: 'nope' } }));

    const error = await failureOf(api['settings:get']());
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('link the browser shell printed');
    expect(error.message).toContain('works once, within a minute');
  });

  it('turns a network failure into an offline error', async () => {
    fakeFetch(() => new TypeError('Failed to fetch'));

    const error = await failureOf(api['app:info']());
    expect(error.code).toBe('offline');
    expect(error.message).toContain('cannot reach');
  });

  it('turns an answer that is not an envelope into an internal error', async () => {
    fakeFetch(() => ({ status: 502, body: '{"gateway": "down"}' }));

    const error = await failureOf(api['app:info']());
    expect(error.code).toBe('internal');
    expect(error.status).toBe(502);
  });
});

describe('contract client in Electron', () => {
  it('uses window.socialdesk and never the network', async () => {
    const sent = fakeFetch(() => ({ status: 500, body: {} }));
    const preload = createFakePreload().install();

    await expect(api['settings:update']({ theme: 'light' })).resolves.toMatchObject({ theme: 'light' });
    expect(preload.received).toEqual([{ name: 'settings:update', input: { theme: 'light' } }]);
    expect(sent).toHaveLength(0);
  });

  it('forwards events from the preload API', () => {
    const preload = createFakePreload().install();
    const seen: unknown[] = [];
    const off = api.on('sync:progress', (payload) => seen.push(payload));

    preload.emit('sync:progress', { pending: 2, done: 1, failed: 0 });
    off();
    preload.emit('sync:progress', { pending: 0, done: 3, failed: 0 });

    expect(seen).toEqual([{ pending: 2, done: 1, failed: 0 }]);
  });
});
