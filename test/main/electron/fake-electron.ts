import { EventEmitter } from 'node:events';
import type {
  BrowserWindowConstructorOptions,
  CustomScheme,
  Rectangle,
  Session,
  WindowOpenHandlerResponse,
} from 'electron';
import { vi } from 'vitest';
import type { FrameInfo } from '../../../src/main/electron/navigation-policy.ts';

/**
 * The parts of Electron that the shell uses (index.ts, window.ts), for `vi.mock('electron', () => import('./fake-electron.ts'))`:
 * the Electron binary cannot be installed everywhere the tests run. Events are plain EventEmitter
 * events, emitted by the test the way Electron would emit them.
 */

/** What the shell did, in order, for tests of what must happen before what. */
export const calls: string[] = [];

class FakeFrame implements FrameInfo {
  url = '';
  parent = null;
  destroyed = false;
  isDestroyed() {
    return this.destroyed;
  }
}

class FakeWebContents extends EventEmitter {
  readonly mainFrame = new FakeFrame();
  windowOpenHandler: ((details: { url: string }) => WindowOpenHandlerResponse) | undefined;

  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenHandlerResponse) {
    this.windowOpenHandler = handler;
  }

  /** Emits `name` with an event a handler may cancel; answers whether it did. */
  emitCancelable(name: string, fields: object = {}): boolean {
    let prevented = false;
    this.emit(name, { ...fields, preventDefault: () => (prevented = true) });
    return prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  static getAllWindows() {
    return BrowserWindow.created.filter((window) => !window.destroyed);
  }
  readonly webContents = new FakeWebContents();
  bounds: Rectangle;
  maximized = false;
  destroyed = false;
  loadedUrl: string | undefined;
  readonly options: BrowserWindowConstructorOptions;

  constructor(options: BrowserWindowConstructorOptions) {
    super();
    this.options = options;
    const { x = 0, y = 0, width = 800, height = 600 } = options;
    this.bounds = { x, y, width, height };
    BrowserWindow.created.push(this);
  }

  getNormalBounds() {
    return { ...this.bounds };
  }
  isMaximized() {
    return this.maximized;
  }
  maximize() {
    this.maximized = true;
    this.emit('maximize');
  }
  isDestroyed() {
    return this.destroyed;
  }
  show() {}
  loadURL(url: string) {
    calls.push(`loadURL ${url}`);
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }

  /** What a user drag or resize does: new bounds, then the event. */
  setBoundsByUser(bounds: Partial<Rectangle>, event: 'move' | 'resize') {
    this.bounds = { ...this.bounds, ...bounds };
    this.emit(event);
  }
  close() {
    this.emit('close');
    this.destroyed = true;
    this.webContents.mainFrame.destroyed = true;
    this.emit('closed');
  }
}

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const shell = {
  openExternal: vi.fn((url: string) => Promise.resolve(void url)),
  showItemInFolder: vi.fn((path: string) => void path),
};

type SaveDialogOptions = import('electron').SaveDialogOptions;
type SaveDialogReturnValue = import('electron').SaveDialogReturnValue;

/** The native save dialog: answers what a test queued in `saveAnswers`, else as if cancelled. */
export const dialog = {
  saveAnswers: [] as SaveDialogReturnValue[],
  showSaveDialog: vi.fn(
    async (
      ..._args: [BrowserWindow, SaveDialogOptions] | [SaveDialogOptions]
    ): Promise<SaveDialogReturnValue> => dialog.saveAnswers.shift() ?? { canceled: true, filePath: '' },
  ),
};

type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];

/** The app, not ready until the test calls `becomeReady`; `isPackaged` is set by the test. */
class FakeApp extends EventEmitter {
  isPackaged = false;
  readonly quit = vi.fn();
  #becomeReady: () => void = () => {};
  readonly #ready = new Promise<void>((resolve) => (this.#becomeReady = resolve));

  requestSingleInstanceLock() {
    return true;
  }
  whenReady() {
    return this.#ready;
  }
  becomeReady() {
    calls.push('ready');
    this.#becomeReady();
  }
  getVersion() {
    return '0.0.0-test';
  }
  getPath(name: string) {
    return `/tmp/socialdesk-fake-${name}`;
  }
}

export const app = new FakeApp();

export const protocol = {
  privilegedSchemes: [] as CustomScheme[],
  registerSchemesAsPrivileged(schemes: CustomScheme[]) {
    calls.push(`registerSchemesAsPrivileged ${schemes.map((s) => s.scheme).join(',')}`);
    this.privilegedSchemes.push(...schemes);
  },
};

export const session = {
  defaultSession: {
    permissionRequestHandler: undefined as PermissionRequestHandler | undefined,
    permissionCheckHandler: undefined as PermissionCheckHandler | undefined,
    setPermissionRequestHandler(handler: PermissionRequestHandler) {
      this.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: PermissionCheckHandler) {
      this.permissionCheckHandler = handler;
    },
    protocol: {
      handlers: new Map<string, (request: Request) => Promise<Response>>(),
      handle(scheme: string, handler: (request: Request) => Promise<Response>) {
        calls.push(`protocol.handle ${scheme}`);
        this.handlers.set(scheme, handler);
      },
    },
  },
};

export const ipcMain = {
  handle: vi.fn(),
  removeHandler: vi.fn(),
  // The cancel channel is a plain message, not an invoke.
  on: vi.fn(),
  removeListener: vi.fn(),
};
