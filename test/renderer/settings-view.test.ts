import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { fakeColorScheme } from './helpers/color-scheme.ts';
import { createFakePreload } from './helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp, screenText } from './helpers/mount-app.ts';

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

  it('shows the error and its field errors when settings:update refuses, and keeps the old theme', async () => {
    const preload = createFakePreload({ settings: { theme: 'light' } });
    preload.answer('settings:update', () => ({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Invalid input. theme: Invalid option',
        fieldErrors: { theme: ['Invalid option: expected one of "system"|"light"|"dark"'] },
      },
    }));
    const view = await open(preload);

    await view.get('[data-testid="theme-dark"]').trigger('click');
    await flushPromises();

    const text = screenText();
    expect(text).toContain('Could not save the theme');
    expect(text).toContain('Invalid input. theme: Invalid option');
    expect(text).toContain('theme: Invalid option: expected one of "system"|"light"|"dark"');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(checkedTheme(view)).toBe('light');
  });
});
