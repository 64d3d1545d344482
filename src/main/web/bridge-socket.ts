import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { dispatch, type Handlers } from '../services/dispatch.ts';
import type { Session } from './session.ts';

/** Where the page opens its socket for calls. */
export const BRIDGE_SOCKET_PATH = '/bridge/socket';

/** What the page sends: a call with its id, or the id of a call to cancel. */
type Sent = { id: string; name: string; input?: unknown; meta?: unknown } | { cancel: string };

function parse(data: unknown): Sent | null {
  try {
    const message = JSON.parse(String(data)) as unknown;
    if (typeof message !== 'object' || message === null) return null;
    if ('cancel' in message && typeof message.cancel === 'string') return { cancel: message.cancel };
    if ('id' in message && typeof message.id === 'string' && 'name' in message) return message as Sent;
  } catch {
    // Not JSON: nothing to answer.
  }
  return null;
}

/**
 * The contract's calls over one WebSocket per page, beside `POST /bridge/call/<name>`: a call's
 * answer comes as one message on a connection already open, where each fetch costs the page, the
 * browser and main a request of its own (a few milliseconds of each, on every filter change).
 *
 * The socket is held to the bridge's rules: the upgrade must come from a page of the shell itself
 * (`refuses`: its Host and Origin, which a browser always sends with a socket) and carry the
 * session cookie, or it is refused before any call is read. A call is dispatched as a fetched one
 * is; the page cancels one with its id, and a socket that closes cancels every call still running
 * on it.
 */
export function registerBridgeSocket(
  server: Server,
  opts: {
    session: Session;
    handlers: Handlers;
    /** Why a request may not reach the bridge (status and words), or null when it may. */
    refuses: (request: IncomingMessage) => { status: number; message: string } | null;
    /** The largest message read (a call's input may carry a CSV file to import). */
    maxPayload: number;
  },
): () => void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: opts.maxPayload });

  function refuse(socket: Duplex, status: number, message: string): void {
    socket.end(
      `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}\r\n` +
        `content-type: text/plain; charset=utf-8\r\nconnection: close\r\n\r\n${message}`,
    );
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (new URL(request.url ?? '/', 'http://socialdesk').pathname !== BRIDGE_SOCKET_PATH) {
      socket.destroy();
      return;
    }
    const refused = opts.refuses(request);
    // A socket has no same-origin rule of its own: a page elsewhere could open one, so its
    // Origin must be the shell's (a browser always sends it with a socket).
    if (refused || request.headers.origin === undefined)
      return refuse(socket, 403, refused?.message ?? 'Only pages of the browser shell itself may call it.');
    if (!opts.session.isAuthenticated(request))
      return refuse(
        socket,
        401,
        'This bridge answers only a page opened with a link the browser shell printed or opened.',
      );
    sockets.handleUpgrade(request, socket, head, (ws) => serve(ws));
  }

  function serve(ws: WebSocket): void {
    const running = new Map<string, AbortController>();
    ws.on('message', (data) => {
      const sent = parse(data);
      if (sent === null) return;
      if ('cancel' in sent) {
        running.get(sent.cancel)?.abort();
        return;
      }
      const controller = new AbortController();
      running.set(sent.id, controller);
      void dispatch(opts.handlers, sent.name, sent.input, {
        meta: sent.meta,
        signal: controller.signal,
      }).then((result) => {
        running.delete(sent.id);
        if (!controller.signal.aborted && ws.readyState === ws.OPEN)
          ws.send(JSON.stringify({ id: sent.id, result }));
      });
    });
    ws.on('close', () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    });
  }

  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const ws of sockets.clients) ws.terminate();
    sockets.close();
  };
}
