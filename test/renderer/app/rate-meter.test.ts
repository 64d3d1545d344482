import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { rateStatus, sampleProfile } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../helpers/mount-app.ts';
import { click } from '../helpers/profile-form.ts';

let wrapper: VueWrapper | undefined;

async function openApp() {
  const preload = createFakePreload().install();
  wrapper = (await mountApp('/settings')).wrapper;
  return preload;
}

/** The meter in the side navigation (the Settings page shows a second one with the active profile). */
function sideMeter() {
  return wrapper!.find('aside [data-testid="rate-meter"]');
}

freshPageForEachTest();

describe('rate meter', () => {
  it('stays hidden until the limit is known', async () => {
    const preload = await openApp();
    expect(sideMeter().exists()).toBe(false);

    preload.emit('rate:status', rateStatus({ limit: 0, remaining: 0, resetAt: 0, queued: 0 }));
    await flushPromises();
    expect(sideMeter().exists()).toBe(false);
  });

  it('shows the last known status at once after a reload, before any new event', async () => {
    const preload = createFakePreload();
    preload.accounts.setRateStatus({ limit: 1000, remaining: 420, resetAt: Date.now() + 30_000, queued: 0 });
    preload.install();
    wrapper = (await mountApp('/settings')).wrapper;
    await flushPromises();
    expect(sideMeter().get('[data-testid="rate-remaining"]').text()).toBe('420 / 1000');
  });

  it('shows remaining of limit from a rate:status event, without a countdown while calls are plenty', async () => {
    const preload = await openApp();

    preload.emit(
      'rate:status',
      rateStatus({ limit: 1000, remaining: 950, resetAt: Date.now() + 30_000, queued: 0 }),
    );
    await flushPromises();

    const meter = sideMeter();
    expect(meter.get('[data-testid="rate-remaining"]').text()).toBe('950 / 1000');
    expect(meter.attributes('aria-label')).toBe(
      "API calls left: 950 of 1000. Sync used 0 of this minute's 1,000 calls. Your screens used 0.",
    );
    expect(meter.find('.n-progress').exists()).toBe(true);
    expect(meter.find('[data-testid="rate-queued"]').exists()).toBe(false);
    expect(meter.find('[data-testid="rate-reset"]').exists()).toBe(false);
  });

  it('shows how many calls wait and counts down to the reset', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-07-01T09:00:00Z'));
    const preload = await openApp();

    preload.emit(
      'rate:status',
      rateStatus({ limit: 100, remaining: 0, resetAt: Date.now() + 42_000, queued: 3 }),
    );
    await flushPromises();

    expect(sideMeter().get('[data-testid="rate-remaining"]').text()).toBe('0 / 100');
    expect(sideMeter().get('[data-testid="rate-queued"]').text()).toBe('3 waiting');
    expect(sideMeter().get('[data-testid="rate-reset"]').text()).toBe('Resets in 42 s');

    vi.advanceTimersByTime(10_000);
    await flushPromises();
    expect(sideMeter().get('[data-testid="rate-reset"]').text()).toBe('Resets in 32 s');
  });

  it('runs its countdown timer only while the countdown is shown', async () => {
    // Only the interval timers are faked, so the count is the meter's clock and nothing else.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-07-01T09:00:00Z'));
    const preload = await openApp();

    preload.emit(
      'rate:status',
      rateStatus({ limit: 100, remaining: 90, resetAt: Date.now() + 60_000, queued: 0 }),
    );
    await flushPromises();
    expect(sideMeter().find('[data-testid="rate-reset"]').exists()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);

    // Time passed while idle: the countdown starts from now, not from when the meter was made.
    vi.setSystemTime(Date.now() + 20_000);
    preload.emit(
      'rate:status',
      rateStatus({ limit: 100, remaining: 0, resetAt: Date.now() + 30_000, queued: 2 }),
    );
    await flushPromises();
    // Both meters (side navigation and the active profile's row) tick, one timer each.
    expect(vi.getTimerCount()).toBe(2);
    expect(sideMeter().get('[data-testid="rate-reset"]').text()).toBe('Resets in 30 s');
    vi.advanceTimersByTime(5_000);
    await flushPromises();
    expect(sideMeter().get('[data-testid="rate-reset"]').text()).toBe('Resets in 25 s');

    preload.emit(
      'rate:status',
      rateStatus({ limit: 100, remaining: 100, resetAt: Date.now() + 60_000, queued: 0 }),
    );
    await flushPromises();
    expect(sideMeter().find('[data-testid="rate-reset"]').exists()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the reset when few calls are left, even with none waiting', async () => {
    const preload = await openApp();

    preload.emit(
      'rate:status',
      rateStatus({ limit: 100, remaining: 5, resetAt: Date.now() + 90_500, queued: 0 }),
    );
    await flushPromises();

    expect(sideMeter().get('[data-testid="rate-reset"]').text()).toMatch(/^Resets in 1 min 3[01] s$/);
    expect(sideMeter().find('[data-testid="rate-queued"]').exists()).toBe(false);
  });

  it('hides again when the limit becomes unknown (another profile, no call yet)', async () => {
    const preload = await openApp();
    preload.emit(
      'rate:status',
      rateStatus({ limit: 100, remaining: 80, resetAt: Date.now() + 1000, queued: 0 }),
    );
    await flushPromises();
    expect(sideMeter().exists()).toBe(true);

    preload.emit('rate:status', rateStatus({ limit: 0, remaining: 0, resetAt: 0, queued: 0 }));
    await flushPromises();
    expect(sideMeter().exists()).toBe(false);
  });

  it('sits with the active profile in the Profiles card, and moves with a switch', async () => {
    const other = { ...sampleProfile, id: 'profile-2', name: 'Other brand' };
    // The active profile first, so "under the last profile" and "with the active one" differ.
    const preload = createFakePreload({ accounts: { profiles: [sampleProfile, other] } }).install();
    wrapper = (await mountApp('/settings')).wrapper;
    preload.emit(
      'rate:status',
      rateStatus({ limit: 200, remaining: 150, resetAt: Date.now() + 1000, queued: 0 }),
    );
    await flushPromises();

    const card = wrapper.get('[data-testid="profiles-card"]');
    expect(card.findAll('[data-testid="rate-meter"]')).toHaveLength(1);
    const activeRow = card.get(`[data-testid="profile-${sampleProfile.id}"]`);
    expect(activeRow.get('[data-testid="rate-remaining"]').text()).toBe('150 / 200');
    expect(card.get(`[data-testid="profile-${other.id}"]`).find('[data-testid="rate-meter"]').exists()).toBe(
      false,
    );

    await click(card.get(`[data-testid="profile-${other.id}"]`), 'profile-switch');
    expect(card.get(`[data-testid="profile-${other.id}"]`).find('[data-testid="rate-meter"]').exists()).toBe(
      true,
    );
    expect(activeRow.find('[data-testid="rate-meter"]').exists()).toBe(false);
  });
});
