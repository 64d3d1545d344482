import { events, isEventName, type EventName } from '../../../shared/contract/index.ts';

type Listener = (payload: unknown) => void;

export interface EventStreamOptions {
  /** Opens the stream; the signal aborts it when the last listener leaves. */
  open: (signal: AbortSignal) => Promise<Response>;
  /** First reconnection delay in ms; doubles per failed attempt up to `maxDelay`. */
  minDelay?: number;
  maxDelay?: number;
}

export interface EventStream {
  subscribe: (event: EventName, listener: Listener) => () => void;
}

/**
 * Incremental Server-Sent Events parser (only `event:` and `data:` matter here; `id:`, `retry:`
 * and `:` comments are skipped). Chunks may split lines anywhere, so it keeps the tail.
 */
export function createSseParser(onEvent: (name: string, data: string) => void) {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  let pendingCr = false;

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) onEvent(name || 'message', data.join('\n'));
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }

  return (chunk: string): void => {
    // A chunk ending in "\r" may be the first half of "\r\n": its "\n" is not a second line end.
    if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    pendingCr = chunk.endsWith('\r');
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const text of lines) line(text);
  };
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * The bridge's event stream over `fetch`, which sends the session cookie like any same-origin
 * request (and, unlike EventSource, lets the app see a 401 and stop). Connected while anyone
 * listens; after a drop it reconnects with a doubling, capped delay.
 */
export function createEventStream(options: EventStreamOptions): EventStream {
  const minDelay = options.minDelay ?? 500;
  const maxDelay = options.maxDelay ?? 30_000;
  const listeners = new Map<EventName, Set<Listener>>();
  let controller: AbortController | undefined;

  function dispatch(name: string, data: string): void {
    if (!isEventName(name)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = events[name].safeParse(payload);
    if (!parsed.success) return console.warn(`socialdesk: dropped a malformed ${name} event`);
    for (const listener of listeners.get(name) ?? []) listener(parsed.data);
  }

  async function read(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const push = createSseParser(dispatch);
    signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      push(decoder.decode(value, { stream: true }));
    }
  }

  async function run(signal: AbortSignal): Promise<void> {
    let attempt = 0;
    while (!signal.aborted) {
      try {
        const response = await options.open(signal);
        if (response.status === 401) {
          // A page without the session cookie stays without; calls show the user the same refusal.
          console.warn('socialdesk: the event stream refused this page (it is not connected)');
          return;
        }
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        attempt = 0;
        await read(response.body, signal);
      } catch {
        // Dropped or unreachable: fall through to the backoff below.
      }
      if (signal.aborted) return;
      await wait(Math.min(maxDelay, minDelay * 2 ** attempt), signal);
      attempt += 1;
    }
  }

  function subscribe(event: EventName, listener: Listener): () => void {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    if (!controller) {
      const current = new AbortController();
      controller = current;
      // If the stream gives up (refused), let a later subscriber try again.
      void run(current.signal).finally(() => {
        if (controller === current) controller = undefined;
      });
    }
    return () => {
      set.delete(listener);
      if ([...listeners.values()].every((s) => s.size === 0)) {
        controller?.abort();
        controller = undefined;
      }
    };
  }

  return { subscribe };
}
