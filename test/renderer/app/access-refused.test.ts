import { type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { CallName, ContractErrorCode } from '../../../src/shared/contract/index.ts';
import { calls } from '../../../src/shared/contract/index.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp, screenText } from '../helpers/mount-app.ts';
import { click } from '../helpers/profile-form.ts';

let wrapper: VueWrapper | undefined;

/** What every call answers when the page holds no valid credential for main. */
function refuseEveryCall(preload: ReturnType<typeof createFakePreload>, code: ContractErrorCode) {
  for (const name of Object.keys(calls) as CallName[]) {
    preload.answer(name, () => ({
      ok: false,
      error: { code, message: 'Not allowed: missing or invalid session.', fieldErrors: {} },
    }));
  }
}

async function openRefused(code: ContractErrorCode = 'forbidden', path = '/settings') {
  const preload = createFakePreload().install();
  refuseEveryCall(preload, code);
  const mounted = await mountApp(path);
  wrapper = mounted.wrapper;
  return { ...mounted, preload };
}

freshPageForEachTest();

describe('a page main refuses to serve', () => {
  it('shows one full-page state that says how to open the app, and no dead controls', async () => {
    await openRefused();

    const page = wrapper!.get('[data-testid="access-refused"]');
    expect(page.get('h1').text()).toBe('This page is not connected to Socialdesk');
    expect(page.text()).toContain('npm start');
    // Nothing of the app that could not work: no menu, no settings, no cards, no forms.
    expect(wrapper!.find('nav').exists()).toBe(false);
    expect(wrapper!.find('[data-testid="profiles-card"]').exists()).toBe(false);
    expect(wrapper!.find('[data-testid="appearance-card"]').exists()).toBe(false);
    expect(wrapper!.find('input').exists()).toBe(false);
    // The only control is the one that can work: trying again.
    expect(wrapper!.findAll('button').map((b) => b.text())).toEqual(['Try again']);
    // Said once, by the page: no pile of notifications, no raw message.
    expect(document.body.querySelector('[data-testid="call-error"]')).toBeNull();
    expect(screenText()).not.toContain('missing or invalid session');
  });

  it('treats unauthorized from main itself the same way', async () => {
    await openRefused('unauthorized');
    expect(wrapper!.find('[data-testid="access-refused"]').exists()).toBe(true);
  });

  it('opens the app once main accepts the page again', async () => {
    const { preload } = await openRefused();

    await click(wrapper!, 'access-retry');
    expect(wrapper!.get('[data-testid="access-refused"]').text()).toContain('Still not connected');

    // The user opened the printed address in another tab, which let this one in too.
    const fresh = createFakePreload();
    for (const name of Object.keys(calls) as CallName[]) {
      preload.answer(name, (input) => fresh.api[name](input as never));
    }
    await click(wrapper!, 'access-retry');

    expect(wrapper!.find('[data-testid="access-refused"]').exists()).toBe(false);
    expect(wrapper!.get('[data-testid="profiles-card"]').text()).toContain('Sample brand');
    expect(document.body.querySelector('[data-testid="call-error"]')).toBeNull();
  });

  it('is not shown for a forbidden answer from the service behind one call', async () => {
    const preload = createFakePreload().install();
    // A service 403 (the token cannot reach a brand) shares the code; main's own calls still work.
    preload.answer('accounts:test', () => ({
      ok: false,
      error: { code: 'forbidden', message: 'This token cannot reach brand 102.', fieldErrors: {} },
    }));
    wrapper = (await mountApp('/settings')).wrapper;

    await click(wrapper, 'profile-test');

    expect(wrapper.find('[data-testid="access-refused"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="profiles-card"]').exists()).toBe(true);
  });
});
