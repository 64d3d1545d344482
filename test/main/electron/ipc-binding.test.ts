import type { IpcMainEvent, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL } from '../../../src/main/electron/app-protocol.ts';
import { bindContract } from '../../../src/main/electron/ipc-binding.ts';
import { createNavigationPolicy } from '../../../src/main/electron/navigation-policy.ts';
import { createAppHandlers } from '../../../src/main/services/app/app-handlers.ts';
import { createSettingsService } from '../../../src/main/services/app/settings-service.ts';
import type { Handlers } from '../../../src/main/services/dispatch.ts';
import { CANCEL_CHANNEL, callNames } from '../../../src/shared/contract/index.ts';

type Listener = (event: IpcMainInvokeEvent, input: unknown, meta?: unknown) => Promise<unknown>;
type SendListener = (event: IpcMainEvent, ...args: unknown[]) => void;

/** Stands in for Electron's ipcMain, which exists only inside the Electron runtime. */
function fakeIpcMain() {
  const listeners = new Map<string, Listener>();
  const sendListeners = new Map<string, SendListener>();
  return {
    listeners,
    sendListeners,
    handle: (channel: string, listener: Listener) => void listeners.set(channel, listener),
    removeHandler: (channel: string) => void listeners.delete(channel),
    on(channel: string, listener: SendListener) {
      sendListeners.set(channel, listener);
      return this as never;
    },
    removeListener(channel: string) {
      sendListeners.delete(channel);
      return this as never;
    },
  };
}

const appUrl = APP_INDEX_URL;
const frame = (url: string, parent: WebFrameMain | null = null) =>
  ({ url, parent, isDestroyed: () => false }) as unknown as WebFrameMain;
/** The window's main frame: the only sender the real check (window.ts wires the same) answers. */
const ownFrame = frame(`${appUrl}#/settings`);

function setup(extra: Partial<Handlers> = {}) {
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
      downloadsFolder: async () => '/tmp/downloads',
    },
    settings,
  }) as Handlers;
  Object.assign(handlers, extra);
  const ipc = fakeIpcMain();
  const policy = createNavigationPolicy(appUrl);
  const unbind = bindContract(ipc, handlers, (sender) => policy.isTrustedFrame(sender, ownFrame));
  const sender = { id: 7 };
  const invoke = (channel: string, input: unknown, from: WebFrameMain | null = ownFrame, meta?: unknown) =>
    ipc.listeners.get(channel)!({ senderFrame: from, sender } as unknown as IpcMainInvokeEvent, input, meta);
  const cancel = (id: unknown, from: WebFrameMain | null = ownFrame) =>
    ipc.sendListeners.get(CANCEL_CHANNEL)!({ senderFrame: from, sender } as unknown as IpcMainEvent, id);
  return { ipc, unbind, invoke, cancel, saved };
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
      value: { theme: 'dark', downloadsFolder: null, openNextAfterTriage: false },
    });
    expect(saved.get('preferences')).toEqual({
      theme: 'dark',
      downloadsFolder: null,
      openNextAfterTriage: false,
    });
    expect(await invoke('settings:get', undefined)).toEqual({
      ok: true,
      value: { theme: 'dark', downloadsFolder: null, openNextAfterTriage: false },
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

describe('Electron contract binding: cancellation', () => {
  /** A tags list that waits until its caller goes away, and records the lane it was asked in. */
  function waitingList() {
    const seen: { lane?: string; aborted: boolean }[] = [];
    const handler: Handlers['tags:list'] = (_input, { signal, lane }) => {
      const record = { lane, aborted: false };
      seen.push(record);
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          record.aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    };
    return { seen, handler };
  }

  it('aborts the handler of a call cancelled by its id, which answers cancelled', async () => {
    const list = waitingList();
    const { invoke, cancel } = setup({ 'tags:list': list.handler });
    const answer = invoke('tags:list', { brandIds: [1] }, ownFrame, { id: 'c1', lane: 'background' });
    await Promise.resolve();
    expect(list.seen).toEqual([{ lane: 'background', aborted: false }]);
    cancel('c1');
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(list.seen[0]!.aborted).toBe(true);
  });

  it('ignores a cancel from a frame that is not the app window, and one naming no call', async () => {
    const list = waitingList();
    const { invoke, cancel, unbind } = setup({ 'tags:list': list.handler });
    const answer = invoke('tags:list', { brandIds: [1] }, ownFrame, { id: 'c2' });
    await Promise.resolve();
    cancel('c2', frame('https://example.com/'));
    cancel('c-unknown');
    cancel({ id: 'c2' });
    expect(list.seen[0]!.aborted).toBe(false);
    expect(list.seen[0]!.lane).toBe('interactive');
    unbind(); // closing the window ends what is still running
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it("refuses a meta that is not the contract's, before running the handler", async () => {
    const list = waitingList();
    const { invoke } = setup({ 'tags:list': list.handler });
    const answer = await invoke('tags:list', { brandIds: [1] }, ownFrame, { lane: 'whenever' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(list.seen).toEqual([]);
  });
});
