import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebShell, type WebShell } from '../../../src/main/web/server.ts';

let shell: WebShell;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'socialdesk-bridge-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Socialdesk</title>');
  shell = await startWebShell({
    rendererDir,
    userDataDir: join(dir, 'data'),
    appVersion: '9.9.9',
    keychainService: 'Socialdesk-test-bridge',
  });
});
afterAll(async () => {
  await shell.close();
  rmSync(dir, { recursive: true, force: true });
});

function call(
  name: string,
  body: unknown,
  headers: Record<string, string> = { 'x-socialdesk-secret': shell.secret },
) {
  return fetch(`${shell.origin}/bridge/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('web bridge', () => {
  it('prints a loopback URL that carries the secret in its fragment', () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#secret=[0-9a-f]{48}$/);
  });

  it('refuses a call without the secret or with a wrong one', async () => {
    expect((await call('settings:get', {}, {})).status).toBe(401);
    expect((await call('settings:get', {}, { 'x-socialdesk-secret': 'f'.repeat(48) })).status).toBe(401);
    expect((await fetch(`${shell.origin}/bridge/events`)).status).toBe(401);
  });

  it('refuses a request addressed to a foreign Host', async () => {
    // fetch will not send a custom Host header, so use node:http directly.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${shell.origin}/index.html`, { headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('answers calls through the same dispatch as Electron, settings persist', async () => {
    expect(await (await call('app:info', {})).json()).toMatchObject({
      ok: true,
      value: { shell: 'web', version: '9.9.9' },
    });
    expect(await (await call('settings:update', { input: { theme: 'light' } })).json()).toEqual({
      ok: true,
      value: { theme: 'light' },
    });
    expect(await (await call('settings:get', {})).json()).toEqual({ ok: true, value: { theme: 'light' } });
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

  it('streams events pushed by the services', async () => {
    const response = await fetch(`${shell.origin}/bridge/events`, {
      headers: { 'x-socialdesk-secret': shell.secret },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value); // the ": connected" comment: the stream is live
    shell.events.emit('rate:status', { limit: 1000, remaining: 999, resetAt: 1, queued: 0 });
    while (!(text.includes('data:') && text.endsWith('\n\n')))
      text += decoder.decode((await reader.read()).value);
    expect(text).toContain('event: rate:status\ndata: {"limit":1000,"remaining":999,"resetAt":1,"queued":0}');
    await reader.cancel();
  });
});
