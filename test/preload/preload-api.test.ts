import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callNames,
  CANCEL_CHANNEL,
  EVENT_CHANNEL,
  eventNames,
  type PreloadApi,
} from '../../src/shared/contract/index.ts';

type Listener = (event: unknown, ...args: unknown[]) => void;

/**
 * Electron's contextBridge and ipcRenderer, which exist only in a sandboxed renderer: the fake
 * records what the preload exposes, answers every invoke with its channel, and keeps listeners
 * so a test can push an event the way main does.
 */
const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<Listener>>();
  const ipcRenderer = {
    invoke: vi.fn((channel: string, input: unknown, meta?: unknown) =>
      Promise.resolve({ ok: true, value: { channel, input, meta } }),
    ),
    send: vi.fn(),
    on(channel: string, listener: Listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      // Electron returns the ipcRenderer itself here: a preload that passed this on would leak it.
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    /** main's `webContents.send(channel, ...args)`, with the event object Electron adds. */
    push(channel: string, ...args: unknown[]) {
      for (const listener of listeners.get(channel) ?? []) listener({ sender: ipcRenderer }, ...args);
    },
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
  };
  const exposed: { key: string; api: unknown }[] = [];
  const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => void exposed.push({ key, api }) };
  return { ipcRenderer, contextBridge, exposed };
});

vi.mock('electron', () => ({ ipcRenderer: electron.ipcRenderer, contextBridge: electron.contextBridge }));

let api: PreloadApi;

beforeAll(async () => {
  await import('../../src/preload/index.ts');
  api = electron.exposed[0]!.api as PreloadApi;
});
beforeEach(() => {
  electron.ipcRenderer.invoke.mockClear();
});

describe('the preload bridge', () => {
  it('exposes one object, window.socialdesk, with one function per contract call plus on and cancel', () => {
    expect(electron.exposed.map((e) => e.key)).toEqual(['socialdesk']);
    expect(Object.keys(api).sort()).toEqual([...callNames, 'on', 'cancel'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
  });

  it('invokes each call on its own channel with the input and meta, and answers what main answered', async () => {
    for (const name of callNames) {
      const call = api[name] as (input: unknown, meta: unknown) => Promise<unknown>;
      const meta = { lane: 'background', id: `c-${name}` };
      await expect(call({ probe: name }, meta)).resolves.toEqual({
        ok: true,
        value: { channel: name, input: { probe: name }, meta },
      });
      expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(name, { probe: name }, meta);
    }
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(callNames.length);
  });

  it('sends a cancel on the cancel channel with the call id alone', () => {
    api.cancel('c42');
    expect(electron.ipcRenderer.send).toHaveBeenCalledWith(CANCEL_CHANNEL, 'c42');
    (api.cancel as (id: unknown) => void)({ not: 'an id' });
    expect(electron.ipcRenderer.send).toHaveBeenCalledTimes(1);
  });

  it('never hands out ipcRenderer or its methods', () => {
    const unsubscribe = api.on('rate:status', () => {});
    const reachable = [...Object.values(api), unsubscribe];
    const ipcParts = [electron.ipcRenderer, ...Object.values(electron.ipcRenderer)];
    for (const value of reachable) expect(ipcParts).not.toContain(value);
    for (const key of ['invoke', 'send', 'sendSync', 'ipcRenderer', 'removeListener'])
      expect(Object.hasOwn(api, key), key).toBe(false);
    unsubscribe();
  });
});

describe('on(event, listener)', () => {
  it('refuses names that are not contract events and subscribes nothing for them', () => {
    const subscribe = api.on as (event: string, listener: () => void) => () => void;
    for (const name of ['socialdesk:event', 'settings:get', 'toString', ''])
      expect(() => subscribe(name, () => {}), name).toThrow(/Unknown event/);
    expect(electron.ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it('delivers only its own event, with the payload alone, until unsubscribed', () => {
    expect(eventNames).toContain('rate:status');
    const received: unknown[][] = [];
    const unsubscribe = api.on('rate:status', (...args: unknown[]) => void received.push(args));
    const status = { limit: 1000, remaining: 990, resetAt: 1_700_000_060, queued: 0 };

    electron.ipcRenderer.push(EVENT_CHANNEL, 'sync:progress', { pending: 1, done: 0, failed: 0 });
    electron.ipcRenderer.push(EVENT_CHANNEL, 'rate:status', status);
    // The Electron event (whose sender is ipcRenderer) must not reach the page.
    expect(received).toEqual([[status]]);

    unsubscribe();
    electron.ipcRenderer.push(EVENT_CHANNEL, 'rate:status', status);
    expect(received).toHaveLength(1);
    expect(electron.ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
  });
});
