import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { click } from '../../helpers/profile-form.ts';

let wrapper: VueWrapper | undefined;

/** What main reports on a Linux session without a Secret Service (the text a user once saw). */
const dbusReason =
  'no Secret Service (GNOME Keyring or KWallet) answered on this desktop session (Platform failure: ' +
  'DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your ' +
  'DBUS_SESSION_BUS_ADDRESS instead).';
const unavailable = { available: false, reason: dbusReason };

async function open(path: string, preload = createFakePreload({ accounts: { keychain: unavailable } })) {
  preload.install();
  wrapper = (await mountApp(path)).wrapper;
  return preload;
}

async function openDetails(root: Omit<VueWrapper, 'exists'> | ReturnType<VueWrapper['get']>) {
  await root.get('[data-testid="keychain-details-toggle"]').trigger('click');
  await flushPromises();
}

freshPageForEachTest();

describe('keychain notice', () => {
  it('says in plain words what an unavailable keychain means and what to do, detail hidden', async () => {
    await open('/settings');

    const notice = wrapper!.get('[data-testid="keychain-notice"]');
    const text = notice.text();
    expect(text).toContain('kept for this session only');
    expect(text).toContain('paste them again');
    expect(text).toContain('Check again');
    // The library's own words are not the message.
    expect(text).not.toMatch(/DBus|Platform failure|DBUS_SESSION_BUS_ADDRESS/);
    expect(notice.find('[data-testid="keychain-detail"]').exists()).toBe(false);
  });

  it('keeps the raw detail behind a disclosure', async () => {
    await open('/settings');
    const notice = wrapper!.get('[data-testid="keychain-notice"]');
    const toggle = notice.get('[data-testid="keychain-details-toggle"]');
    expect(toggle.attributes('aria-expanded')).toBe('false');

    await openDetails(notice);

    expect(notice.get('[data-testid="keychain-detail"]').text()).toBe(dbusReason);
    expect(notice.get('[data-testid="keychain-details-toggle"]').attributes('aria-expanded')).toBe('true');
  });

  it('checks the keychain again on request and drops the notice once it answers', async () => {
    const preload = await open('/settings');

    // Still unavailable: the notice stays, and says it looked.
    await click(wrapper!, 'keychain-recheck');
    expect(preload.inputsOf('accounts:keychain-status')).toHaveLength(1);
    expect(wrapper!.get('[data-testid="keychain-notice"]').text()).toContain('Still not available');

    preload.accounts.setKeychain({ available: true });
    await click(wrapper!, 'keychain-recheck');
    expect(wrapper!.find('[data-testid="keychain-notice"]').exists()).toBe(false);
  });

  it('says the same plainly in the profile form, detail behind a disclosure', async () => {
    await open('/welcome', createFakePreload({ accounts: { profiles: [], keychain: unavailable } }));
    await click(wrapper!, 'connect-account');
    const form = wrapper!.get('[data-testid="profile-form"]');

    const line = form.get('[data-testid="keychain-reason"]');
    expect(line.text()).toContain('cannot be used');
    expect(line.text()).toContain('for this session only');
    expect(form.text()).not.toMatch(/DBus|Platform failure/);

    await openDetails(form);
    expect(form.get('[data-testid="keychain-detail"]').text()).toBe(dbusReason);
  });
});
