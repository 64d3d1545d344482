import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL } from '../../../src/main/electron/app-protocol.ts';
import { createNavigationPolicy, type FrameInfo } from '../../../src/main/electron/navigation-policy.ts';

const builtApp = APP_INDEX_URL;
const builtFile = 'file:///opt/Socialdesk/resources/app.asar/out/renderer/index.html';
const devServer = 'http://localhost:5173/';

function frame(url: string, parent: FrameInfo | null = null, destroyed = false): FrameInfo {
  return { url, parent, isDestroyed: () => destroyed };
}

describe('which pages are the app itself', () => {
  const built = createNavigationPolicy(builtApp);
  const dev = createNavigationPolicy(devServer);

  it('knows the built app by its scheme and host, on any route', () => {
    expect(built.isOwnPage(`${builtApp}#/settings`)).toBe(true);
    expect(built.isOwnPage('app://socialdesk/')).toBe(true);
    // Chromium lowercases the host of a standard scheme; a hand-written URL may not.
    expect(built.isOwnPage('app://SocialDesk/index.html#/welcome')).toBe(true);
  });

  it('trusts no other host, port or user of the app scheme', () => {
    for (const other of [
      'app://socialdesk.evil.example/index.html',
      'app://evil/index.html',
      'app://socialdesk:8080/index.html',
      'app://user@socialdesk/index.html',
      'app://user:pw@socialdesk/index.html',
      'app:///index.html',
      'app:socialdesk/index.html',
      'apps://socialdesk/index.html',
    ])
      expect(built.isOwnPage(other), other).toBe(false);
  });

  it('trusts no file on disk, not even a copy of the built index.html', () => {
    expect(built.isOwnPage(builtFile)).toBe(false);
    expect(built.isOwnPage(`${builtFile}#/settings`)).toBe(false);
    expect(built.isOwnPage('file:///etc/passwd')).toBe(false);
    expect(built.isOwnPage('file://socialdesk/index.html')).toBe(false);
  });

  it('refuses to be built for a file: page, which no check could tell from another file', () => {
    expect(() => createNavigationPolicy(builtFile)).toThrow(/app scheme or http/);
    expect(() => createNavigationPolicy('data:text/html,x')).toThrow(/app scheme or http/);
  });

  it('knows the dev server by origin, and neither the built file nor another port is it', () => {
    expect(dev.isOwnPage('http://localhost:5173/#/welcome')).toBe(true);
    expect(dev.isOwnPage('http://localhost:5174/')).toBe(false);
    expect(dev.isOwnPage('https://localhost:5173/')).toBe(false);
    expect(dev.isOwnPage('http://user@localhost:5173/')).toBe(false);
    expect(dev.isOwnPage(builtApp)).toBe(false);
    expect(dev.isOwnPage('about:blank')).toBe(false);
    expect(built.isOwnPage(devServer)).toBe(false);
  });

  it('refuses what is not a URL at all', () => {
    expect(built.isOwnPage('index.html')).toBe(false);
    expect(dev.isOwnPage('')).toBe(false);
  });
});

describe('which IPC senders are answered', () => {
  const policy = createNavigationPolicy(builtApp);

  it('answers the window main frame showing the app', () => {
    const main = frame(`${builtApp}#/settings`);
    expect(policy.isTrustedFrame(main, main)).toBe(true);
  });

  it('refuses an iframe, even one showing the app page', () => {
    const main = frame(builtApp);
    expect(policy.isTrustedFrame(frame(builtApp, main), main)).toBe(false);
  });

  it('refuses the main frame once it shows a foreign page or a file', () => {
    for (const url of ['https://example.com/', builtFile, 'app://evil/index.html']) {
      const main = frame(url);
      expect(policy.isTrustedFrame(main, main), url).toBe(false);
    }
  });

  it('refuses a sender that is gone: null, destroyed, or throwing when read', () => {
    const main = frame(builtApp);
    expect(policy.isTrustedFrame(null, main)).toBe(false);
    expect(policy.isTrustedFrame(undefined, undefined)).toBe(false);
    const destroyed = frame(builtApp, null, true);
    expect(policy.isTrustedFrame(destroyed, destroyed)).toBe(false);
    const disposed = {
      parent: null,
      isDestroyed: () => false,
      get url(): string {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    expect(policy.isTrustedFrame(disposed, disposed)).toBe(false);
  });

  it('refuses a frame that only looks like the main frame', () => {
    expect(policy.isTrustedFrame(frame(builtApp), frame(builtApp))).toBe(false);
  });
});

describe('navigation and new windows', () => {
  const policy = createNavigationPolicy(builtApp);

  it('lets the window move between its own routes', () => {
    expect(policy.onNavigate(`${builtApp}#/welcome`)).toBe('allow');
  });

  it('sends links to the networks to the browser and refuses everything else', () => {
    expect(policy.onNavigate('https://www.tiktok.com/@socialdesk/video/1')).toBe('open-in-browser');
    expect(policy.onNavigate('https://evil.example/phish')).toBe('deny');
    expect(policy.onNavigate('http://instagram.com/p/1')).toBe('deny');
    expect(policy.onNavigate('file:///etc/passwd')).toBe('deny');
    expect(policy.onNavigate(builtFile)).toBe('deny');
    expect(policy.onNavigate('app://evil/index.html')).toBe('deny');
    expect(policy.onNavigate('data:text/html,<h1>hi</h1>')).toBe('deny');
  });

  it('never opens a second app window, not even of the app page', () => {
    expect(policy.onWindowOpen(builtApp)).toBe('deny');
    expect(policy.onWindowOpen('https://example.com/')).toBe('deny');
    expect(policy.onWindowOpen('https://www.linkedin.com/in/someone')).toBe('open-in-browser');
  });

  it('attaches no webview', () => {
    expect(policy.mayAttachWebview()).toBe(false);
  });
});
