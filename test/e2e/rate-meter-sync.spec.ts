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
