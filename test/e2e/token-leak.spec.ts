import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { recordBridge, recordedAnswers, type RecordedAnswer } from './support/bridge-recorder.ts';
import { fillProfileForm, openConnectForm, profileRow, sandboxProfile } from './support/profile-form.ts';

/** Every file under a folder, as text (binary files read byte for byte, so a token still shows). */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path, 'latin1') };
    });
}

/** What the renderer keeps on its side: both storages, cookies and IndexedDB database names. */
async function rendererStorage(page: Page) {
  const storage = await page.evaluate(async () => {
    const scope = globalThis as unknown as {
      localStorage: Storage;
      sessionStorage: Storage;
      indexedDB: { databases(): Promise<{ name?: string }[]> };
    };
    const dump = (s: Storage) =>
      Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i)!)]));
    return {
      local: dump(scope.localStorage),
      session: dump(scope.sessionStorage),
      indexedDB: (await scope.indexedDB.databases()).map((db) => db.name ?? ''),
    };
  });
  return { ...storage, cookies: await page.context().cookies() };
}

test('the token appears in no answer, event, renderer storage or settings file', async ({
  page,
  webShell,
  sandbox,
}) => {
  const tokens = [sandbox.tokens.user, sandbox.tokens.application];
  const recorded: RecordedAnswer[] = [];
  await recordBridge(page);
  await page.goto(webShell.url);

  // Connect with the user token: test the form's values, then save.
  const form = await openConnectForm(page);
  await fillProfileForm(form, sandboxProfile(sandbox, 'Main brand'));
  await form.getByTestId('form-test').click();
  await expect(form.getByTestId('test-result')).toHaveAttribute('data-ok', 'true');
  await form.getByTestId('form-save').click();
  await expect(page.getByTestId('active-profile')).toHaveText('Main brand');

  // A second profile with the application token, from Settings.
  await page.getByTestId('add-profile').click();
  const second = page.getByTestId('profile-form');
  await fillProfileForm(second, sandboxProfile(sandbox, 'App brand', sandbox.tokens.application));
  await second.getByTestId('form-save').click();
  await expect(page.getByTestId('active-profile')).toHaveText('App brand');

  // Switch, test each, change a setting: the calls a session makes.
  const main = profileRow(page, 'Main brand');
  await main.getByTestId('profile-switch').click();
  await expect(page.getByTestId('active-profile')).toHaveText('Main brand');
  await main.getByTestId('profile-test').click();
  await expect(main.getByTestId('test-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.locator('aside').getByTestId('rate-meter')).toBeVisible();
  const app = profileRow(page, 'App brand');
  await app.getByTestId('profile-test').click();
  await expect(app.getByTestId('test-result')).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Nothing typed survives in the page: the token fields were cleared with their forms.
  const inputs = await page
    .locator('input')
    .evaluateAll((els) => els.map((el) => (el as unknown as { value: string }).value));
  for (const token of tokens) expect(inputs.join('\n')).not.toContain(token);

  // A reload lists everything again, from a fresh page.
  recorded.push(...(await recordedAnswers(page)));
  await page.reload();
  await expect(page.getByTestId('active-profile')).toHaveText('Main brand');
  await expect(profileRow(page, 'App brand')).toBeVisible();
  recorded.push(...(await recordedAnswers(page)));

  // The recording saw the session, so its silence about the token means something.
  const urls = recorded.map((r) => r.url);
  for (const call of [
    'accounts:list',
    'accounts:add',
    'accounts:test',
    'accounts:switch',
    'settings:update',
  ]) {
    expect(
      urls.some((url) => url.endsWith(`/bridge/call/${call}`)),
      `an answer of ${call}`,
    ).toBe(true);
  }
  const lists = recorded.filter((r) => r.url.endsWith('/bridge/call/accounts:list'));
  expect(lists.some((r) => r.body.includes('Main brand') && r.body.includes('App brand'))).toBe(true);
  expect(
    recorded.some((r) => r.url.endsWith('/bridge/events') && r.body.includes('event: rate:status')),
  ).toBe(true);
  for (const { url, body } of recorded) {
    for (const token of tokens) expect(body, `answer of ${url}`).not.toContain(token);
  }

  const storage = await rendererStorage(page);
  // The bridge secret is there (so the dump works); no token is.
  expect(Object.keys(storage.session)).toContain('socialdesk.bridgeSecret');
  const kept = JSON.stringify(storage);
  for (const token of tokens) expect(kept).not.toContain(token);

  const settingsFile = join(webShell.userDataDir, 'settings.json');
  expect(existsSync(settingsFile)).toBe(true);
  expect(readFileSync(settingsFile, 'utf8')).toContain('Main brand');
  for (const file of filesUnder(webShell.userDataDir)) {
    for (const token of tokens) expect(file.text, file.path).not.toContain(token);
  }
});
