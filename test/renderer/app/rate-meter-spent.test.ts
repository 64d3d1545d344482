import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { rateStatus } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../helpers/mount-app.ts';

/**
 * The meter says what the inbox copy's sync spends (issue 25 §2): on hover or focus, how many of
 * this window's calls sync used, and what the person's screens and other background work used.
 */
let wrapper: VueWrapper | undefined;
freshPageForEachTest();

async function meterWith(sent: { interactive: number; background: number; sync: number }) {
  const preload = createFakePreload().install();
  wrapper = (await mountApp('/settings')).wrapper;
  preload.emit(
    'rate:status',
    rateStatus({ limit: 1000, remaining: 940, resetAt: Date.now() + 30_000, sent }),
  );
  await flushPromises();
  return wrapper.get('aside [data-testid="rate-meter"]');
}

const tooltipText = () => document.body.querySelector('[data-testid="rate-spent"]')?.textContent ?? null;

describe('rate meter, what sync spends', () => {
  it('says on hover how many of the window’s calls sync used, and what the rest went to', async () => {
    const meter = await meterWith({ interactive: 12, background: 48, sync: 42 });
    expect(tooltipText()).toBeNull();
    await meter.trigger('mouseenter');
    await flushPromises();
    expect(tooltipText()).toBe(
      "Sync used 42 of this minute's 1,000 calls.Your screens used 12, other background work 6.",
    );
  });

  it('says it on keyboard focus too, and in the meter’s label', async () => {
    const meter = await meterWith({ interactive: 3, background: 0, sync: 0 });
    expect(meter.attributes('tabindex')).toBe('0');
    await meter.trigger('focusin');
    await flushPromises();
    expect(tooltipText()).toBe("Sync used 0 of this minute's 1,000 calls.Your screens used 3.");
    expect(meter.attributes('aria-label')).toBe(
      "API calls left: 940 of 1000. Sync used 0 of this minute's 1,000 calls. Your screens used 3.",
    );
  });
});
