import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, screen, shell, type WebFrameMain } from 'electron';
import { isAllowedExternalUrl } from '../services/app/external-links.ts';
import { DEFAULT_SIZE, restorableState, type WindowState } from './window-state.ts';

export interface AppWindow {
  window: BrowserWindow;
  isTrustedFrame(frame: WebFrameMain | null): boolean;
}

/** Where the renderer comes from: the dev server in `electron-vite dev`, the built files otherwise. */
function rendererUrl(): string {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) return devUrl;
  return pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;
}

/** Where the window's size and position are kept between runs (the app's electron-store). */
export interface WindowStateStore {
  get(key: 'window'): unknown;
  set(key: 'window', value: WindowState): void;
}

/** Creates the one window, hardened per the Electron security checklist. */
export function createAppWindow(store: WindowStateStore): AppWindow {
  const saved = restorableState(
    store.get('window'),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow({
    ...(saved?.bounds ?? DEFAULT_SIZE),
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Socialdesk',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  if (saved?.maximized) window.maximize();

  const url = rendererUrl();
  const origin = new URL(url).origin;
  const isOwnPage = (target: string) => {
    try {
      const parsed = new URL(target);
      // file:// URLs have the origin "null", so compare the file path for the built app.
      return parsed.protocol === 'file:'
        ? parsed.pathname === new URL(url).pathname
        : parsed.origin === origin;
    } catch {
      return false;
    }
  };

  // Navigation away from the app is never allowed; links to the networks open in the browser.
  window.webContents.on('will-navigate', (event, target) => {
    if (isOwnPage(target)) return;
    event.preventDefault();
    if (isAllowedExternalUrl(target)) void shell.openExternal(target);
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (isAllowedExternalUrl(target)) void shell.openExternal(target);
    return { action: 'deny' };
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());

  // Remember size and position; saved on close, which is when a user expects it to stick.
  window.on('close', () => {
    store.set('window', { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);

  return {
    window,
    isTrustedFrame: (frame) =>
      frame !== null &&
      frame.parent === null &&
      frame === window.webContents.mainFrame &&
      isOwnPage(frame.url),
  };
}
