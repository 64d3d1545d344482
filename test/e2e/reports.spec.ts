import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type SandboxService, type WebShellProcess } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { pickOption } from './support/naive-select.ts';

// The Reports page against a sandbox of the test's own. The browser shell has no save dialog: it
// saves into the downloads folder of the settings, here a folder inside the test's user data.
// Exports write real files while other work shares the machine: each test gets three times the time.
test.slow();

async function openReports(page: Page, webShell: WebShellProcess): Promise<string> {
  const downloads = join(webShell.userDataDir, 'downloads');
  mkdirSync(downloads, { recursive: true });
  await webShell.call('settings:update', { downloadsFolder: downloads });
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByTestId('report-builder')).toBeVisible();
  return downloads;
}

const reportType = (page: Page, label: string) => pickOption(page, page.getByTestId('report-type'), label);

/** The first line of the CSV the sandbox itself answers for this query, without a BOM. */
async function serviceHeader(sandbox: SandboxService, query: Record<string, string>): Promise<string> {
  const url = `${sandbox.urls.dashboard}/reports/data?${new URLSearchParams({ ...query, format: 'csv' })}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${sandbox.tokens.user}` } });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
}

test('a TOTAL_METRIC report saved as CSV lands in the downloads folder with the header the service gives', async ({
  page,
  webShell,
  sandbox,
}) => {
  const downloads = await openReports(page, webShell);
  // A new report is TOTAL_METRIC over the last 30 days against the 30 before, for the chosen brands.
  await expect(page.getByTestId('report-type')).toContainText('Total metrics');
  await expectAccessible(page, 'the report builder');
  await page.getByTestId('report-filename').locator('input').fill('monthly-figures');
  await page.getByTestId('report-preview-run').click();
  await expect(page.getByTestId('figure')).toHaveCount(3);

  await page.getByTestId('report-save-csv').click();
  const outcome = page.getByTestId('export-outcome');
  await expect(outcome).toHaveAttribute('data-kind', 'saved');
  await expect(outcome).toContainText('Saved monthly-figures.csv');
  expect(readdirSync(downloads)).toEqual(['monthly-figures.csv']);

  const text = readFileSync(join(downloads, 'monthly-figures.csv'), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const expected = await serviceHeader(sandbox, {
    report_type: 'TOTAL_METRIC',
    channels: 'INSTAGRAM',
    metrics: 'IMPRESSIONS',
    brand_ids: '101,102,103',
    context_start_date: '2026-01-01',
    context_end_date: '2026-01-31',
  });
  expect(header).toBe(expected);
  expect(header).toContain('context_value');
  expect(rows).toHaveLength(3);

  const recent = page.getByTestId('recent-export').first();
  await expect(recent).toContainText('monthly-figures.csv');
  await expect(recent).toHaveAttribute('data-exists', 'true');
  await expectAccessible(page, 'a report previewed and saved');
});

test('cancelling a large export leaves no file behind', async ({ page, webShell }) => {
  const downloads = await openReports(page, webShell);
  await reportType(page, 'Owned content');
  await page.getByTestId('report-limit').locator('input').fill('1000000');
  await page.getByTestId('report-limit').locator('input').blur();
  await page.getByTestId('report-save-csv').click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toBeVisible();
  // Rows are reaching the disk: the export is under way when it is cancelled.
  await expect(page.getByTestId('export-figures')).not.toContainText(/^0 rows/);
  await page.getByTestId('export-cancel').click();
  await expect(page.getByTestId('export-outcome')).toHaveAttribute('data-kind', 'cancelled');
  await expect(progress).toHaveCount(0);
  expect(readdirSync(downloads)).toEqual([]);
  await expect(page.getByTestId('recent-export')).toHaveCount(0);
});

test('a saved configuration is there after a reload and reopens in one click', async ({ page, webShell }) => {
  await openReports(page, webShell);
  await reportType(page, 'Graph');
  await page.getByTestId('report-time-scale').getByText('Monthly').click();
  await page.getByTestId('config-name').locator('input').fill('Monthly graph');
  await page.getByTestId('config-save').click();
  await expect(page.getByTestId('saved-config')).toHaveAttribute('data-name', 'Monthly graph');

  await page.reload();
  await expect(page.getByTestId('report-type')).toContainText('Total metrics');
  await page.getByTestId('saved-config-open').filter({ hasText: 'Monthly graph' }).click();
  await expect(page.getByTestId('report-type')).toContainText('Graph');
  await expect(page.getByTestId('report-time-scale').locator('.n-radio-button--checked')).toHaveText(
    'Monthly',
  );
  await expect(page.getByTestId('report-context-range')).toHaveCount(0);
  await expect(page.getByTestId('page-subtitle')).toHaveText('Monthly graph · Graph');
  await expectAccessible(page, 'a saved graph report');
});
