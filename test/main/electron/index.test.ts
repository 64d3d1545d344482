import type { WebContents } from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_INDEX_URL, APP_SCHEME_PRIVILEGED } from '../../../src/main/electron/app-protocol.ts';
import { app, calls, protocol, session } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));
// The shell's own wiring is under test here; the services and the settings file are not.
vi.mock('electron-store', () => ({
  default: class {
    get() {
      return undefined;
    }
    set() {}
  },
}));
vi.mock('../../../src/main/services/create-services.ts', () => ({
  createServices: () => ({
    handlers: {},
    events: { subscribe: () => () => {} },
    resumeLocalSandbox: () => Promise.resolve(),
    close: () => Promise.resolve(),
  }),
}));

let callsBeforeReady: string[] = [];

/** Starts the shell (index.ts runs at import) and lets the app become ready. */
beforeAll(async () => {
  await import('../../../src/main/electron/index.ts');
  callsBeforeReady = [...calls];
  app.becomeReady();
  await app.whenReady(); // index.ts's own whenReady callback was queued first, so it has run
});

describe('the Electron shell at start', () => {
  it('registers the app scheme as privileged before ready, and serves it before loading the page', () => {
    expect(callsBeforeReady).toEqual(['registerSchemesAsPrivileged app']);
    expect(protocol.privilegedSchemes).toEqual([APP_SCHEME_PRIVILEGED]);
    expect(calls).toEqual([
      'registerSchemesAsPrivileged app',
      'ready',
      'protocol.handle app',
      `loadURL ${APP_INDEX_URL}`,
    ]);
  });

  it('serves only the renderer folder over the app scheme', async () => {
    const handler = session.defaultSession.protocol.handlers.get('app')!;
    const escape = await handler(new Request('app://socialdesk/..%2Fmain%2Findex.js'));
    expect(escape.status).toBe(404);
  });

  it('denies permissions on the default session, asked for or only checked (permissions.test.ts)', () => {
    const { permissionRequestHandler, permissionCheckHandler } = session.defaultSession;
    const contents = {} as WebContents;
    const answers: boolean[] = [];
    permissionRequestHandler!(contents, 'media', (granted) => answers.push(granted), {} as never);
    expect(answers).toEqual([false]);
    expect(permissionCheckHandler!(contents, 'media', APP_INDEX_URL, {} as never)).toBe(false);
  });
});
