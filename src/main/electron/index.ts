import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Notification, protocol, session } from 'electron';
import Store from 'electron-store';
import { EVENT_CHANNEL, type EventPayload } from '../../shared/contract/index.ts';
import { createServices, type Services } from '../services/create-services.ts';
import { createSettingsService } from '../services/app/settings-service.ts';
import { APP_SCHEME, APP_SCHEME_PRIVILEGED, createAppProtocolHandler } from './app-protocol.ts';
import { createElectronPlatform } from './electron-platform.ts';
import { bindContract } from './ipc-binding.ts';
import { denyAllPermissions } from './permissions.ts';
import { createAppWindow, type AppWindow } from './window.ts';

// Electron accepts privileged schemes only before the app is ready, and only once.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGED]);

// One app instance at a time: a second launch focuses the first window instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let main: AppWindow | null = null;
  let services: Services | null = null;

  app.on('second-instance', () => {
    if (!main) return;
    if (main.window.isMinimized()) main.window.restore();
    main.window.focus();
  });

  app.on('web-contents-created', (_, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  app.whenReady().then(() => {
    denyAllPermissions(session.defaultSession);
    // The window's session serves the built renderer (out/renderer, beside this file's out/main).
    session.defaultSession.protocol.handle(
      APP_SCHEME,
      createAppProtocolHandler(join(import.meta.dirname, '../renderer')),
    );
    // Kept in memory (see the browser shell's store): the app is the file's only writer.
    const store = new Store<Record<string, unknown>>({ name: 'settings', cache: true });
    const platform = createElectronPlatform({
      window: () => main?.window,
      settings: createSettingsService(store),
    });
    services = createServices({ platform, store });
    const { handlers, events } = services;
    void services
      .resumeLocalSandbox()
      .catch((error: Error) =>
        console.error(`socialdesk: the local sandbox did not start: ${error.message}`),
      );
    main = createAppWindow(store);
    bindContract(ipcMain, handlers, (frame) => main?.isTrustedFrame(frame) ?? false);
    events.subscribe((event, payload) => {
      if (main && !main.window.isDestroyed()) main.window.webContents.send(EVENT_CHANNEL, event, payload);
    });
    // The live inbox: the unread count on the app's badge, the chosen views' notifications.
    const settings = createSettingsService(store);
    events.subscribe((event, payload) => {
      if (event === 'inbox:arrived') {
        const { unread } = payload as EventPayload<'inbox:arrived'>;
        if (unread) app.setBadgeCount(settings.get().unreadBadge ? unread.total : 0);
      } else if (event === 'inbox:notify' && Notification.isSupported()) {
        const { title, body, itemId } = payload as EventPayload<'inbox:notify'>;
        const shown = new Notification({ title, body });
        shown.on('click', () => {
          if (!main || main.window.isDestroyed()) return;
          if (main.window.isMinimized()) main.window.restore();
          main.window.focus();
          events.emit('inbox:open-item', { id: itemId });
        });
        shown.show();
      }
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) main = createAppWindow(store);
    });
  });

  app.on('will-quit', () => void services?.close());

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
