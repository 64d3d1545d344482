import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { rateStatus } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../helpers/mount-app.ts';

/** The meter tells a person's waiting calls from background work's (issue 13: queued per lane). */
let wrapper: VueWrapper | undefined;
freshPageForEachTest();

async function queuedText(queuedInteractive: number, queuedBackground: number): Promise<string> {
  const preload = createFakePreload().install();
  wrapper = (await mountApp('/settings')).wrapper;
  preload.emit(
    'rate:status',
    rateStatus({
      limit: 100,
      remaining: 0,
      resetAt: Date.now() + 30_000,
      queued: queuedInteractive + queuedBackground,
      queuedInteractive,
      queuedBackground,
    }),
  );
  await flushPromises();
  return wrapper.get('aside [data-testid="rate-meter"] [data-testid="rate-queued"]').text();
}

describe('rate meter, queued per lane', () => {
  it('says how many of the waiting calls are background work', async () => {
    expect(await queuedText(2, 40)).toBe('2 waiting, 40 in background');
  });

  it('says when only background work waits', async () => {
    expect(await queuedText(0, 40)).toBe('40 waiting in background');
  });

  it('keeps the plain count when only people wait', async () => {
    expect(await queuedText(3, 0)).toBe('3 waiting');
  });
});
