import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_INDEX_URL,
  APP_SCHEME_PRIVILEGED,
  createAppProtocolHandler,
} from '../../../src/main/electron/app-protocol.ts';

/**
 * An out folder as the build leaves it, with files beside the renderer's folder that a page must
 * never reach: the main bundle, and a sibling whose name starts like the renderer's.
 */
const out = mkdtempSync(join(tmpdir(), 'socialdesk-out-'));
const files = {
  'renderer/index.html': '<!doctype html><title>Socialdesk</title>',
  'renderer/assets/index-abc123.js': 'export const x = 1;',
  'renderer/assets/index-abc123.css': 'body { margin: 0 }',
  'renderer/assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'renderer/assets/data.bin': 'bytes',
  'main/index.js': 'SECRET main bundle',
  'renderer-other/leak.js': 'SECRET sibling',
  'secret.txt': 'SECRET beside the renderer',
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(join(out, path, '..'), { recursive: true });
  writeFileSync(join(out, path), text);
}
afterAll(() => rmSync(out, { recursive: true, force: true }));

const handle = createAppProtocolHandler(join(out, 'renderer'));
const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

describe('the app scheme', () => {
  it('is registered as a standard, secure scheme that other origins cannot read', () => {
    expect(APP_SCHEME_PRIVILEGED).toEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true },
    });
    expect(APP_INDEX_URL).toBe('app://socialdesk/index.html');
  });
});

describe('serving the renderer over the app scheme', () => {
  it('serves each built file with its type, and nosniff', async () => {
    for (const [path, type] of [
      ['index.html', 'text/html; charset=utf-8'],
      ['assets/index-abc123.js', 'text/javascript; charset=utf-8'],
      ['assets/index-abc123.css', 'text/css; charset=utf-8'],
      ['assets/logo.svg', 'image/svg+xml'],
      ['assets/data.bin', 'application/octet-stream'],
    ]) {
      const response = await get(`app://socialdesk/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(await response.text(), path).toBe(files[`renderer/${path}` as keyof typeof files]);
    }
  });

  it('serves index.html for the root, with frame-ancestors that its meta CSP cannot carry', async () => {
    const response = await get('app://socialdesk/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(files['renderer/index.html']);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    const script = await get('app://socialdesk/assets/index-abc123.js');
    expect(script.headers.get('content-security-policy')).toBeNull();
  });

  it('ignores the query and the route in the hash', async () => {
    const response = await get(`${APP_INDEX_URL}?v=1#/settings`);
    expect(await response.text()).toBe(files['renderer/index.html']);
  });

  it('answers HEAD with the type and no body', async () => {
    const response = await get(APP_INDEX_URL, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('refuses every path that leaves the renderer folder', async () => {
    for (const path of [
      '../secret.txt',
      '..%2Fsecret.txt',
      '%2e%2e%2fsecret.txt',
      'assets/..%2F..%2Fsecret.txt',
      'assets/%2e%2e/%2e%2e/main/index.js',
      '..%2Fmain%2Findex.js',
      '..%2Frenderer-other%2Fleak.js',
      '..%5Csecret.txt',
      '%2F..%2F..%2Fsecret.txt',
      `..%2F..%2F..%2F..%2F..%2F..%2F..%2F..%2F..%2F..${encodeURIComponent(join(out, 'secret.txt'))}`,
      'index.html%00.js',
    ]) {
      const response = await get(`app://socialdesk/${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('SECRET');
    }
  });

  it('answers 404 for a missing file, a folder and another host', async () => {
    for (const url of ['app://socialdesk/nope.js', 'app://socialdesk/assets', 'app://other/index.html']) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it('answers 400 for a path that is not valid percent-encoding', async () => {
    expect((await get('app://socialdesk/%E0%A4%A')).status).toBe(400);
  });

  it('answers only GET and HEAD', async () => {
    const response = await get(APP_INDEX_URL, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
