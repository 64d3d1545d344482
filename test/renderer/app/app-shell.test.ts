import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { areas } from '../../../src/renderer/src/app/router.ts';
import { createFakePreload, sampleInfo } from '../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp, screenText } from '../helpers/mount-app.ts';

let wrapper: VueWrapper | undefined;

freshPageForEachTest();

describe('app shell', () => {
  it('shows the app name and one navigation entry per area', async () => {
    createFakePreload().install();
    const mounted = await mountApp('/settings');
    wrapper = mounted.wrapper;

    const shell = wrapper.get('[data-testid="app-shell"]');
    expect(shell.text()).toContain('Socialdesk');
    const links = wrapper.findAll('nav a');
    expect(links.map((link) => link.text())).toEqual(areas.map((area) => area.label));
    expect(wrapper.get('h1').text()).toBe('Settings');
  });

  it('marks the area on screen in the navigation, a detail pane open in it included', async () => {
    createFakePreload().install();
    const mounted = await mountApp('/settings');
    wrapper = mounted.wrapper;
    const current = () => wrapper!.findAll('nav a[aria-current="page"]').map((link) => link.text());
    expect(current()).toEqual(['Settings']);

    await wrapper.get('[data-testid="nav-drafts"]').trigger('click');
    await arrivedAt(mounted.router, 'drafts');
    expect(current()).toEqual(['Drafts']);
    await mounted.router.push('/drafts/new');
    await flushPromises();
    expect(current()).toEqual(['Drafts']);
  });

  it('sends an unknown address to the first area', async () => {
    createFakePreload().install();
    const mounted = await mountApp('/no-such-page');
    wrapper = mounted.wrapper;

    expect(mounted.router.currentRoute.value.path).toBe(areas[0]!.path);
    expect(wrapper.get('h1').text()).toBe(areas[0]!.label);
  });

  it('reports a failed start-up call and lets the user try again', async () => {
    const preload = createFakePreload().install();
    let down = true;
    preload.answer('app:info', () =>
      down
        ? {
            ok: false,
            error: {
              code: 'offline',
              message: 'Socialdesk cannot reach its background process.',
              fieldErrors: {},
            },
          }
        : { ok: true, value: sampleInfo },
    );
    wrapper = (await mountApp('/settings')).wrapper;

    expect(screenText()).toContain('Could not read the app information');
    expect(screenText()).toContain('Socialdesk cannot reach its background process.');
    expect(wrapper.find('[data-testid="app-version"]').exists()).toBe(false);

    down = false;
    await wrapper.get('[data-testid="about-card"] button').trigger('click');
    await flushPromises();

    expect(wrapper.get('[data-testid="app-version"]').text()).toBe(sampleInfo.version);
  });

  it('reports a settings:get failure that happens before the page is up', async () => {
    const preload = createFakePreload().install();
    preload.answer('settings:get', () => ({
      ok: false,
      error: { code: 'internal', message: 'The settings file is unreadable.', fieldErrors: {} },
    }));
    wrapper = (await mountApp('/settings')).wrapper;

    expect(screenText()).toContain('Could not load your settings');
    expect(screenText()).toContain('The settings file is unreadable.');
    // The page still works with the defaults.
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('shows a lost connection once, not once per failed call', async () => {
    const preload = createFakePreload().install();
    const offline = {
      ok: false as const,
      error: {
        code: 'offline' as const,
        message: 'Socialdesk cannot reach its background process.',
        fieldErrors: {},
      },
    };
    preload.answer('app:info', () => offline);
    preload.answer('settings:get', () => offline);
    wrapper = (await mountApp('/settings')).wrapper;

    const shown = document.body.querySelectorAll('[data-testid="call-error"]');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('cannot reach');
  });
});
