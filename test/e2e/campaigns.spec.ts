import type { Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { pickOption } from './support/naive-select.ts';

// The Campaigns area against a sandbox of the test's own: what the page shows is checked against
// what the sandbox itself answers.

interface ServiceCampaign {
  id: number;
  name: string;
  number_of_media: number;
  top_media: { id: number }[];
}

async function serviceCampaigns(sandbox: SandboxService, query: string): Promise<ServiceCampaign[]> {
  const answer = await sandbox.request<{ data: ServiceCampaign[] }>(
    'library',
    `/brands/101/campaigns?${query}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}
const serviceCampaign = async (sandbox: SandboxService, id: number) =>
  (await serviceCampaigns(sandbox, `ids=${id}`))[0]!;

/** Finds the campaign by its name (a long list draws only the rows in view) and opens it. */
async function openCampaign(page: Page, { id, name }: { id: number; name: string }) {
  await page.getByTestId('nav-campaigns').click();
  await page.getByTestId('campaign-search').locator('input').fill(name);
  await page.keyboard.press('Enter');
  await page.locator(`[data-testid="campaign-row"][data-id="${id}"]`).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Campaign');
}

test.use({ chosenBrands: [101] });

test('a seeded campaign shows every statistics group the sandbox answers', async ({ page, sandbox }) => {
  const [newest] = await serviceCampaigns(sandbox, 'limit=1');
  await openCampaign(page, newest!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest!.name);

  const overview = await sandbox.request<{ data: Record<string, Record<string, number>> }>(
    'library',
    `/brands/101/campaigns/${newest!.id}/stats/overview`,
  );
  const groups = Object.keys(overview.body.data);
  expect(groups.length).toBeGreaterThanOrEqual(16);
  const cards = page.getByTestId('stats-group');
  await expect(cards).toHaveCount(groups.length);
  for (const group of groups) {
    const card = page.locator(`[data-testid="stats-group"][data-group="${group}"]`);
    await expect(card).toBeVisible();
    await expect(card.locator('[data-leaf]')).toHaveCount(Object.keys(overview.body.data[group]!).length);
  }
  const media = overview.body.data.overview!.number_of_media!;
  await expect(page.locator('[data-group="overview"] [data-leaf="number_of_media"] dd')).toHaveText(
    media.toLocaleString('en-US'),
  );
  await expect(page.getByTestId('stats-chart')).toBeVisible();
  await expectAccessible(page, "a campaign's statistics");
});

test('a renamed campaign shows its new name in the list', async ({ page, sandbox }) => {
  const [first] = await serviceCampaigns(sandbox, 'limit=1&sort=NAME');
  await openCampaign(page, first!);
  await page.getByTestId('tab-edit').click();
  await expect(page.getByTestId('edit-name')).toBeVisible();
  await expectAccessible(page, "a campaign's edit form");
  const name = `Renamed ${Date.now().toString(36)}`;
  await page.getByTestId('edit-name').locator('input').fill(name);
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-saved')).toBeVisible();
  expect((await serviceCampaign(sandbox, first!.id)).name).toBe(name);

  await page.getByTestId('campaign-back').click();
  await page.getByTestId('campaign-search').locator('input').fill(name);
  await page.keyboard.press('Enter');
  const row = page.locator(`[data-testid="campaign-row"][data-id="${first!.id}"]`);
  await expect(row.getByTestId('campaign-name')).toHaveText(name);
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);
});

test('added media change the count, as the sandbox counts them', async ({ page, sandbox }) => {
  // The smallest campaign, and media the biggest campaigns hold but its best ones are not.
  const [smallest] = await serviceCampaigns(sandbox, 'limit=1&sort=NUMBER_OF_MEDIA');
  const biggest = await serviceCampaigns(sandbox, 'limit=10&sort=-NUMBER_OF_MEDIA');
  const own = new Set(smallest!.top_media.map((media) => media.id));
  const candidates = [...new Set(biggest.flatMap((c) => c.top_media.map((media) => media.id)))].filter(
    (id) => !own.has(id),
  );
  const before = smallest!.number_of_media;

  await openCampaign(page, smallest!);
  await expect(page.locator('[data-figure="Media"] dd')).toHaveText(String(before));
  await page.getByTestId('tab-media').click();
  await page.getByTestId('add-media-ids').locator('input').fill(candidates.join(', '));
  await page.getByTestId('add-media-submit').click();
  await expect(page.getByTestId('add-media-result')).toBeVisible();

  const after = (await serviceCampaign(sandbox, smallest!.id)).number_of_media;
  expect(after).toBeGreaterThan(before);
  await expect(page.locator('[data-figure="Media"] dd')).toHaveText(after.toLocaleString('en-US'));
  await expect(page.getByTestId('add-media-result')).toContainText(`now has ${after}`);
  await expectAccessible(page, "a campaign's media");
  await expect(page.locator('[data-group="overview"] [data-leaf="number_of_media"] dd')).toHaveCount(0);
  await page.getByTestId('tab-stats').click();
  await expect(page.locator('[data-group="overview"] [data-leaf="number_of_media"] dd')).toHaveText(
    after.toLocaleString('en-US'),
  );
});

test('the filters live in the address: a reload, and a campaign and back, keep them', async ({
  page,
  sandbox,
}) => {
  const word = 'Summer';
  const expected = await serviceCampaigns(sandbox, `search=*${word}*&has_creators=true&sort=-NAME&limit=50`);
  // More than one, so the order shows; few enough for the list to draw them all (a screen and
  // eight more rows).
  expect(expected.length).toBeGreaterThan(1);
  expect(expected.length).toBeLessThanOrEqual(12);
  const names = expected.map((campaign) => campaign.name);
  const search = page.getByTestId('campaign-search').locator('input');
  const listed = page.getByTestId('campaign-name');
  const filteredAddress = /#\/campaigns\?(?=.*q=Summer)(?=.*sort=-NAME)(?=.*creators=with)/;

  await page.getByTestId('nav-campaigns').click();
  await search.fill(word);
  await page.keyboard.press('Enter');
  await pickOption(page, page.getByTestId('campaign-sort'), 'Name');
  await pickOption(page, page.getByTestId('campaign-creators'), 'With creators');
  await expect(page).toHaveURL(filteredAddress);
  await expect(listed).toHaveText(names);
  await expectAccessible(page, 'the campaigns');

  await page.reload();
  await expect(listed).toHaveText(names);
  await expect(search).toHaveValue(word);
  await expect(page.getByTestId('campaign-sort')).toContainText('Name');
  await expect(page.getByTestId('campaign-creators')).toContainText('With creators');

  // The page's own link back, then the browser's back.
  const heading = page.getByRole('heading', { level: 1 });
  await page.locator(`[data-testid="campaign-row"][data-id="${expected[1]!.id}"]`).click();
  await expect(heading).toHaveText(names[1]!);
  await page.getByTestId('campaign-back').click();
  await expect(heading).toHaveText('Campaigns');
  await expect(page).toHaveURL(filteredAddress);
  await expect(listed).toHaveText(names);
  await expect(search).toHaveValue(word);

  await page.locator(`[data-testid="campaign-row"][data-id="${expected[0]!.id}"]`).click();
  await expect(heading).toHaveText(names[0]!);
  await page.goBack();
  await expect(heading).toHaveText('Campaigns');
  await expect(page).toHaveURL(filteredAddress);
  await expect(listed).toHaveText(names);
});
