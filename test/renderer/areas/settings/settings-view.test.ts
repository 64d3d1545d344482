import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { useSettingsStore, type ThemePreference } from '../../../../src/renderer/src/app/settings-store.ts';
import { fakeColorScheme } from '../../helpers/color-scheme.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp, screenText } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper | undefined;

async function open(preload: ReturnType<typeof createFakePreload>) {
  preload.install();
  ({ wrapper } = await mountApp('/settings'));
  return wrapper!;
}

function checkedTheme(view: VueWrapper): string | undefined {
  const checked = view
    .findAll('[data-testid^="theme-"] input')
    .find((input) => (input.element as HTMLInputElement).checked);
  return checked ? (checked.element as HTMLInputElement).value : undefined;
}

freshPageForEachTest();

describe('settings view', () => {
  it('shows the version, shell and runtimes from app:info', async () => {
    const view = await open(createFakePreload());

    expect(view.get('[data-testid="app-version"]').text()).toBe('0.1.0-test');
    expect(view.get('[data-testid="app-shell-kind"]').text()).toBe('Desktop app (Electron)');
    const about = view.get('[data-testid="about-card"]').text();
    expect(about).toContain('Electron');
    expect(about).toContain('45.4.1');
    expect(about).toContain('Node.js');
  });

  it('saves Dark through settings:update and turns the app dark at once', async () => {
    const preload = createFakePreload();
    const view = await open(preload);
    expect(document.documentElement.dataset.theme).toBe('light');

    await view.get('[data-testid="theme-dark"]').trigger('click');
    // Applied before main answers: the click alone changes the page.
    expect(document.documentElement.dataset.theme).toBe('dark');
    await flushPromises();

    expect(preload.received).toContainEqual({ name: 'settings:update', input: { theme: 'dark' } });
    expect(preload.settings.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(checkedTheme(view)).toBe('dark');
  });

  it('starts with the stored theme, so a choice survives a reload', async () => {
    const view = await open(createFakePreload({ settings: { theme: 'dark' } }));

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(checkedTheme(view)).toBe('dark');
  });

  it('follows the OS live while the preference is System', async () => {
    const scheme = fakeColorScheme(false);
    const view = await open(createFakePreload({ settings: { theme: 'system' } }));
    expect(document.documentElement.dataset.theme).toBe('light');

    scheme.setDark(true);
    await flushPromises();

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(view.get('[data-testid="theme-hint"]').text()).toContain('dark');
  });

  it('shows the error and its field errors when main refuses a theme it does not know', async () => {
    const preload = createFakePreload({ settings: { theme: 'light' } }).install();
    const { wrapper: view, pinia } = await mountApp('/settings');

    // No button sends this; it stands for a renderer that drifted from the contract.
    await useSettingsStore(pinia).setTheme('purple' as ThemePreference);
    await flushPromises();

    expect(preload.inputsOf('settings:update')).toEqual([{ theme: 'purple' }]);
    const error = document.querySelector<HTMLElement>('[data-testid="call-error"]')!;
    expect(error.dataset.code).toBe('invalid_input');
    // In plain words: the schema's report and the field's path only behind Details.
    expect(error.querySelector('[data-testid="error-sentence"]')!.textContent).toBe('Check the theme.');
    expect(error.querySelector('[data-testid="error-fields"]')!.textContent).toBe(
      'Theme: This value is not one Socialdesk can use.',
    );
    expect(error.querySelector('[data-testid="error-detail"] pre')!.textContent).toContain(
      'theme: Invalid option: expected one of "system"|"light"|"dark"',
    );
    expect(screenText()).toContain('Could not save the theme');
    expect(preload.settings.theme).toBe('light');
    expect(checkedTheme(view)).toBe('light');
  });

  it('keeps the old theme when main cannot store the new one', async () => {
    const preload = createFakePreload({ settings: { theme: 'light' } });
    // What main's dispatch answers when the handler throws (the settings file cannot be written).
    preload.answer('settings:update', () => ({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} },
    }));
    const view = await open(preload);

    await view.get('[data-testid="theme-dark"]').trigger('click');
    await flushPromises();

    const error = document.querySelector<HTMLElement>('[data-testid="call-error"]')!;
    expect(error.dataset.code).toBe('internal');
    expect(error.querySelector('[data-testid="error-sentence"]')!.textContent).toBe(
      'Something went wrong in Socialdesk.',
    );
    expect(screenText()).toContain('Could not save the theme');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(checkedTheme(view)).toBe('light');
  });
});
