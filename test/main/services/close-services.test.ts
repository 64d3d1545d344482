import { afterAll, describe, expect, it, vi } from 'vitest';
import type { GateClock } from '../../../src/main/services/api/gate-clock.ts';
import { FakeClock } from './support/fake-clock.ts';
import { sandboxForThisFile } from './support/sandbox.ts';
import { servicesOnSandbox, valueOf } from './support/services-on-sandbox.ts';

/**
 * Closing the services (a quit, a removed test app) leaves nothing of the inbox copy's sync
 * behind: calls waiting at the rate gate are refused and its timers cancelled, and a re-read of
 * the rows shown that is still at the service is given up, not left to hold a connection open.
 * The app runs on a clock the test moves, the sandbox's with it.
 */
const windowMs = 60_000;
const start = Math.floor(Date.now() / windowMs) * windowMs;
const sandbox = await sandboxForThisFile({ frozenClock: true, now: new Date(start) });

class SharedClock implements GateClock {
  readonly fake = new FakeClock(start);
  now = () => this.fake.now();
  setTimer = (fn: () => void, ms: number) => this.fake.setTimer(fn, ms);
  async advance(ms: number): Promise<void> {
    sandbox.clock.advance(ms);
    await this.fake.advance(ms);
  }
}

const isReRead = (url: string) => url.includes('sort=-SOURCE_UPDATED_AT');

describe('closing the services', () => {
  it('refuses the sync calls waiting at the rate gate and leaves no timer running', async () => {
    const clock = new SharedClock();
    const app = await servicesOnSandbox(sandbox, { syncMirror: true, clock });
    afterAll(() => app.close());
    // The profile was just opened: the fill holds back, its next pages waiting at the gate.
    await vi.waitFor(
      async () => expect(valueOf(await app.call('accounts:rate-status')).queuedBackground).toBeGreaterThan(0),
      { timeout: 10_000, interval: 10 },
    );
    expect(clock.fake.pendingTimers).toBeGreaterThan(0);
    await app.closeServicesOnly();
    expect(clock.fake.pendingTimers).toBe(0);
  });

  it('gives up a re-read of the rows shown that the service has not answered yet', async () => {
    const clock = new SharedClock();
    let held: AbortSignal | undefined;
    const app = await servicesOnSandbox(sandbox, {
      syncMirror: true,
      clock,
      // The service is slow to answer re-reads: this one waits until the app gives it up.
      fetch: (input, init) => {
        const request = input as Request;
        if (!isReRead(request.url)) return fetch(input, init);
        held = request.signal;
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      },
    });
    afterAll(() => app.close());
    await clock.advance(2_000); // nobody at work: the first fill runs at full speed
    await app.mirror.filled();
    valueOf(
      await app.call('inbox:list', {
        query: {
          brandIds: [101, 102, 103],
          filter: { from: new Date(clock.now() - 7 * 86_400_000).toISOString() },
        },
        offset: 0,
        limit: 20,
      }),
    );
    await clock.advance(2_000); // the person pauses: the re-read goes
    await vi.waitFor(() => expect(held).toBeDefined(), { timeout: 10_000, interval: 10 });
    expect(held!.aborted).toBe(false);
    await app.closeServicesOnly();
    expect(held!.aborted).toBe(true);
  });
});
