import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';

// A campaign's one period, and the list following the side bar's brands, against a sandbox of
// the test's own: what the page shows is checked against what the sandbox itself answers.

interface ServiceCampaign {
  id: number;
  brand_id: number;
  name: string;
}

async function serviceList(sandbox: SandboxService, brand: number, query = '') {
  const answer = await sandbox.request<{ data: ServiceCampaign[]; paging: { count: number } }>(
    'library',
    `/brands/${brand}/campaigns?limit=1000&${query}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

async function serviceOverview(sandbox: SandboxService, brand: number, id: number, query = '') {
  const answer = await sandbox.request<{ data: Record<string, Record<string, number>> }>(
    'library',
    `/brands/${brand}/campaigns/${id}/stats/overview?${query}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** The person's calendar day `back` days ago, YYYY-MM-DD (the browser runs on this machine's clock and zone). */
function localDay(back: number): string {
  const day = new Date();
  day.setDate(day.getDate() - back);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

test.describe('one brand chosen', () => {
  test.use({ chosenBrands: [101] });

  test('the headline figures and the goals read the period chosen, and the page says which', async ({
    page,
    sandbox,
  }) => {
    const { data } = await serviceList(sandbox, 101, 'sort=-NUMBER_OF_MEDIA');
    const campaign = data[0]!;
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-search').locator('input').fill(campaign.name);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="campaign-row"][data-id="${campaign.id}"]`).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign.name);

    const period = page.getByTestId('campaign-period');
    const engagements = page.locator('[data-figure="Engagements"] dd');
    const media = page.locator('[data-figure="Media"] dd');
    await expect(period).toContainText('All time');
    const all = (await serviceOverview(sandbox, 101, campaign.id)).overview!;
    await expect(engagements).toHaveText(all.engagements!.toLocaleString('en-US'));
    await expect(media).toHaveText(all.number_of_media!.toLocaleString('en-US'));

    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const from = localDay(29);
    const to = localDay(0);
    const last = (await serviceOverview(sandbox, 101, campaign.id, `start_date=${from}&end_date=${to}`))
      .overview!;
    await expect(period).toContainText('Last 30 days · ');
    await expect(engagements).toHaveText(last.engagements!.toLocaleString('en-US'));
    await expect(media).toHaveText(last.number_of_media!.toLocaleString('en-US'));
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page, "a campaign's figures for the last 30 days");

    // The statistics tab reads the same period and says so.
    await page.getByTestId('tab-stats').click();
    await expect(page.getByRole('region', { name: 'Statistics' })).toContainText('Last 30 days · ');
    await expect(page.locator('[data-group="overview"] [data-leaf="engagements"] dd')).toHaveText(
      last.engagements!.toLocaleString('en-US'),
    );
  });
});

test.describe('two brands chosen', () => {
  test.use({ chosenBrands: [101, 102] });

  test("the list is every chosen brand's campaigns, with no brand selector of its own", async ({
    page,
    sandbox,
  }) => {
    const counts = await Promise.all(
      [101, 102].map(async (brand) => (await serviceList(sandbox, brand)).paging.count),
    );
    await page.getByTestId('nav-campaigns').click();
    await expect(page.getByTestId('page-subtitle')).toHaveText(
      `${(counts[0]! + counts[1]!).toLocaleString('en-US')} campaigns in 2 brands`,
    );
    await expect(page.getByRole('combobox', { name: 'Brand', exact: true })).toHaveCount(0);
    // Newest first across both brands; each row names its brand.
    const rows = page.getByTestId('campaign-row');
    await expect(rows.first()).toContainText(/Brand 10[12] ·/);
    await page.getByTestId('campaign-search').locator('input').fill('zzzz-no-such-campaign');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No campaign matches these filters')).toBeVisible();
    await expectAccessible(page, 'the campaigns of two brands');
  });
});
