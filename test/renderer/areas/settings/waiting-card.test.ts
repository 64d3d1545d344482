import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

async function openSettings() {
  const preload = createFakePreload().install();
  ({ wrapper } = await mountApp('/settings'));
  await flushPromises();
  return preload;
}

const card = () => wrapper.get('[data-testid="waiting-card"]');
const input = (field: string) => card().get(`[data-testid="threshold-${field}"] input`);
const value = (field: string) => (input(field).element as HTMLInputElement).value;

describe('Settings: when a wait changes colour', () => {
  it('shows the default steps the way a person says them', async () => {
    await openSettings();
    expect([value('dueMinutes'), value('lateMinutes'), value('overdueMinutes')]).toEqual([
      '1 h',
      '4 h',
      '1 d',
    ]);
  });

  it('saves steps written in minutes, hours and days', async () => {
    const preload = await openSettings();
    await input('dueMinutes').setValue('30 min');
    await input('lateMinutes').setValue('2');
    await card().get('form').trigger('submit');
    await flushPromises();
    expect(preload.inputsOf('settings:update')).toEqual([
      { waitingThresholds: { dueMinutes: 30, lateMinutes: 120, overdueMinutes: 1440 } },
    ]);
    expect(value('dueMinutes')).toBe('30 min');
    expect(card().text()).toContain('Saved.');
  });

  it('refuses a step that is not a time, or out of order, at its field, sending nothing and keeping the words', async () => {
    const preload = await openSettings();
    await input('dueMinutes').setValue('soon');
    await card().get('form').trigger('submit');
    await flushPromises();
    expect(card().text()).toContain('Write a time such as 45 min, 4 h or 2 d.');
    expect(value('dueMinutes')).toBe('soon');

    await input('dueMinutes').setValue('5 h');
    await card().get('form').trigger('submit');
    await flushPromises();
    expect(card().text()).toContain('Make this step longer than the first.');
    // The first step reads now: its complaint is gone, the order's is at the second step.
    expect(
      card()
        .findAll('.n-form-item-feedback__line')
        .map((line) => line.text()),
    ).toEqual(['Make this step longer than the first.']);
    expect(preload.inputsOf('settings:update')).toEqual([]);
  });
});
