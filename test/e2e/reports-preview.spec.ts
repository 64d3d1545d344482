import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { closeMenu, pickOption, selectOption } from './support/naive-select.ts';

// The Reports preview read as a person reads it, against a sandbox of the test's own: labels,
// dates in the person's zone, figures aligned, a table that stays in its card, best times to post,
// "Form changed" and New report. Reports read real data while other work shares the machine.
test.slow();
test.use({ timezoneId: 'Asia/Tokyo', viewport: { width: 1280, height: 800 } });

async function openReports(page: Page) {
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByTestId('report-builder')).toBeVisible();
}

/** An owned content report of Instagram and TikTok posts with their engagements. */
async function previewContent(page: Page) {
  await openReports(page);
  await pickOption(page, page.getByTestId('report-type'), 'Owned content');
  await pickOption(page, page.getByTestId('report-metrics'), 'Engagements');
  await closeMenu(page);
  // Opened at its right end: a click on its middle could land on a chosen channel's tag.
  const channels = page.getByTestId('report-channels');
  const box = (await channels.boundingBox())!;
  await channels.click({ position: { x: box.width - 12, y: box.height / 2 } });
  await selectOption(page, 'TikTok').click();
  await closeMenu(page);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByTestId('preview-row').first()).toBeVisible();
}

test("a content report's preview names its columns and values in words and keeps its table in the card", async ({
  page,
}) => {
  await previewContent(page);
  const headings = page.getByTestId('preview-table').getByRole('columnheader');
  await expect(headings).toContainText(['Rank', 'Brand', 'Channel', 'Media id', 'Media type', 'Published']);
  await expect(headings.filter({ hasText: 'Engagements' })).toHaveCount(1);
  await expect(headings.filter({ hasText: /_/ })).toHaveCount(0);

  const first = page.getByTestId('preview-row').first();
  await expect(first.locator('[data-column="brand_id"]')).toHaveText(/^Brand \d+$/);
  await expect(first.locator('[data-column="channel"]')).toHaveText(/^(Instagram|TikTok)$/);
  await expect(first.locator('[data-column="media_type"]')).not.toHaveText(/[A-Z]{2,}|_/);
  // A date as people write it, in their zone: no ISO text, no "Z".
  const published = first.locator('[data-column="published_at"]');
  await expect(published).not.toHaveText(/T\d\d:|Z$/);
  await expect(published).toHaveText(/\d{4}/);
  // Figures line up right under a heading that does too; words stay left.
  const heading = page.getByTestId('preview-table').locator('[role="row"]').first();
  await expect(first.locator('[data-column="engagements"]')).toHaveCSS('text-align', 'right');
  await expect(heading.locator('[data-column="engagements"]')).toHaveCSS('text-align', 'right');
  await expect(first.locator('[data-column="caption"]')).not.toHaveCSS('text-align', 'right');

  // At 1280 px the page never scrolls sideways: the table scrolls within its card.
  const overflow = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  const card = await page.getByTestId('report-preview').boundingBox();
  const scroller = await page.getByTestId('preview-table').locator('.scroll').boundingBox();
  expect(scroller!.x + scroller!.width).toBeLessThanOrEqual(card!.x + card!.width);
  await expectAccessible(page, "a content report's preview");
});

test('best times to post: a day-by-hour heat map per channel, in the person’s zone, with its posts and period, and as a table', async ({
  page,
}) => {
  await previewContent(page);
  await page.getByText('Best times to post', { exact: true }).first().click();
  const basis = page.getByTestId('best-times-basis');
  await expect(basis).toContainText('Based on');
  await expect(basis).toContainText('times in Asia/Tokyo');
  await expect(basis).toContainText(/posts published \w/);
  const grid = page.getByTestId('best-times-grid');
  await expect(grid.getByTestId('best-times-cell')).toHaveCount(7 * 24);
  await expect(grid.getByRole('rowheader')).toHaveCount(7);

  // The numbers in the hours are the posts the line says it rests on.
  const posts = Number((await basis.textContent())!.match(/Based on ([\d,]+) post/)![1]!.replace(/,/g, ''));
  const shown = await grid
    .getByTestId('best-times-cell')
    .evaluateAll((cells) =>
      cells.reduce((sum, cell) => sum + Number(cell.firstElementChild!.textContent || 0), 0),
    );
  expect(posts).toBeGreaterThan(0);
  expect(shown).toBe(posts);
  await expectAccessible(page, 'best times to post as a heat map');

  // The other channel: its own grid.
  const channel = await grid.getAttribute('data-channel');
  const other = channel === 'INSTAGRAM' ? 'TikTok' : 'Instagram';
  await page.getByTestId('best-times').getByText(other, { exact: true }).click();
  await expect(grid).not.toHaveAttribute('data-channel', channel!);

  await page.getByRole('button', { name: 'Show as table' }).click();
  const rows = page.getByTestId('best-times-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('best-times-table').getByRole('columnheader')).toHaveText([
    'Day',
    'Hour',
    'Posts',
    'Average engagements',
  ]);
  await expectAccessible(page, 'best times to post as a table');
  await page.getByText('Rows', { exact: true }).click();
  await expect(page.getByTestId('preview-row').first()).toBeVisible();
});

test('"Form changed" shows only while the form differs from the preview, and New report clears the preview', async ({
  page,
}) => {
  await openReports(page);
  const filename = page.getByTestId('report-filename').locator('input');
  await filename.fill('monthly');
  await page.getByTestId('report-null-if-no-posts').click();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByTestId('figure').first()).toBeVisible();
  const changed = page.getByText('Form changed', { exact: false });
  await expect(changed).toHaveCount(0);

  await filename.fill('monthly-2');
  await expect(changed).toBeVisible();
  await filename.fill('monthly');
  await expect(changed).toHaveCount(0);

  await page.getByRole('button', { name: 'New report' }).click();
  await expect(page.getByText('No preview yet')).toBeVisible();
  await expect(page.getByTestId('figure')).toHaveCount(0);
  await expect(changed).toHaveCount(0);
  await expectAccessible(page, 'a new report');
});
