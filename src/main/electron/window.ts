import { join } from 'node:path';
import { app, BrowserWindow, screen, shell, type WebFrameMain } from 'electron';
import { APP_INDEX_URL } from './app-protocol.ts';
import { createNavigationPolicy } from './navigation-policy.ts';
import { createWindowStateSaver } from './window-state-saver.ts';
import { DEFAULT_SIZE, restorableState, type WindowState } from './window-state.ts';

export interface AppWindow {
  window: BrowserWindow;
  isTrustedFrame(frame: WebFrameMain | null): boolean;
}

/**
 * Where the renderer comes from: the dev server in `electron-vite dev`, the built files on the app
 * scheme otherwise. A packaged app ignores ELECTRON_RENDERER_URL: whoever can set the user's
 * environment would otherwise load their own page, which the window then trusts with every call.
 */
function rendererUrl(): string {
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl && !app.isPackaged) return devUrl;
  return APP_INDEX_URL;
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
      // On Windows and Linux Chromium's spellchecker downloads its dictionaries from Google's CDN
      // at start, a network call the user never asked for; macOS uses the OS checker, no download.
      spellcheck: process.platform === 'darwin',
    },
  });
  if (saved?.maximized) window.maximize();

  const url = rendererUrl();
  const policy = createNavigationPolicy(url);

  // Navigation away from the app is never allowed; links to the networks open in the browser.
  window.webContents.on('will-navigate', (event) => {
    const decision = policy.onNavigate(event.url);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-in-browser') void shell.openExternal(event.url);
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (policy.onWindowOpen(target) === 'open-in-browser') void shell.openExternal(target);
    return { action: 'deny' };
  });
  window.webContents.on('will-attach-webview', (event) => {
    if (!policy.mayAttachWebview()) event.preventDefault();
  });

  // Remember size and position: shortly after every change, so a crash keeps them, and on close.
  const saver = createWindowStateSaver(
    () =>
      window.isDestroyed() ? null : { bounds: window.getNormalBounds(), maximized: window.isMaximized() },
    (state) => store.set('window', state),
  );
  window.on('resize', saver.saveSoon);
  window.on('move', saver.saveSoon);
  window.on('maximize', saver.saveSoon);
  window.on('unmaximize', saver.saveSoon);
  window.on('close', saver.saveNow);
  window.on('closed', saver.cancel);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);

  return {
    window,
    isTrustedFrame: (frame) =>
      !window.isDestroyed() && policy.isTrustedFrame(frame, window.webContents.mainFrame),
  };
}
