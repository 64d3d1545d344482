import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { profileRow, tokenField } from './support/profile-form.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// Issue 25 §4: the app started with the service unreachable shows this computer's copy of the
// inbox, says so, and its search, filters, counts and threads work.

const rows = (page: Page) => page.getByTestId('inbox-row');

test("started with the service stopped, the inbox lists this computer's copy, and search, filters, counts and threads work", async ({
  page,
  context,
  sandbox,
  sandboxProfile,
  webShell,
}) => {
  test.setTimeout(120_000);
  await expect(rows(page).first()).toBeVisible();
  // How the token outlives the restart decides what the person does after it (see drafts.spec.ts).
  const { available: keychain } = (await webShell.call('accounts:keychain-status')) as { available: boolean };
  if (keychain) await webShell.call('accounts:update', { id: sandboxProfile.id, tokenStore: 'keychain' });
  // The copy's first fill ends in the background.
  await expect
    .poll(async () => ((await webShell.call('mirror:status')) as { filled: boolean }).filled, {
      timeout: 60_000,
    })
    .toBe(true);

  await sandbox.stopHoldingPort();
  const shell = await webShell.restart();
  const app = await context.newPage();
  await app.setViewportSize({ width: 1280, height: 800 });
  await app.goto(await shell.freshUrl());
  await expect(app.getByTestId('active-profile')).toHaveText(sandboxProfile.name);
  if (!keychain) {
    await app.getByTestId('nav-settings').click();
    const profile = profileRow(app, sandboxProfile.name);
    await profile.getByTestId('profile-edit').click();
    const form = app.getByTestId('profile-form');
    await tokenField(form).fill(sandbox.tokens.user);
    await form.getByTestId('form-save').click();
    await expect(form).toHaveCount(0);
    await app.getByTestId('nav-inbox').click();
  }

  const note = app.getByTestId('offline-note');
  await expect(note).toContainText(/Offline · synced at \d{1,2}:\d{2}/);
  await expect(rows(app).nth(4)).toBeVisible();
  const subtitle = app.getByTestId('page-subtitle');
  await expect(subtitle).toContainText(/[\d,.]+ interactions/);
  await expectNoRawErrorText(app);
  // The overview's counts come from the copy too.
  await expect(app.getByText('Could not load the overview.')).toHaveCount(0);
  await expectAccessible(app, 'the inbox offline, from this computer');

  // A filter: only TikTok comments, counted.
  await app.locator('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').click();
  // Every row shown, once the list has been read again for the filter.
  await expect
    .poll(
      async () =>
        new Set(await rows(app).evaluateAll((rows) => rows.map((e) => e.getAttribute('data-type')))),
    )
    .toEqual(new Set(['TIKTOK_COMMENT']));

  // Its thread, as the copy holds it.
  await rows(app).first().click();
  const pane = app.getByTestId('inbox-detail');
  await expect(pane.getByTestId('tiktok-thread')).toBeVisible();

  // A search within the filter.
  const search = app.getByTestId('filter-text').locator('input');
  await search.fill('love');
  await search.press('Enter');
  await expect(subtitle).toContainText(/[\d,.]+ interactions?/);
  await expect(rows(app).first()).toHaveAttribute('data-type', 'TIKTOK_COMMENT');
  await expect(note).toContainText('Offline · synced at');
  await expectNoRawErrorText(app);
  await expectAccessible(app, 'a TikTok thread offline, searched');
});
