import type { CallName, CallResult, ClientCallOptions } from '../../../shared/contract/index.ts';
import { cancelledResult, failure, offlineMessage } from './transport.ts';

/** How long after a socket that never opened (refused, the shell gone) another is tried. */
const RETRY_MS = 5_000;

/** The answer a socket message carries, or null when it is none (see main/web/bridge-socket.ts). */
function answerOf(
  data: unknown,
  looksLikeResult: (body: unknown) => body is CallResult<unknown>,
): { id: string; result: CallResult<unknown> } | null {
  try {
    const message = JSON.parse(String(data)) as { id?: unknown; result?: unknown };
    if (typeof message.id === 'string' && looksLikeResult(message.result))
      return { id: message.id, result: message.result };
  } catch {
    // Not JSON: no call of ours.
  }
  return null;
}

/**
 * The browser shell's calls over one WebSocket while it is open: an answer comes as one message
 * on a connection already there, where a fetch costs the page, the browser and main a request of
 * its own. `call` answers null while the socket is not open (opening, refused, the shell gone):
 * the bridge fetches that call instead, so nothing ever waits on the socket. A call cancelled
 * answers `cancelled` at once and tells main, which aborts it; a socket that closes answers its
 * calls still waiting as a fetch cut off would, and the next call opens another.
 */
export function createSocketCalls(
  open: () => WebSocket,
  looksLikeResult: (body: unknown) => body is CallResult<unknown>,
  now: () => number = Date.now,
) {
  let socket: WebSocket | null = null;
  let nextId = 1;
  const waiting = new Map<string, (result: CallResult<unknown>) => void>();
  /** A socket refused (or never opened) is tried again only after a while: calls fetch meanwhile. */
  let retryAt = 0;

  function connect(): WebSocket | null {
    if (socket) return socket;
    if (now() < retryAt) return null;
    let opened: WebSocket;
    try {
      opened = open();
    } catch {
      return null;
    }
    socket = opened;
    opened.onmessage = (event) => {
      const answer = answerOf(event.data, looksLikeResult);
      if (answer) waiting.get(answer.id)?.(answer.result);
    };
    let wasOpen = false;
    opened.onopen = () => (wasOpen = true);
    opened.onclose = () => {
      if (socket === opened) socket = null;
      if (!wasOpen) retryAt = now() + RETRY_MS;
      for (const finish of [...waiting.values()]) finish(failure('offline', offlineMessage));
    };
    return opened;
  }

  function call(
    name: CallName,
    input: unknown,
    { lane, signal }: ClientCallOptions,
  ): Promise<CallResult<unknown>> | null {
    const ws = connect();
    if (!ws || ws.readyState !== ws.OPEN) return null;
    const id = `s${nextId++}`;
    return new Promise((resolve) => {
      const finish = (result: CallResult<unknown>) => {
        waiting.delete(id);
        signal?.removeEventListener('abort', cancel);
        resolve(result);
      };
      const cancel = () => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ cancel: id }));
        finish(cancelledResult);
      };
      waiting.set(id, finish);
      signal?.addEventListener('abort', cancel, { once: true });
      ws.send(JSON.stringify({ id, name, input, meta: lane ? { lane } : undefined }));
    });
  }

  return { call };
}
