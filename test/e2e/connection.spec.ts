import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// One connection state for the whole app: the side bar and the inbox say the same, whichever
// request found the service gone or back.

const rows = (page: Page) => page.getByTestId('inbox-row');
const sideBar = (page: Page) => page.getByTestId('connection-label');

test("with the service stopped, the side bar and the inbox both say offline, and the inbox answers from this computer's copy", async ({
  page,
  sandbox,
  webShell,
}) => {
  await expect(page).toHaveURL(/#\/inbox/);
  await expect(rows(page).first()).toBeVisible();
  await expect(sideBar(page)).toHaveText('Online');
  const subtitle = page.getByTestId('page-subtitle');
  // The count of rows, whole ("4,276 interactions", not the "4,200+" known before the service
  // counted the rows older than the copy's period; the unread figure beside it may come later).
  await expect(subtitle).toContainText(/^[\d,.\s]+ interactions/);
  const countBefore = /^[\d,.\s]+ interactions/.exec((await subtitle.textContent())!)![0];
  // The inbox's copy on this computer has its first fill (issue 25): offline, the inbox answers from it.
  await expect
    .poll(async () => ((await webShell.call('mirror:status')) as { filled: boolean }).filled, {
      timeout: 60_000,
    })
    .toBe(true);

  await sandbox.stopHoldingPort();
  // The person goes on working: another type, which the service cannot answer now.
  await page.locator('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').click();
  const note = page.getByTestId('offline-note');
  await expect(note).toContainText(/Offline · synced at \d{1,2}:\d{2}/);
  await expect(sideBar(page)).toHaveText('Offline');
  // The copy's rows of that type, counted; nothing waits on "Loading…".
  // Every row shown, once the list has been read again for the filter (until then the rows before
  // it stay, and the first of them may be a TikTok comment too).
  await expect
    .poll(
      async () =>
        new Set(await rows(page).evaluateAll((rows) => rows.map((e) => e.getAttribute('data-type')))),
    )
    .toEqual(new Set(['TIKTOK_COMMENT']));
  await expect(subtitle).not.toContainText(countBefore);
  await expect(subtitle).not.toContainText('Loading');
  await expectNoRawErrorText(page);
  await expectAccessible(page, 'the inbox with the service stopped');

  await sandbox.start();
  // The inbox asks again by itself: both say online, and the service's list comes.
  await expect(note).toHaveCount(0, { timeout: 45_000 });
  await expect(sideBar(page)).toHaveText('Online');
  await expect(rows(page).first()).toHaveAttribute('data-type', 'TIKTOK_COMMENT');
  await expect(subtitle).not.toContainText(countBefore);
});

test("a passing connection test is what the side bar says, never 'Not checked yet'", async ({
  page,
  sandboxProfile,
}) => {
  await page.getByTestId('nav-settings').click();
  const row = page.getByTestId(`profile-${sandboxProfile.id}`);
  await row.getByTestId('profile-test').click();
  await expect(row.getByTestId('test-result')).toHaveAttribute('data-ok', 'true');
  await expect(sideBar(page)).toHaveText('Online');
  await expect(page.getByTestId('connection-indicator')).not.toContainText('Not checked yet');
});
