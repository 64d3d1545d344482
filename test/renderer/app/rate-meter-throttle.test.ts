import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { RateStatus } from '../../../src/shared/contract/index.ts';
import { rateStatus } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../helpers/mount-app.ts';

/**
 * What the meter says when the service throttles, and after a reset (issue 22 §3): until when
 * the service refuses calls, in the person's own clock time; a way to stop waiting; and that a
 * new window's full budget is an estimate until the service confirms it.
 */
let wrapper: VueWrapper | undefined;
freshPageForEachTest();

async function meterWith(status: Partial<RateStatus>) {
  const preload = createFakePreload().install();
  wrapper = (await mountApp('/settings')).wrapper;
  preload.emit('rate:status', rateStatus(status));
  await flushPromises();
  return { preload, meter: wrapper.get('aside [data-testid="rate-meter"]') };
}

const clockTime = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

describe('rate meter, throttling and resets', () => {
  it('says until when the service throttles, in local time, and lets the person stop waiting', async () => {
    const until = Date.now() + 45_000;
    const { preload, meter } = await meterWith({
      limit: 1000,
      remaining: 0,
      resetAt: until,
      throttledUntil: until,
      estimate: false,
      queued: 3,
      queuedInteractive: 2,
      queuedBackground: 1,
    });
    expect(meter.get('[data-testid="rate-throttled"]').text()).toBe(
      `The service is throttling requests until ${clockTime(until)}.`,
    );
    expect(meter.text()).not.toMatch(/429|\d{13}/);

    await meter.get('[data-testid="rate-cancel"]').trigger('click');
    await flushPromises();
    expect(preload.received.filter((c) => c.name === 'accounts:rate-cancel-waiting')).toHaveLength(1);
  });

  it('offers no way to stop background work waiting, only a person’s calls', async () => {
    const until = Date.now() + 45_000;
    const { meter } = await meterWith({
      limit: 1000,
      remaining: 0,
      resetAt: until,
      throttledUntil: until,
      estimate: false,
      queued: 4,
      queuedInteractive: 0,
      queuedBackground: 4,
    });
    expect(meter.find('[data-testid="rate-throttled"]').exists()).toBe(true);
    expect(meter.find('[data-testid="rate-cancel"]').exists()).toBe(false);
  });

  it('shows a new window’s full budget as an estimate until an answer confirms it', async () => {
    const { preload, meter } = await meterWith({
      limit: 1000,
      remaining: 1000,
      resetAt: Date.now() - 10,
      throttledUntil: 0,
      estimate: true,
      queued: 0,
    });
    expect(meter.get('[data-testid="rate-remaining"]').text()).toBe('1000 / 1000');
    expect(meter.get('[data-testid="rate-estimate"]').text()).toMatch(/until the service confirms it/);
    expect(meter.find('[data-testid="rate-throttled"]').exists()).toBe(false);

    preload.emit(
      'rate:status',
      rateStatus({
        limit: 1000,
        remaining: 999,
        resetAt: Date.now() + 60_000,
        throttledUntil: 0,
        estimate: false,
        queued: 0,
      }),
    );
    await flushPromises();
    expect(meter.get('[data-testid="rate-remaining"]').text()).toBe('999 / 1000');
    expect(meter.find('[data-testid="rate-estimate"]').exists()).toBe(false);
  });
});
