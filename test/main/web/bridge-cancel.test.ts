import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../../src/main/services/dispatch.ts';
import { EventBus } from '../../../src/main/services/event-bus.ts';
import { registerBridge } from '../../../src/main/web/bridge.ts';
import type { Session } from '../../../src/main/web/session.ts';
import { createWebBridge } from '../../../src/renderer/src/api/web-bridge.ts';

/**
 * Cancellation through the browser shell: the page aborts its fetch, the connection closes before
 * the answer, and the handler's signal aborts. (The session check is the shell's own test.)
 */
const seen: { lane: string; aborted: Promise<void> }[] = [];
const started: Array<() => void> = [];
const handlers = {
  'tags:list': (_input: unknown, { signal, lane }: { signal: AbortSignal; lane: string }) =>
    new Promise((_resolve, reject) => {
      const aborted = new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          resolve();
          reject(new DOMException('aborted', 'AbortError'));
        }),
      );
      seen.push({ lane, aborted });
      started.shift()?.();
    }),
} as unknown as Handlers;

const app = Fastify();
registerBridge(app, {
  session: { isAuthenticated: () => true } as unknown as Session,
  handlers,
  events: new EventBus(),
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());

const bridge = createWebBridge({ baseUrl: origin });
const handlerStarted = () => new Promise<void>((resolve) => started.push(resolve));

describe('web bridge: cancellation', () => {
  it('aborts the handler when the page aborts the call, and answers cancelled at once', async () => {
    const controller = new AbortController();
    const running = handlerStarted();
    const answer = bridge.call(
      'tags:list',
      { brandIds: [1] },
      { signal: controller.signal, lane: 'background' },
    );
    await running;
    expect(seen.at(-1)!.lane).toBe('background');
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await seen.at(-1)!.aborted; // resolves only if main saw the call go away
  });

  it('sends nothing for a call cancelled before it started', async () => {
    const before = seen.length;
    const answer = await bridge.call('tags:list', { brandIds: [1] }, { signal: AbortSignal.abort() });
    expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(seen.length).toBe(before);
  });
});
