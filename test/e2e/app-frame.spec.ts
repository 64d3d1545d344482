import { expect, test } from './fixtures.ts';

// A returning user: with no profile the app would open on the welcome screen (first-run.spec.ts).
// Saved through the bridge, session-only, because these tests never reach the service.
test.beforeEach(async ({ webShell }) => {
  const url = 'https://service.example.com';
  await webShell.call('accounts:add', {
    name: 'Returning user',
    baseUrls: { library: url, scheduler: url, dashboard: url, community: url },
    brandIds: [1],
    token: 'not-used-by-these-tests',
    tokenStore: 'session',
  });
});

test('the app loads in the browser shell and shows its version', async ({ page, webShell }) => {
  await page.goto(webShell.url);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('app-version')).toHaveText(/\d+\.\d+\.\d+/);
  // The secret leaves the address bar once the page has it.
  await expect(page).not.toHaveURL(/secret=/);
});

test('a theme change survives a reload', async ({ page, webShell }) => {
  await page.goto(webShell.url);
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByTestId('theme-light').locator('input')).toBeChecked();
});

test('the bridge refuses a call without the secret', async ({ request, webShell }) => {
  const answer = await request.post(`${webShell.origin}/bridge/call/settings:get`, { data: {} });
  expect(answer.status()).toBe(401);
  const events = await request.get(`${webShell.origin}/bridge/events`);
  expect(events.status()).toBe(401);
});
