import type { Page } from '@playwright/test';
import { expect, shellTest, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { rendererStorage } from './support/leak-sources.ts';

test('the app opens on its first area and shows its version in Settings', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  // The shell traded the link's code for a cookie and sent the page on without it.
  await expect(page).not.toHaveURL(/code=/);
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('app-version')).toHaveText(/\d+\.\d+\.\d+/);
  await expectAccessible(page, 'Settings');
});

test('the side bar says online once the service has answered, with no draft sent', async ({ page }) => {
  await expect(page.getByTestId('inbox-row').first()).toBeVisible();
  await expect(page.getByTestId('connection-label')).toHaveText('Online');
  await expectAccessible(page, 'the inbox');
});

/** What the bridge answers this page's own call (the browser adds whatever cookie it holds). */
function bridgeStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const scope = globalThis as unknown as { fetch: typeof fetch };
    const answer = await scope.fetch('/bridge/call/settings:get', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return answer.status;
  });
}

// On the welcome screen: what a link and its cookie do does not depend on a profile.
shellTest(
  'a link connects one browser, once, with a session cookie no script can read',
  async ({ page, browser, webShell }) => {
    await page.goto(webShell.url);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    expect(await bridgeStatus(page)).toBe(200);

    const [cookie, ...others] = await page.context().cookies();
    expect(others).toEqual([]);
    // HttpOnly, only for the bridge, gone when the browser closes (expires -1: a session cookie).
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/bridge', expires: -1 });
    expect(
      await page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie),
    ).toBe('');
    // Nor does the page keep the credential anywhere a script could read it back.
    const { local, session } = await rendererStorage(page);
    expect(JSON.stringify({ local, session })).not.toContain(cookie!.value);

    // The same link, opened in another browser: its code is spent, so that browser gets nothing.
    const other = await browser.newContext();
    const late = await other.newPage();
    await late.goto(webShell.url);
    await expect(late).not.toHaveURL(/code=/);
    expect(await other.cookies()).toEqual([]);
    expect(await bridgeStatus(late)).toBe(401);
    await other.close();
  },
);

test('a theme change survives a reload', async ({ page }) => {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByTestId('theme-light').locator('input')).toBeChecked();
});

shellTest('the bridge refuses a call without the session cookie', async ({ request, webShell }) => {
  const answer = await request.post(`${webShell.origin}/bridge/call/settings:get`, { data: {} });
  expect(answer.status()).toBe(401);
  const events = await request.get(`${webShell.origin}/bridge/events`);
  expect(events.status()).toBe(401);
});
