import type { WebFrameMain } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_INDEX_URL } from '../../../src/main/electron/app-protocol.ts';
import { SAVE_DELAY_MS } from '../../../src/main/electron/window-state-saver.ts';
import type { WindowState } from '../../../src/main/electron/window-state.ts';
import { createAppWindow } from '../../../src/main/electron/window.ts';
import { app as electronApp, BrowserWindow, shell } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

/** The app's electron-store, reduced to the one key the window uses. */
function memoryStore(initial?: WindowState) {
  const writes: WindowState[] = [];
  let value: unknown = initial;
  return {
    writes,
    get: () => value,
    set: (_key: 'window', state: WindowState) => {
      value = state;
      writes.push(state);
    },
  };
}

function open(store = memoryStore()) {
  const app = createAppWindow(store);
  const fake = BrowserWindow.created.at(-1)!;
  return { app, fake, store };
}

const realPlatform = Object.getOwnPropertyDescriptor(process, 'platform')!;

beforeEach(() => {
  electronApp.isPackaged = false;
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  shell.openExternal.mockClear();
});
afterEach(() => {
  Object.defineProperty(process, 'platform', realPlatform);
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('the app window', () => {
  it('is hardened: isolated, sandboxed, no Node, no webview', () => {
    const { fake } = open();
    expect(fake.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
  });

  it('loads the built renderer over the app scheme, not from a file: URL', () => {
    const { app, fake } = open();
    expect(fake.loadedUrl).toBe(APP_INDEX_URL);
    expect(app.isTrustedFrame(fake.webContents.mainFrame as unknown as WebFrameMain)).toBe(true);
  });

  it('checks spelling only where that downloads nothing (macOS uses the OS checker)', () => {
    for (const [platform, spellcheck] of [
      ['linux', false],
      ['win32', false],
      ['darwin', true],
    ] as const) {
      Object.defineProperty(process, 'platform', { value: platform, configurable: true });
      expect(open().fake.options.webPreferences?.spellcheck, platform).toBe(spellcheck);
    }
  });

  it('stays on its page: foreign navigation is stopped, network links go to the browser', () => {
    const { fake } = open();
    const page = fake.loadedUrl!;
    expect(fake.webContents.emitCancelable('will-navigate', { url: `${page}#/welcome` })).toBe(false);
    expect(fake.webContents.emitCancelable('will-navigate', { url: 'https://evil.example/' })).toBe(true);
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(fake.webContents.emitCancelable('will-navigate', { url: 'https://x.com/socialdesk' })).toBe(true);
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://x.com/socialdesk');
  });

  it('opens no window of its own and hands only network links to the browser', () => {
    const { fake } = open();
    const openWindow = fake.webContents.windowOpenHandler!;
    expect(openWindow({ url: fake.loadedUrl! })).toEqual({ action: 'deny' });
    expect(openWindow({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(openWindow({ url: 'https://www.instagram.com/p/1' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://www.instagram.com/p/1');
    expect(fake.webContents.emitCancelable('will-attach-webview')).toBe(true);
  });

  it('loads the dev server in development and trusts that page', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173');
    const { app, fake } = open();
    expect(fake.loadedUrl).toBe('http://localhost:5173');
    expect(app.isTrustedFrame(fake.webContents.mainFrame as unknown as WebFrameMain)).toBe(true);
    expect(
      fake.webContents.emitCancelable('will-navigate', { url: 'http://localhost:5173/#/settings' }),
    ).toBe(false);
  });

  it('ignores ELECTRON_RENDERER_URL once packaged, and trusts no page it names', () => {
    electronApp.isPackaged = true;
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173');
    const { app, fake } = open();
    expect(fake.loadedUrl).toBe(APP_INDEX_URL);
    expect(fake.webContents.emitCancelable('will-navigate', { url: 'http://localhost:5173/' })).toBe(true);
    const main = fake.webContents.mainFrame;
    main.url = 'http://localhost:5173/';
    expect(app.isTrustedFrame(main as unknown as WebFrameMain)).toBe(false);
  });

  it('answers IPC only from its own main frame, and from nothing once closed', () => {
    const { app, fake } = open();
    const main = fake.webContents.mainFrame as unknown as WebFrameMain;
    const child = { url: fake.loadedUrl, parent: main, isDestroyed: () => false } as unknown as WebFrameMain;
    expect(app.isTrustedFrame(main)).toBe(true);
    expect(app.isTrustedFrame(child)).toBe(false);
    expect(app.isTrustedFrame(null)).toBe(false);
    fake.close();
    expect(app.isTrustedFrame(main)).toBe(false);
  });
});

describe('remembering the window bounds', () => {
  it('saves them shortly after a move or resize, so a crash does not lose them', () => {
    vi.useFakeTimers();
    const { fake, store } = open();
    fake.setBoundsByUser({ width: 1100 }, 'resize');
    expect(store.writes).toEqual([]);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(store.writes).toEqual([{ bounds: { x: 0, y: 0, width: 1100, height: 820 }, maximized: false }]);

    fake.setBoundsByUser({ x: 40 }, 'move');
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(store.writes.at(-1)).toEqual({
      bounds: { x: 40, y: 0, width: 1100, height: 820 },
      maximized: false,
    });
  });

  it('saves at once on close, without a late write after it', () => {
    vi.useFakeTimers();
    const { fake, store } = open();
    fake.setBoundsByUser({ y: 30 }, 'move');
    fake.close();
    expect(store.writes.map((s) => s.bounds.y)).toEqual([30]);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(store.writes).toHaveLength(1);
  });

  it('opens the next window where the last one was, maximized again', () => {
    vi.useFakeTimers();
    const first = open();
    first.fake.setBoundsByUser({ x: 200, y: 100, width: 1000, height: 700 }, 'move');
    first.fake.maximize();
    vi.advanceTimersByTime(SAVE_DELAY_MS);

    const second = open(memoryStore(first.store.writes.at(-1)));
    expect(second.fake.getNormalBounds()).toEqual({ x: 200, y: 100, width: 1000, height: 700 });
    expect(second.fake.isMaximized()).toBe(true);
  });
});
