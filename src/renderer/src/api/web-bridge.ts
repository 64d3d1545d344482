import {
  contractErrorSchema,
  type CallName,
  type CallResult,
  type ClientCallOptions,
  type EventName,
} from '../../../shared/contract/index.ts';
import { createEventStream, type EventStream } from './event-stream.ts';
import { createSocketCalls } from './socket-calls.ts';
import { cancelledResult, failure, offlineMessage, type Transport } from './transport.ts';

export const forbiddenMessage =
  'This page is not connected to Socialdesk. Open a link the browser shell printed in its terminal: each works once, within a minute (press Enter there for a new one).';

export interface WebBridgeOptions {
  fetch?: typeof fetch;
  /** Prefix of the bridge routes; same origin by default. */
  baseUrl?: string;
  /**
   * Opens the socket calls go through while it is open (see socket-calls.ts); by default, in a
   * page, the browser's own to the page's origin. Without one every call is fetched.
   */
  openSocket?: () => WebSocket;
}

/** The page's socket to its own shell, where there is a page (not in Node's tests). */
function pageSocket(): (() => WebSocket) | undefined {
  const page = (globalThis as { location?: { protocol: string; host: string } }).location;
  if (!page || typeof WebSocket === 'undefined') return undefined;
  return () => new WebSocket(`${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}/bridge/socket`);
}

function looksLikeResult(body: unknown): body is CallResult<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  if (body.ok === true) return 'value' in body;
  return body.ok === false && 'error' in body && contractErrorSchema.safeParse(body.error).success;
}

/**
 * The browser shell's transport: calls over the page's socket while it is open (socket-calls.ts),
 * else `POST /bridge/call/<name>`, events over SSE. The page
 * holds no credential of its own: the shell set an HttpOnly session cookie when the page was opened
 * with a one-time link, and the browser sends it with every same-origin request (no script can
 * read it, and nothing lands in localStorage or sessionStorage).
 */
export function createWebBridge(options: WebBridgeOptions = {}): Transport {
  // Read the global lazily so tests (and happy-dom) can swap it after import.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);
  const base = options.baseUrl ?? '';
  let stream: EventStream | undefined;
  const openSocket = options.openSocket ?? (options.baseUrl === undefined ? pageSocket() : undefined);
  const socket = openSocket ? createSocketCalls(openSocket, looksLikeResult) : null;

  async function call(
    name: CallName,
    input: unknown,
    { lane, signal }: ClientCallOptions = {},
  ): Promise<CallResult<unknown>> {
    if (signal?.aborted) return cancelledResult;
    const overSocket = socket?.call(name, input, { lane, signal });
    if (overSocket) return overSocket;
    let response: Response;
    try {
      // Aborting the fetch closes its connection, which is how main learns the call was cancelled.
      response = await doFetch(`${base}/bridge/call/${name}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        // JSON.stringify drops an undefined input, which is how "no input" is sent.
        body: JSON.stringify({ input, meta: lane ? { lane } : undefined }),
        signal,
      });
    } catch {
      return signal?.aborted ? cancelledResult : failure('offline', offlineMessage);
    }
    if (response.status === 401) return failure('forbidden', forbiddenMessage, 401);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (looksLikeResult(body)) return body;
    return failure(
      'internal',
      `The browser shell gave an unexpected answer (HTTP ${response.status}).`,
      response.status,
    );
  }

  function on(event: EventName, listener: (payload: unknown) => void): () => void {
    stream ??= createEventStream({
      open: (signal) =>
        doFetch(`${base}/bridge/events`, {
          credentials: 'same-origin',
          headers: { accept: 'text/event-stream' },
          signal,
        }),
    });
    return stream.subscribe(event, listener);
  }

  return { call, on };
}
