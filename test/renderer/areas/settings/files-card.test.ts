import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createFakePreload, sampleInfo } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

async function openSettings(shell: 'web' | 'electron' = 'web') {
  const preload = createFakePreload({ info: { ...sampleInfo, shell } }).install();
  ({ wrapper } = await mountApp('/settings'));
  await flushPromises();
  return preload;
}

const card = () => wrapper.get('[data-testid="files-card"]');

describe('Settings: the downloads folder', () => {
  it('says where the browser shell saves exports, the default until one is chosen', async () => {
    await openSettings('web');
    expect(card().text()).toContain('Exports are saved in');
    expect(card().get('[data-testid="downloads-folder"]').text()).toBe('/home/cm/Downloads/Socialdesk');
    expect(card().text()).toContain('(the default)');
  });

  it('speaks of the save dialog in Electron', async () => {
    await openSettings('electron');
    expect(card().text()).toContain('Save dialogs open in');
  });

  it('changes the folder, and goes back to the default', async () => {
    const preload = await openSettings();
    await card().get('[data-testid="change-downloads"]').trigger('click');
    await card().get('[data-testid="downloads-input"] input').setValue('/srv/exports');
    await card().get('form').trigger('submit');
    await flushPromises();
    expect(preload.inputsOf('settings:update')).toEqual([{ downloadsFolder: '/srv/exports' }]);
    expect(card().get('[data-testid="downloads-folder"]').text()).toBe('/srv/exports');
    await card().get('[data-testid="default-downloads"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('settings:update').at(-1)).toEqual({ downloadsFolder: null });
    expect(card().text()).toContain('(the default)');
  });

  it('refuses a relative folder at the field before sending, keeping what was typed', async () => {
    const preload = await openSettings();
    await card().get('[data-testid="change-downloads"]').trigger('click');
    await card().get('[data-testid="downloads-input"] input').setValue('exports');
    await card().get('form').trigger('submit');
    await flushPromises();
    expect(preload.inputsOf('settings:update')).toEqual([]);
    expect(card().text()).toContain('Give the full path of the folder, from the root.');
    expect((card().get('[data-testid="downloads-input"] input').element as HTMLInputElement).value).toBe(
      'exports',
    );
  });

  it('shows the path when no file manager could open the folder', async () => {
    await openSettings();
    await card().get('[data-testid="open-downloads"]').trigger('click');
    await flushPromises();
    expect(card().get('[data-testid="reveal-fallback"]').text()).toContain('/home/cm/Downloads/Socialdesk');
  });
});
