import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebShell } from '../../../src/main/web/server.ts';
import { startConnectedShell } from './support/connected-shell.ts';
import { exchange } from './support/exchange.ts';

let shell: WebShell;
/** The shell's clock for link expiry, stepped by the tests. */
let clock = 1_000_000;
/** The cookie header of a connected page. */
let cookie: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ shell, cookie, close } = await startConnectedShell('bridge', () => clock));
});
afterAll(() => close());

function call(name: string, body: unknown, headers: Record<string, string> = { cookie }) {
  return fetch(`${shell.origin}/bridge/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A GET with a Host header of the test's choosing, which fetch will not send. */
function statusWithHost(path: string, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = request(`${shell.origin}${path}`, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('opening the browser shell', () => {
  it('gives links with a one-time code, which the shell trades for an HttpOnly session cookie', async () => {
    const link = shell.issueLink();
    expect(link.url).toMatch(new RegExp(`^${shell.origin}/connect\\?code=[0-9a-f]{32}$`));

    const answer = await exchange(link.url);
    // On to the app, without the code in the address.
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/');
    expect(answer.cacheControl).toBe('no-store');
    const attributes = answer.setCookie!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/bridge']));
    // A session cookie: the browser forgets it when it closes.
    expect(attributes.some((a) => a.startsWith('expires') || a.startsWith('max-age'))).toBe(false);
    // The credential is not the code: what the address held is worth nothing after the exchange.
    expect(answer.cookie).not.toContain(new URL(link.url).searchParams.get('code'));
    await expect(link.redeemed).resolves.toBeUndefined();
  });

  it('takes each code once', async () => {
    const { url } = shell.issueLink();
    expect((await exchange(url)).cookie).toBeDefined();

    const again = await exchange(url);
    expect(again.status).toBe(303);
    expect(again.location).toBe('/');
    expect(again.setCookie).toBeUndefined();
  });

  it('takes a code only within a minute of issuing it', async () => {
    const early = shell.issueLink();
    clock += 59_999;
    expect((await exchange(early.url)).cookie).toBeDefined();

    const late = shell.issueLink();
    clock += 60_000;
    expect((await exchange(late.url)).setCookie).toBeUndefined();
  });

  it('refuses a made-up code, and a HEAD request spends none', async () => {
    expect((await exchange(`${shell.origin}/connect?code=${'0'.repeat(32)}`)).setCookie).toBeUndefined();
    expect((await exchange(`${shell.origin}/connect`)).setCookie).toBeUndefined();

    const { url } = shell.issueLink();
    expect((await fetch(url, { method: 'HEAD', redirect: 'manual' })).headers.get('set-cookie')).toBeNull();
    expect((await exchange(url)).cookie).toBeDefined();
  });
});

describe('web bridge', () => {
  it('refuses a call and the event stream without the session cookie', async () => {
    const [name] = cookie.split('=');
    expect((await call('settings:get', {}, {})).status).toBe(401);
    expect((await call('settings:get', {}, { cookie: `${name}=${'f'.repeat(64)}` })).status).toBe(401);
    // Another launch's cookie (another name) is not this one's.
    expect(
      (await call('settings:get', {}, { cookie: `socialdesk_00000000=${cookie.split('=')[1]}` })).status,
    ).toBe(401);
    // The code of a link is not a credential either.
    const code = new URL(shell.issueLink().url).searchParams.get('code')!;
    expect((await call('settings:get', {}, { cookie: `${name}=${code}` })).status).toBe(401);
    expect((await fetch(`${shell.origin}/bridge/events`)).status).toBe(401);
  });

  it('checks the credential before it reads a body', async () => {
    // Unchecked, these bodies would reach the parsers and get their 400 and 415.
    expect((await call('settings:get', '{not json', {})).status).toBe(401);
    expect((await call('settings:get', 'x', { 'content-type': 'text/plain' })).status).toBe(401);
    // With the credential, the parser does answer.
    expect((await call('settings:get', '{not json')).status).toBe(400);
  });

  it('compares the Host case-insensitively and refuses a foreign one', async () => {
    const port = new URL(shell.origin).port;
    expect(await statusWithHost('/index.html', `LOCALHOST:${port}`)).toBe(200);
    expect(await statusWithHost('/index.html', `127.0.0.1:${port}`)).toBe(200);
    expect(await statusWithHost('/index.html', 'evil.example:80')).toBe(403);
    expect(await statusWithHost('/index.html', `localhost.evil.example:${port}`)).toBe(403);
  });

  it('refuses a request from a page of any other origin, even with the cookie', async () => {
    const port = new URL(shell.origin).port;
    expect((await call('settings:get', {}, { cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect(
      (await call('settings:get', {}, { cookie, origin: `http://127.0.0.1:${Number(port) + 1}` })).status,
    ).toBe(403);
    // A sandboxed frame or a file:// page.
    expect((await call('settings:get', {}, { cookie, origin: 'null' })).status).toBe(403);
    expect((await call('settings:get', {}, { cookie, origin: shell.origin })).status).toBe(200);
    expect((await call('settings:get', {}, { cookie, origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('answers calls through the same dispatch as Electron, settings persist', async () => {
    expect(await (await call('app:info', {})).json()).toMatchObject({
      ok: true,
      value: { shell: 'web', version: '9.9.9' },
    });
    expect(await (await call('settings:update', { input: { theme: 'light' } })).json()).toMatchObject({
      ok: true,
      value: { theme: 'light' },
    });
    expect(await (await call('settings:get', {})).json()).toMatchObject({
      ok: true,
      value: { theme: 'light' },
    });
  });

  it('gives a typed error for invalid input and for an unknown call', async () => {
    const invalid = await (await call('settings:update', { input: { theme: 42 } })).json();
    expect(invalid).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fieldErrors: { theme: [expect.any(String)] } },
    });
    expect(await (await call('nope:nothing', {})).json()).toMatchObject({
      ok: false,
      error: { code: 'unknown_call' },
    });
  });

  it('serves the renderer with a strict content security policy', async () => {
    const page = await fetch(`${shell.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('streams events pushed by the services to a page with the cookie', async () => {
    const response = await fetch(`${shell.origin}/bridge/events`, { headers: { cookie } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value); // the ": connected" comment: the stream is live
    const status = {
      limit: 1000,
      remaining: 999,
      resetAt: 1,
      throttledUntil: 0,
      estimate: false,
      queued: 0,
      queuedInteractive: 0,
      queuedBackground: 0,
      sent: { interactive: 1, background: 0, sync: 0 },
    };
    shell.events.emit('rate:status', status);
    while (!(text.includes('data:') && text.endsWith('\n\n')))
      text += decoder.decode((await reader.read()).value);
    expect(text).toContain(`event: rate:status\ndata: ${JSON.stringify(status)}`);
    await reader.cancel();
  });
});
