import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Handlers } from '../../../src/main/services/dispatch.ts';
import { EventBus } from '../../../src/main/services/event-bus.ts';
import { registerBridge } from '../../../src/main/web/bridge.ts';
import { BRIDGE_SOCKET_PATH, registerBridgeSocket } from '../../../src/main/web/bridge-socket.ts';
import type { WebShell } from '../../../src/main/web/server.ts';
import type { Session } from '../../../src/main/web/session.ts';
import { createWebBridge } from '../../../src/renderer/src/api/web-bridge.ts';
import { startConnectedShell } from './support/connected-shell.ts';

/** A socket to a shell, as a page (or another site) would open it; `opened` settles on the upgrade. */
function socketTo(origin: string, headers: Record<string, string>) {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}${BRIDGE_SOCKET_PATH}`, { headers });
  const opened = new Promise<number>((resolve) => {
    ws.on('open', () => resolve(101));
    ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
  return { ws, opened };
}

/** The next answer on a socket to the call with this id. */
function answerTo(
  ws: WebSocket,
  id: string,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  return new Promise((resolve) =>
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id: string; result: never };
      if (message.id === id) resolve(message.result);
    }),
  );
}

describe('calls over the page socket, on the browser shell', () => {
  let shell: WebShell;
  let cookie: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ shell, cookie, close } = await startConnectedShell('socket'));
  });
  afterAll(() => close());

  it("opens only for a page of the shell's own, with the session cookie", async () => {
    const own = { origin: shell.origin };
    expect(await socketTo(shell.origin, own).opened).toBe(401);
    const [name] = cookie.split('=');
    expect(await socketTo(shell.origin, { ...own, cookie: `${name}=${'f'.repeat(64)}` }).opened).toBe(401);
    // The cookie alone is not enough: a page of another site, or no page at all, gets nothing.
    expect(await socketTo(shell.origin, { cookie, origin: 'http://example.com' }).opened).toBe(403);
    expect(await socketTo(shell.origin, { cookie }).opened).toBe(403);
    const rebound = socketTo(shell.origin, {
      cookie,
      ...own,
      host: `evil.example:${new URL(shell.origin).port}`,
    });
    expect(await rebound.opened).toBe(403);
  });

  it('answers a call as the fetched route does, validation included', async () => {
    const { ws, opened } = socketTo(shell.origin, { cookie, origin: shell.origin });
    expect(await opened).toBe(101);
    const settings = answerTo(ws, 'a');
    ws.send(JSON.stringify({ id: 'a', name: 'settings:get' }));
    const fetched = await fetch(`${shell.origin}/bridge/call/settings:get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({}),
    });
    const answer = await settings;
    expect(answer).toMatchObject({ ok: true });
    expect(answer).toEqual(await fetched.json());
    const refused = answerTo(ws, 'b');
    ws.send(JSON.stringify({ id: 'b', name: 'settings:update', input: { theme: 'purple' } }));
    expect(await refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const unknown = answerTo(ws, 'c');
    ws.send(JSON.stringify({ id: 'c', name: 'no:such-call' }));
    expect(await unknown).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    ws.close();
  });
});

describe('calls over the page socket: cancellation', () => {
  const seen: { signal: AbortSignal; aborted: Promise<void> }[] = [];
  const started: Array<() => void> = [];
  const handlers = {
    'tags:list': (_input: unknown, { signal }: { signal: AbortSignal }) =>
      new Promise((_resolve, reject) => {
        const aborted = new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            resolve();
            reject(new DOMException('aborted', 'AbortError'));
          }),
        );
        seen.push({ signal, aborted });
        started.shift()?.();
      }),
    'mirror:status': async () => ({ filled: true, syncedAt: null }),
  } as unknown as Handlers;
  const app = Fastify();
  const session = { isAuthenticated: () => true } as unknown as Session;
  registerBridge(app, { session, handlers, events: new EventBus() });
  const closeSocket = registerBridgeSocket(app.server, {
    session,
    handlers,
    refuses: () => null,
    maxPayload: 1024 * 1024,
  });
  let origin: string;
  beforeAll(async () => {
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    closeSocket();
    await app.close();
  });
  const handlerStarted = () => new Promise<void>((resolve) => started.push(resolve));
  /** A page's bridge whose socket is open before its first call. */
  async function pageBridge() {
    let socket!: WebSocket;
    const fetched: string[] = [];
    const bridge = createWebBridge({
      baseUrl: origin,
      fetch: (url, init) => {
        fetched.push(String(url));
        return fetch(url, init);
      },
      openSocket: () => (socket = socketTo(origin, { origin }).ws) as unknown as globalThis.WebSocket,
    });
    // The first call opens the socket and is itself fetched (nothing waits on the socket).
    expect(await bridge.call('mirror:status', undefined, {})).toMatchObject({ ok: true });
    await new Promise((resolve) =>
      socket.readyState === socket.OPEN ? resolve(null) : socket.once('open', resolve),
    );
    expect(fetched).toHaveLength(1);
    return { bridge, socket, fetched };
  }

  it('aborts the handler when the page cancels the call, and answers cancelled at once', async () => {
    const { bridge, socket, fetched } = await pageBridge();
    const controller = new AbortController();
    const running = handlerStarted();
    const answer = bridge.call('tags:list', { brandIds: [1] }, { signal: controller.signal });
    await running;
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await seen.at(-1)!.aborted; // resolves only if main saw the call go away
    expect(fetched).toHaveLength(1); // the call went over the socket
    socket.close();
  });

  it('a socket that closes cancels its calls still running in main, and answers them offline', async () => {
    const { bridge, socket } = await pageBridge();
    const running = handlerStarted();
    const answer = bridge.call('tags:list', { brandIds: [1] }, {});
    await running;
    socket.terminate();
    expect(await answer).toMatchObject({ ok: false, error: { code: 'offline' } });
    await seen.at(-1)!.aborted;
    // The next call opens another socket, and is answered meanwhile.
    expect(await bridge.call('mirror:status', undefined, {})).toMatchObject({ ok: true });
  });
});

describe('calls over the page socket: a shell that refuses it', () => {
  const app = Fastify();
  registerBridge(app, {
    session: { isAuthenticated: () => true } as unknown as Session,
    handlers: { 'mirror:status': async () => ({ filled: true, syncedAt: null }) } as unknown as Handlers,
    events: new EventBus(),
  });
  let origin: string;
  beforeAll(async () => {
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('calls by fetch, and does not try a socket again on every call', async () => {
    const tried: WebSocket[] = [];
    const bridge = createWebBridge({
      baseUrl: origin,
      openSocket: () => {
        // As a browser's: a refused upgrade ends in an error, then a close.
        const ws = new WebSocket(`${origin.replace('http', 'ws')}${BRIDGE_SOCKET_PATH}`, {
          headers: { origin },
        });
        ws.on('error', () => {});
        tried.push(ws);
        return ws as unknown as globalThis.WebSocket;
      },
    });
    expect(await bridge.call('mirror:status', undefined, {})).toMatchObject({ ok: true });
    // The refused socket has closed (its client's `onclose` ran) before the next calls.
    const first = tried[0]!;
    if (first.readyState !== first.CLOSED) await new Promise((resolve) => first.once('close', resolve));
    for (let call = 0; call < 3; call++)
      expect(await bridge.call('mirror:status', undefined, {})).toMatchObject({ ok: true });
    expect(tried).toHaveLength(1);
  });
});
