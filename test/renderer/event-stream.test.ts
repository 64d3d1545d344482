import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventStream, createSseParser } from '../../src/renderer/src/api/event-stream.ts';
import { createWebBridge } from '../../src/renderer/src/api/web-bridge.ts';

/** A server-sent stream the test writes to and can drop. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: { ok: true, status: 200, body } as Response,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    drop: () => controller.close(),
  };
}

const progress = (done: number) => `event: sync:progress\ndata: {"pending":0,"done":${done},"failed":0}\n\n`;

describe('SSE parser', () => {
  it('reads events split anywhere across chunks, with any line ending', () => {
    const seen: [string, string][] = [];
    const push = createSseParser((name, data) => seen.push([name, data]));

    push(': connected\n\nevent: rate:sta');
    push('tus\r');
    push('\ndata: {"a":1}\r\n\r\n');
    push('data: line one\ndata: line two\n\n');
    push('id: 7\nevent: x\n\n');

    expect(seen).toEqual([
      ['rate:status', '{"a":1}'],
      ['message', 'line one\nline two'],
    ]);
  });
});

describe('bridge event stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("opens with the page's cookie and hands each valid event to its listeners", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stream = openStream();
    const fetch = vi.fn(async () => stream.response);
    const bridge = createWebBridge({ fetch });
    const sync: unknown[] = [];
    const rate: unknown[] = [];
    const offSync = bridge.on('sync:progress', (p) => sync.push(p));
    const offRate = bridge.on('rate:status', (p) => rate.push(p));

    stream.write(progress(1));
    stream.write('event: sync:progress\ndata: {"pending":"many"}\n\n'); // malformed: dropped
    const status = {
      limit: 100,
      remaining: 99,
      resetAt: 1,
      throttledUntil: 0,
      estimate: false,
      queued: 0,
      queuedInteractive: 0,
      queuedBackground: 0,
      sent: { interactive: 1, background: 0, sync: 0 },
    };
    stream.write(`event: rate:status\ndata: ${JSON.stringify(status)}\n\n`);
    await vi.advanceTimersByTimeAsync(0);

    expect(fetch).toHaveBeenCalledTimes(1);
    // The browser sends the HttpOnly session cookie; the page holds no credential to add.
    expect(fetch).toHaveBeenCalledWith(
      '/bridge/events',
      expect.objectContaining({ credentials: 'same-origin', headers: { accept: 'text/event-stream' } }),
    );
    expect(sync).toEqual([{ pending: 0, done: 1, failed: 0 }]);
    expect(rate).toEqual([status]);
    expect(warn).toHaveBeenCalledWith('socialdesk: dropped a malformed sync:progress event');
    offSync();
    offRate();
  });

  it('reconnects after a drop, waiting longer after each failure up to the cap', async () => {
    const first = openStream();
    const second = openStream();
    const answers: (() => Promise<Response>)[] = [
      async () => first.response,
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => second.response,
    ];
    const open = vi.fn(() => answers.shift()!());
    const seen: unknown[] = [];
    const off = createEventStream({ open, minDelay: 100, maxDelay: 250 }).subscribe('sync:progress', (p) =>
      seen.push(p),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveBeenCalledTimes(1);

    first.drop();
    await vi.advanceTimersByTimeAsync(99);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 100 ms after the drop
    expect(open).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200); // then 200 ms
    expect(open).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(249); // then capped at 250 ms, not 400
    expect(open).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(250);
    expect(open).toHaveBeenCalledTimes(5);

    second.write(progress(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([{ pending: 0, done: 2, failed: 0 }]);
    off();
  });

  it('closes the connection when the last listener leaves, and does not come back', async () => {
    const stream = openStream();
    let signal: AbortSignal | undefined;
    const open = vi.fn(async (s: AbortSignal) => {
      signal = s;
      return stream.response;
    });
    const events = createEventStream({ open, minDelay: 10 });
    const offA = events.subscribe('sync:progress', () => {});
    const offB = events.subscribe('rate:status', () => {});
    await vi.advanceTimersByTimeAsync(0);

    offA();
    expect(signal?.aborted).toBe(false);
    offB();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('gives up when refused (no session cookie) instead of retrying forever', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const open = vi.fn(async () => ({ ok: false, status: 401, body: null }) as Response);
    createEventStream({ open, minDelay: 10 }).subscribe('sync:progress', () => {});

    await vi.advanceTimersByTimeAsync(10_000);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
