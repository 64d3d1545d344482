import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { CallOutput, CallResult } from '../../../../src/shared/contract/index.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper | undefined;

async function firstRun(preload = createFakePreload({ accounts: { profiles: [] } })) {
  preload.install();
  const mounted = await mountApp('/settings');
  wrapper = mounted.wrapper;
  return { ...mounted, preload };
}

freshPageForEachTest();

describe('first run', () => {
  it('opens on the welcome screen with both choices while no profile exists', async () => {
    const { router } = await firstRun();

    expect(router.currentRoute.value.name).toBe('welcome');
    const welcome = wrapper!.get('[data-testid="welcome-screen"]');
    expect(welcome.get('h1').text()).toBe('Welcome to Socialdesk');
    expect(welcome.get('[data-testid="connect-account"]').text()).toBe('Connect your account');
    expect(welcome.get('[data-testid="explore-sandbox"]').text()).toBe('Explore with the local sandbox');
    // The areas need a profile, so their menu is not offered yet.
    expect(wrapper!.find('nav').exists()).toBe(false);
  });

  it('says what the app does: the inbox, scheduled posts with drafts, campaigns and reports', async () => {
    await firstRun();

    const intro = wrapper!.get('[data-testid="welcome-intro"]').text();
    for (const area of [/community inbox/, /schedule posts/, /drafts/, /campaigns/, /reports as CSV/]) {
      expect(intro).toMatch(area);
    }
    const sandbox = wrapper!.get('[data-testid="explore-sandbox"]').element.closest('.n-card')!.textContent;
    expect(sandbox).toMatch(/sample brands, comments, posts and campaigns/);
  });

  it('keeps the areas out of reach until a profile exists', async () => {
    const { router } = await firstRun();

    await router.push('/settings');
    await flushPromises();

    expect(router.currentRoute.value.name).toBe('welcome');
  });

  it('never shows the welcome screen to someone who has a profile', async () => {
    const preload = createFakePreload().install();
    const mounted = await mountApp('/welcome');
    wrapper = mounted.wrapper;
    const { router } = mounted;

    expect(router.currentRoute.value.name).toBe('inbox'); // the first area
    expect(preload.inputsOf('accounts:list').length).toBeGreaterThan(0);
  });

  it('explores the sandbox in one click: a loading state, then the app on the new profile', async () => {
    const preload = createFakePreload({ accounts: { profiles: [] } });
    // Seeding takes a moment in main: hold the answer to see what the user sees meanwhile.
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const start = preload.accounts.answers['accounts:start-sandbox'];
    preload.answer(
      'accounts:start-sandbox',
      async (): Promise<CallResult<CallOutput<'accounts:start-sandbox'>>> => {
        await held;
        return start();
      },
    );
    const { router } = await firstRun(preload);

    await wrapper!.get('[data-testid="explore-sandbox"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('accounts:start-sandbox')).toHaveLength(1);
    expect(wrapper!.get('[data-testid="sandbox-starting"]').text()).toContain('Starting the sandbox');
    expect(wrapper!.get('[data-testid="explore-sandbox"]').attributes('disabled')).toBeDefined();

    finish();
    // The first area is loaded on demand: wait for the navigation, not a fixed time.
    await arrivedAt(router, 'inbox');
    await flushPromises();
    expect(wrapper!.get('[data-testid="active-profile"]').text()).toBe('Local sandbox');
    expect(wrapper!.get('h1').text()).toBe('Inbox');
  });

  it('stays on the welcome screen and says why when the sandbox cannot start', async () => {
    const preload = createFakePreload({ accounts: { profiles: [] } });
    preload.answer('accounts:start-sandbox', () => ({
      ok: false,
      error: {
        code: 'internal',
        message: 'The local sandbox is not available in this build.',
        fieldErrors: {},
      },
    }));
    const { router } = await firstRun(preload);

    await wrapper!.get('[data-testid="explore-sandbox"]').trigger('click');
    await flushPromises();

    expect(router.currentRoute.value.name).toBe('welcome');
    expect(document.body.textContent).toContain('Could not start the local sandbox');
    expect(document.body.textContent).toContain('not available in this build');
    expect(wrapper!.get('[data-testid="explore-sandbox"]').attributes('disabled')).toBeUndefined();
  });

  it('opens the profile form from "Connect your account", and goes back', async () => {
    await firstRun();

    await wrapper!.get('[data-testid="connect-account"]').trigger('click');
    expect(wrapper!.find('[data-testid="profile-form"]').exists()).toBe(true);
    expect(wrapper!.find('[data-testid="explore-sandbox"]').exists()).toBe(false);

    await wrapper!.get('[data-testid="form-cancel"]').trigger('click');
    expect(wrapper!.find('[data-testid="profile-form"]').exists()).toBe(false);
    expect(wrapper!.find('[data-testid="explore-sandbox"]').exists()).toBe(true);
  });
});
