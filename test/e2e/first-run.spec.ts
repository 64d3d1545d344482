import { expect, shellTest as test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { profileRow } from './support/profile-form.ts';

test('first run: the local sandbox in two clicks, still open after a reload', async ({ page, webShell }) => {
  await page.goto(webShell.url);

  // A fresh profile folder: the welcome screen, not an empty app.
  await expect(page.getByRole('heading', { name: 'Welcome to Socialdesk' })).toBeVisible();
  await expect(page.getByTestId('connect-account')).toBeVisible();
  await expectAccessible(page, 'the welcome screen');
  await page.getByTestId('explore-sandbox').click();

  // The app opens on the new profile, on its first area (the inbox), with the sandbox's sample
  // interactions (main seeds the sandbox first).
  await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expect(page.getByTestId('welcome-screen')).toHaveCount(0);
  await expect(page.getByTestId('inbox-row').first()).toBeVisible();

  await page.getByTestId('nav-settings').click();
  const row = profileRow(page, 'Local sandbox');
  await expect(row.getByTestId('profile-active')).toBeVisible();
  await expect(row.getByTestId('profile-brands')).toHaveText(/^Brands \d+(, \d+)+$/);
  await expect(row.getByTestId('token-missing')).toHaveCount(0);

  await row.getByTestId('profile-test').click();
  await expect(row.getByTestId('test-result')).toHaveAttribute('data-ok', 'true');
  await expect(row.getByTestId('test-result')).toContainText('Connected.');
  // That call taught the rate gate the service's limit, and the meter shows it.
  await expect(page.locator('aside').getByTestId('rate-remaining')).toHaveText(/^\d+ \/ 1000$/);

  await page.reload();
  await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByTestId('welcome-screen')).toHaveCount(0);
});

test('removing the last profile says which drafts go with it, then returns to the welcome screen', async ({
  page,
  webShell,
}) => {
  await page.goto(webShell.url);
  await page.getByTestId('explore-sandbox').click();
  await expect(page.getByTestId('active-profile')).toHaveText('Local sandbox');
  // Two drafts the service does not have: one written offline, one it would refuse (too long).
  const { profiles } = (await webShell.call('accounts:list')) as { profiles: { brandIds: number[] }[] };
  const brandId = profiles[0]!.brandIds[0];
  await webShell.call('drafts:create', { channel: 'threads', brandId, fields: { text: 'Not sent yet' } });
  const refused = (await webShell.call('drafts:create', {
    channel: 'twitter',
    brandId,
    fields: { text: 'x'.repeat(300) },
  })) as { id: string };
  await webShell.call('drafts:sync', { id: refused.id });

  await page.getByTestId('nav-settings').click();
  const row = profileRow(page, 'Local sandbox');
  await row.getByTestId('profile-remove').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Remove "Local sandbox"?');
  await expect(dialog).toContainText(
    '2 drafts of this profile are not on the service yet (1 failed). Removing the profile deletes them.',
  );
  await expectAccessible(page, 'the confirmation of a removal');
  await dialog.getByRole('button', { name: 'Remove profile and 2 drafts' }).click();

  await expect(page.getByRole('heading', { name: 'Welcome to Socialdesk' })).toBeVisible();
});
