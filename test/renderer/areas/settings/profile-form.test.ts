import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { exampleUrls } from '../../helpers/fake-accounts.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import {
  chooseTokenStore,
  click,
  fieldError,
  fieldInput,
  fillProfileForm,
  tokenStoreInput,
} from '../../helpers/profile-form.ts';

let wrapper: VueWrapper | undefined;
const token = 'tok_secret_1234567890';
const unavailable = {
  available: false,
  reason: 'no Secret Service (GNOME Keyring or KWallet) answered on this desktop session.',
};

/** The welcome screen's "Connect your account" form, on a machine with no profile yet. */
async function openConnectForm(preload = createFakePreload({ accounts: { profiles: [] } })) {
  preload.install();
  const mounted = await mountApp('/welcome');
  wrapper = mounted.wrapper;
  await click(wrapper, 'connect-account');
  return { ...mounted, preload, form: wrapper.get('[data-testid="profile-form"]') };
}

const filled = { name: 'Acme', urls: exampleUrls, brandIds: '101, 102 ,103', token };

freshPageForEachTest();

describe('connect your account', () => {
  it('saves with accounts:add (brand ids as numbers, the chosen store) and opens the app', async () => {
    const { preload, form, router } = await openConnectForm();

    await fillProfileForm(form, filled);
    await chooseTokenStore(form, 'session');
    await click(form, 'form-save');

    expect(preload.inputsOf('accounts:add')).toEqual([
      {
        name: 'Acme',
        baseUrls: exampleUrls,
        brandIds: [101, 102, 103],
        token,
        tokenStore: 'session',
        activate: true,
      },
    ]);
    // The first area is loaded on demand: wait for the navigation, not a fixed time.
    await arrivedAt(router, 'inbox');
    await flushPromises();
    expect(wrapper!.get('[data-testid="active-profile"]').text()).toBe('Acme');
    // The token was for the call only: it is nowhere on the page afterwards.
    expect(document.body.innerHTML).not.toContain(token);
  });

  it('keeps the token in the keychain by default when the keychain works', async () => {
    const { preload, form } = await openConnectForm();

    expect(tokenStoreInput(form, 'keychain').checked).toBe(true);
    await fillProfileForm(form, filled);
    await click(form, 'form-save');

    expect(preload.inputsOf('accounts:add')[0]).toMatchObject({ tokenStore: 'keychain' });
  });

  it('shows the field errors of an invalid_input answer under their fields', async () => {
    const preload = createFakePreload({ accounts: { profiles: [] } });
    preload.answer('accounts:add', () => ({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Invalid input. baseUrls.library: Must be an http:// or https:// address.',
        fieldErrors: {
          'baseUrls.library': ['Must be an http:// or https:// address.'],
          'brandIds.1': ['Too small: expected number to be >=0'],
          token: ['Paste the token.'],
        },
      },
    }));
    const { form, router } = await openConnectForm(preload);

    await fillProfileForm(form, filled);
    await click(form, 'form-save');

    expect(fieldError(form, 'baseUrls.library')).toBe('Must be an http:// or https:// address.');
    // A schema's report, said as what to do.
    expect(fieldError(form, 'brandIds')).toBe('Use 0 or more.');
    expect(fieldError(form, 'token')).toBe('Paste the token.');
    expect(fieldError(form, 'baseUrls.community')).toBe('');
    expect(router.currentRoute.value.name).toBe('welcome');
    // Shown in the form, not as a notification too.
    expect(document.body.querySelector('[data-testid="call-error"]')).toBeNull();
    // The form stays filled, token included, so fixing one address is all it takes.
    expect(fieldInput(form, 'token').element.value).toBe(token);
  });

  it("shows main's own schema errors under the fields (empty brand ids, a bad address)", async () => {
    const { form } = await openConnectForm();

    await fillProfileForm(form, { ...filled, urls: { scheduler: 'ftp://nope' }, brandIds: '' });
    await click(form, 'form-save');

    expect(fieldError(form, 'brandIds')).toBe('Name at least one brand id.');
    expect(fieldError(form, 'baseUrls.scheduler')).toBe('Must be an http:// or https:// address.');
  });

  it('refuses brand ids that are not numbers without calling main', async () => {
    const { preload, form } = await openConnectForm();

    await fillProfileForm(form, { ...filled, brandIds: '101, acme' });
    await click(form, 'form-save');

    expect(fieldError(form, 'brandIds')).toContain('whole numbers');
    expect(preload.inputsOf('accounts:add')).toEqual([]);
  });

  it('disables the keychain with the reason when it is unavailable, and preselects this session only', async () => {
    const preload = createFakePreload({ accounts: { profiles: [], keychain: unavailable } });
    const { form } = await openConnectForm(preload);

    expect(tokenStoreInput(form, 'keychain').disabled).toBe(true);
    expect(tokenStoreInput(form, 'session').checked).toBe(true);
    expect(form.get('[data-testid="keychain-reason"]').text()).toContain('for this session only');

    await fillProfileForm(form, filled);
    await click(form, 'form-save');
    expect(preload.inputsOf('accounts:add')[0]).toMatchObject({ tokenStore: 'session' });
  });

  it("tests the connection with the form's values and shows the result in green", async () => {
    const { preload, form } = await openConnectForm();

    await fillProfileForm(form, filled);
    await click(form, 'form-test');

    expect(preload.inputsOf('accounts:test')).toEqual([
      { baseUrls: exampleUrls, brandIds: [101, 102, 103], token },
    ]);
    const result = form.get('[data-testid="test-result"]');
    expect(result.attributes('data-ok')).toBe('true');
    expect(result.text()).toContain('Connection works');
    expect(result.text()).toContain('Connected.');
  });

  it('shows a refused token in red, in plain words', async () => {
    const preload = createFakePreload({ accounts: { profiles: [] } });
    const refused =
      'The service refused this token. Check that it was copied whole and has not been revoked.';
    preload.answer('accounts:test', () => ({
      ok: true,
      value: { ok: false, code: 'unauthorized', status: 401, message: refused },
    }));
    const { form } = await openConnectForm(preload);

    await fillProfileForm(form, filled);
    await click(form, 'form-test');

    const result = form.get('[data-testid="test-result"]');
    expect(result.attributes('data-ok')).toBe('false');
    expect(result.text()).toContain('Connection failed');
    expect(result.text()).toContain(refused);
  });

  it('checks the addresses before testing, and points at the wrong one', async () => {
    const { preload, form } = await openConnectForm();

    await fillProfileForm(form, { ...filled, urls: { ...exampleUrls, dashboard: 'not an address' } });
    await click(form, 'form-test');
    await flushPromises();

    expect(preload.inputsOf('accounts:test')).toEqual([]);
    expect(fieldError(form, 'baseUrls.dashboard')).toBe('Must be an http:// or https:// address.');
    // No connection was tried, so none is said to have failed.
    expect(form.find('[data-testid="test-result"]').exists()).toBe(false);
    expect(form.text()).not.toContain('Connection failed');
  });

  it('drops an earlier result when the form no longer holds what was tested', async () => {
    const { form } = await openConnectForm();
    await fillProfileForm(form, filled);
    await click(form, 'form-test');
    expect(form.get('[data-testid="test-result"]').attributes('data-ok')).toBe('true');

    await fillProfileForm(form, { brandIds: '101, acme' });
    await click(form, 'form-test');

    expect(fieldError(form, 'brandIds')).toContain('whole numbers');
    expect(form.find('[data-testid="test-result"]').exists()).toBe(false);
  });

  it("shows main's refusal of the test input as form errors, not as a failed connection", async () => {
    const preload = createFakePreload({ accounts: { profiles: [] } });
    preload.answer('accounts:test', () => ({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Invalid input. token: Paste the token.',
        fieldErrors: { token: ['Paste the token.'], '(input)': ['Name a saved profile or fill the form.'] },
      },
    }));
    const { form } = await openConnectForm(preload);

    await fillProfileForm(form, filled);
    await click(form, 'form-test');

    expect(fieldError(form, 'token')).toBe('Paste the token.');
    expect(form.get('[data-testid="form-errors"]').text()).toBe('Name a saved profile or fill the form.');
    expect(form.find('[data-testid="test-result"]').exists()).toBe(false);
    expect(form.text()).not.toContain('Connection failed');
    // Shown in the form, not as a notification too.
    expect(document.body.querySelector('[data-testid="call-error"]')).toBeNull();
  });
});
