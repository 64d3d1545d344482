import { describe, expect, it } from 'vitest';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';

/**
 * Every area's API module hands a call's lane to the rate gate, so work nobody watches (an export,
 * the outbox) queues behind what a person waits for. Checked where it shows: in the gate's queue
 * once the window is spent.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true, rateLimit: 4, rateWindow: 3600 });

describe('the lane of a call reaches the rate gate', () => {
  it('queues a background call in the background lane and an interactive one in the interactive lane', async () => {
    const client = clientFor(sandbox);
    while (client.gate.status().limit === 0 || client.gate.status().remaining > 0) {
      await client.community.listTags([101]);
    }
    const background = new AbortController();
    const interactive = new AbortController();
    const calls = [
      client.community.listTags([101], { lane: 'background', signal: background.signal }),
      client.scheduler.list('threads', { brand_id: 101 }, { lane: 'background', signal: background.signal }),
      client.campaigns.list(101, {}, { lane: 'interactive', signal: interactive.signal }),
    ].map((call) => call.catch((error: unknown) => error));
    await expect
      .poll(() => client.gate.status())
      .toMatchObject({ queuedBackground: 2, queuedInteractive: 1 });
    background.abort();
    interactive.abort();
    await Promise.all(calls);
    expect(client.gate.status()).toMatchObject({ queuedBackground: 0, queuedInteractive: 0 });
  });
});
