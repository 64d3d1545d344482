import type { IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL } from '../../../src/main/electron/app-protocol.ts';
import { bindContract } from '../../../src/main/electron/ipc-binding.ts';
import { createNavigationPolicy } from '../../../src/main/electron/navigation-policy.ts';
import { createAppHandlers } from '../../../src/main/services/app/app-handlers.ts';
import { createSettingsService } from '../../../src/main/services/app/settings-service.ts';
import type { Handlers } from '../../../src/main/services/dispatch.ts';
import { callNames } from '../../../src/shared/contract/index.ts';

type Listener = (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>;

/** Stands in for Electron's ipcMain, which exists only inside the Electron runtime. */
function fakeIpcMain() {
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    handle: (channel: string, listener: Listener) => void listeners.set(channel, listener),
    removeHandler: (channel: string) => void listeners.delete(channel),
  };
}

const appUrl = APP_INDEX_URL;
const frame = (url: string, parent: WebFrameMain | null = null) =>
  ({ url, parent, isDestroyed: () => false }) as unknown as WebFrameMain;
/** The window's main frame: the only sender the real check (window.ts wires the same) answers. */
const ownFrame = frame(`${appUrl}#/settings`);

function setup() {
  const saved = new Map<string, unknown>();
  const settings = createSettingsService({
    get: (key) => saved.get(key),
    set: (key, value) => void saved.set(key, value),
  });
  const handlers = createAppHandlers({
    platform: {
      shell: 'electron',
      appVersion: '1.2.3',
      runtimes: { electron: '45.0.0' },
      userDataDir: '/tmp',
      chooseSavePath: async () => null,
      revealPath: async (path) => ({ opened: false, path }),
    },
    settings,
  }) as Handlers;
  const ipc = fakeIpcMain();
  const policy = createNavigationPolicy(appUrl);
  const unbind = bindContract(ipc, handlers, (sender) => policy.isTrustedFrame(sender, ownFrame));
  const invoke = (channel: string, input: unknown, sender: WebFrameMain | null = ownFrame) =>
    ipc.listeners.get(channel)!({ senderFrame: sender } as IpcMainInvokeEvent, input);
  return { ipc, unbind, invoke, saved };
}

describe('Electron contract binding', () => {
  it('binds exactly the contract calls and removes them again', () => {
    const { ipc, unbind } = setup();
    expect([...ipc.listeners.keys()].sort()).toEqual([...callNames].sort());
    unbind();
    expect(ipc.listeners.size).toBe(0);
  });

  it('answers a valid call with its value and persists a settings update', async () => {
    const { invoke, saved } = setup();
    expect(await invoke('app:info', undefined)).toMatchObject({
      ok: true,
      value: { version: '1.2.3', shell: 'electron' },
    });
    expect(await invoke('settings:update', { theme: 'dark' })).toEqual({
      ok: true,
      value: { theme: 'dark', downloadsFolder: null },
    });
    expect(saved.get('preferences')).toEqual({ theme: 'dark', downloadsFolder: null });
    expect(await invoke('settings:get', undefined)).toEqual({
      ok: true,
      value: { theme: 'dark', downloadsFolder: null },
    });
  });

  it('refuses invalid input with a typed error naming the field, and changes nothing', async () => {
    const { invoke, saved } = setup();
    const answer = (await invoke('settings:update', { theme: 'purple' })) as {
      ok: false;
      error: { code: string; fieldErrors: object };
    };
    expect(answer.ok).toBe(false);
    expect(answer.error.code).toBe('invalid_input');
    expect(Object.keys(answer.error.fieldErrors)).toEqual(['theme']);
    const unknownKey = (await invoke('settings:update', { theme: 'dark', token: 'x' })) as { ok: boolean };
    expect(unknownKey.ok).toBe(false);
    expect(saved.has('preferences')).toBe(false);
  });

  it('refuses a call from a frame that is not the app window, and changes nothing', async () => {
    const { invoke, saved } = setup();
    const senders = {
      'a foreign page': frame('https://example.com/'),
      'an iframe of the app page': frame(appUrl, ownFrame),
      'another file on disk': frame('file:///home/user/Downloads/page.html'),
      'a file copy of the app page': frame('file:///app/out/renderer/index.html'),
      'another host of the app scheme': frame('app://evil/index.html'),
      'a frame that is gone': null,
    };
    for (const [who, sender] of Object.entries(senders)) {
      const answer = await invoke('settings:update', { theme: 'dark' }, sender);
      expect(answer, who).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(saved.has('preferences')).toBe(false);
  });
});
