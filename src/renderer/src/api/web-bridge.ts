import {
  contractErrorSchema,
  type CallName,
  type CallResult,
  type EventName,
} from '../../../shared/contract/index.ts';
import { createEventStream, type EventStream } from './event-stream.ts';
import { failure, offlineMessage, type Transport } from './transport.ts';

export const SECRET_STORAGE_KEY = 'socialdesk.bridgeSecret';
export const SECRET_HEADER = 'x-socialdesk-secret';

export const forbiddenMessage =
  'This page is not connected to Socialdesk. Open the exact address the browser shell printed in its terminal (the one ending in #secret=…).';

/**
 * Moves the bridge secret from the address (`#secret=<hex>`) to sessionStorage, so a reload
 * keeps working while the secret leaves the address bar and history at once. Must run before
 * the router starts: hash history would otherwise read the fragment as a route.
 */
export function captureBridgeSecret(win: Window = window): void {
  const params = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  const secret = params.get('secret');
  if (!secret) return;
  win.sessionStorage.setItem(SECRET_STORAGE_KEY, secret);
  win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
}

export interface WebBridgeOptions {
  fetch?: typeof fetch;
  storage?: Storage;
  /** Prefix of the bridge routes; same origin by default. */
  baseUrl?: string;
}

function looksLikeResult(body: unknown): body is CallResult<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  if (body.ok === true) return 'value' in body;
  return body.ok === false && 'error' in body && contractErrorSchema.safeParse(body.error).success;
}

/** The browser shell's transport: calls over `POST /bridge/call/<name>`, events over SSE. */
export function createWebBridge(options: WebBridgeOptions = {}): Transport {
  // Read the globals lazily so tests (and happy-dom) can swap them after import.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);
  const storage = () => options.storage ?? window.sessionStorage;
  const base = options.baseUrl ?? '';
  const secret = () => storage().getItem(SECRET_STORAGE_KEY);
  let stream: EventStream | undefined;

  async function call(name: CallName, input: unknown): Promise<CallResult<unknown>> {
    const key = secret();
    if (!key) return failure('forbidden', forbiddenMessage);
    let response: Response;
    try {
      response = await doFetch(`${base}/bridge/call/${name}`, {
        method: 'POST',
        headers: { [SECRET_HEADER]: key, 'content-type': 'application/json' },
        // JSON.stringify drops an undefined input, which is how "no input" is sent.
        body: JSON.stringify({ input }),
      });
    } catch {
      return failure('offline', offlineMessage);
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
          headers: { [SECRET_HEADER]: secret() ?? '', accept: 'text/event-stream' },
          signal,
        }),
    });
    return stream.subscribe(event, listener);
  }

  return { call, on };
}
