import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// One connection state for the whole app: the side bar and the inbox say the same, whichever
// request found the service gone or back.

const rows = (page: Page) => page.getByTestId('inbox-row');
const sideBar = (page: Page) => page.getByTestId('connection-label');

function shownIds(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-id')!));
}

test('with the service stopped, the side bar and the inbox both say offline, and the rows stay', async ({
  page,
  sandbox,
}) => {
  await expect(page).toHaveURL(/#\/inbox/);
  await expect(rows(page).first()).toBeVisible();
  await expect(sideBar(page)).toHaveText('Online');
  const subtitle = page.getByTestId('page-subtitle');
  await expect(subtitle).toContainText('interactions');
  const before = await shownIds(page);
  // The count of rows ("4,276 interactions"; the unread figure beside it may come later).
  const countBefore = /^[\d,.\s]+ interactions/.exec((await subtitle.textContent())!)![0];

  await sandbox.stop();
  // The person goes on working: another type, which the inbox asks the service for.
  await page.locator('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').click();
  const note = page.getByTestId('offline-note');
  await expect(note).toContainText(/Offline since \d{1,2}:\d{2}/);
  await expect(note).toContainText('The list shows what was already loaded');
  await expect(sideBar(page)).toHaveText('Offline');
  // What was loaded stays, with its count; nothing waits on "Loading…".
  // (the note above the list takes a row's room: the rows drawn are the first of those before)
  const after = await shownIds(page);
  expect(after.length).toBeGreaterThan(0);
  expect(after).toEqual(before.slice(0, after.length));
  await expect(subtitle).toContainText(countBefore);
  await expect(subtitle).not.toContainText('Loading');
  await expectNoRawErrorText(page);
  await expectAccessible(page, 'the inbox with the service stopped');

  await sandbox.start();
  // The inbox asks again by itself: both say online, and the new list comes.
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
