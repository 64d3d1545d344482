import { app, BrowserWindow, ipcMain, session } from 'electron';
import Store from 'electron-store';
import { EVENT_CHANNEL } from '../../shared/contract/index.ts';
import { createSettingsService } from '../services/app/settings-service.ts';
import { EventBus } from '../services/event-bus.ts';
import { createHandlers } from '../services/handlers.ts';
import type { Platform } from '../services/platform.ts';
import { bindContract } from './ipc-binding.ts';
import { createAppWindow, type AppWindow } from './window.ts';

// One app instance at a time: a second launch focuses the first window instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let main: AppWindow | null = null;

  app.on('second-instance', () => {
    if (!main) return;
    if (main.window.isMinimized()) main.window.restore();
    main.window.focus();
  });

  // No window of ours ever needs a permission (camera, notifications, ...), so none is granted.
  app.on('web-contents-created', (_, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_, __, callback) => callback(false));
    const store = new Store<Record<string, unknown>>({ name: 'settings' });
    const platform: Platform = {
      shell: 'electron',
      appVersion: app.getVersion(),
      runtimes: {
        electron: process.versions.electron,
        chrome: process.versions.chrome,
        node: process.versions.node,
        v8: process.versions.v8,
      },
      userDataDir: app.getPath('userData'),
    };
    const events = new EventBus();
    const handlers = createHandlers({
      platform,
      settings: createSettingsService(store as never),
      events,
    });
    main = createAppWindow(store as never);
    bindContract(ipcMain, handlers, (frame) => main?.isTrustedFrame(frame) ?? false);
    events.subscribe((event, payload) => {
      if (main && !main.window.isDestroyed()) main.window.webContents.send(EVENT_CHANNEL, event, payload);
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) main = createAppWindow(store as never);
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
