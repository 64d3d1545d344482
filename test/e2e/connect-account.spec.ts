import { expect, shellTest as test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import {
  fillProfileForm,
  openConnectForm,
  profileRow,
  sandboxProfile,
  tokenField,
} from './support/profile-form.ts';

test('connect your account: test, save, then a wrong token gets the plain 401 message', async ({
  page,
  webShell,
  sandbox,
}) => {
  // Whether this machine has a keychain decides which store the form offers; both must work.
  const keychain = (await webShell.call('accounts:keychain-status')) as { available: boolean };
  await page.goto(webShell.url);
  const form = await openConnectForm(page);

  if (keychain.available) {
    await expect(form.getByTestId('store-keychain').locator('input')).toBeChecked();
  } else {
    await expect(form.getByTestId('store-keychain').locator('input')).toBeDisabled();
    await expect(form.getByTestId('store-session').locator('input')).toBeChecked();
    await expect(form.getByTestId('keychain-reason')).toContainText('cannot be used');
  }

  await fillProfileForm(form, sandboxProfile(sandbox, 'My brand'));
  await form.getByTestId('form-test').click();
  await expect(form.getByTestId('test-result')).toHaveAttribute('data-ok', 'true');
  await expect(form.getByTestId('test-result')).toContainText('Connected.');
  await expectAccessible(page, 'the connect form, tested');
  await form.getByTestId('form-save').click();

  await expect(page.getByTestId('active-profile')).toHaveText('My brand');
  await page.getByTestId('nav-settings').click();
  const row = profileRow(page, 'My brand');
  await expect(row.getByTestId('profile-brands')).toHaveText(`Brands ${sandbox.brands.join(', ')}`);
  await expect(row.getByTestId('profile-token-store')).toHaveText(
    keychain.available ? 'Token in the system keychain' : 'Token for this session only',
  );
  if (!keychain.available) await expect(page.getByTestId('keychain-notice')).toBeVisible();
  await row.getByTestId('profile-test').click();
  await expect(row.getByTestId('test-result')).toHaveAttribute('data-ok', 'true');

  // Edit: only the token changes; everything else is kept.
  await row.getByTestId('profile-edit').click();
  const edit = page.getByTestId('profile-form');
  await expect(tokenField(edit)).toHaveValue('');
  await tokenField(edit).fill('sbx_user_not_a_real_token');
  await edit.getByTestId('form-save').click();
  await expect(edit).toHaveCount(0);

  await row.getByTestId('profile-test').click();
  await expect(row.getByTestId('test-result')).toHaveAttribute('data-ok', 'false');
  await expect(row.getByTestId('test-result')).toContainText('The service refused this token.');
});

test('the form points at a wrong address before anything is saved', async ({ page, webShell, sandbox }) => {
  await page.goto(webShell.url);
  const form = await openConnectForm(page);

  await fillProfileForm(form, {
    ...sandboxProfile(sandbox, 'Typo'),
    urls: { ...sandbox.urls, dashboard: 'dashboard.example.com' },
  });
  await form.getByTestId('form-save').click();

  await expect(form.getByTestId('field-baseUrls.dashboard')).toContainText(
    'Must be an http:// or https:// address.',
  );
  await expectAccessible(page, 'the connect form with a wrong address');
  await expect(page.getByRole('heading', { name: 'Welcome to Socialdesk' })).toBeVisible();
});
