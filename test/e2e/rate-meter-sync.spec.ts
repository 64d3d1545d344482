import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';

// The rate meter says what the inbox copy's sync spends (issue 25 §2): the app fills its copy
// of the inbox in the background as soon as the profile is added, and the meter, on hover or on
// keyboard focus, says how many of this minute's calls that sync used.

test('the rate meter says how many of this minute’s calls sync used', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(page.url().replace(/#.*$/, '') + '#/inbox');
  const meter = page.locator('aside').getByTestId('rate-meter');
  await expect(meter).toBeVisible();
  await meter.hover();
  const spent = page.getByTestId('rate-spent');
  await expect(spent).toContainText(/Sync used [1-9][\d,]* of this minute's 1,000 calls\./);
  await expect(spent).toContainText(/Your screens used \d+/);
  await expectAccessible(page, 'the rate meter with what sync spent');

  // By keyboard: focus on the meter says the same.
  await page.mouse.move(700, 400);
  await meter.focus();
  await expect(spent).toContainText('Sync used');
});

test('Settings, Inbox on this computer: the sync share and the days kept, checked in words', async ({
  page,
  webShell,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByTestId('inbox-copy-card');
  await expect(card.getByText('Inbox on this computer', { exact: true })).toBeVisible();

  const share = card.getByRole('textbox', {
    name: 'While you work, keeping it up to date may use (% of each minute’s calls)',
  });
  await expect(share).toHaveValue('10');
  await share.fill('80');
  await share.press('Enter');
  await expect(
    card.getByText('Keep at least half of each minute’s calls for you: at most 50%.'),
  ).toBeVisible();
  await share.fill('a lot');
  await share.press('Enter');
  await expect(card.getByText('Write a whole number, such as 10.')).toBeVisible();
  await share.fill('20');
  // The refusal was about what was typed then: an edit takes it away.
  await expect(card.getByText('Write a whole number, such as 10.')).toHaveCount(0);
  await share.press('Enter');
  await expect(card.getByText('Saved.')).toBeVisible();
  expect(((await webShell.call('settings:get')) as { syncSharePercent: number }).syncSharePercent).toBe(20);

  const days = card.getByRole('textbox', { name: 'Keep interactions active in the last (days)' });
  await expect(days).toHaveValue('90');
  await days.fill('3');
  await days.press('Enter');
  await expect(card.getByText('Keep at least 7 days.')).toBeVisible();
  await expectAccessible(page, 'the Inbox on this computer section of Settings');
  await days.fill('120');
  await days.press('Enter');
  await expect(card.getByText('Saved.')).toHaveCount(2);
  expect(((await webShell.call('settings:get')) as { mirrorRetentionDays: number }).mirrorRetentionDays).toBe(
    120,
  );
});
