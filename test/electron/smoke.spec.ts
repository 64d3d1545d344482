import { resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from '../../scripts/electron-binary.mjs';

const { binary } = electronBinary({ download: false });
if (!binary) {
  console.log('Electron smoke test skipped: no Electron binary is installed here (its download is blocked or offline).');
}

test('the Electron app opens one hardened window with the renderer', async () => {
  test.skip(!binary, 'no Electron binary installed');
  const app = await electron.launch({ executablePath: binary!, args: [resolve(import.meta.dirname, '../..'), '--no-sandbox'] });
  const window = await app.firstWindow();
  await expect(window.getByTestId('app-shell')).toBeVisible();
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    const web = BrowserWindow.getAllWindows()[0]!.webContents;
    return { isolated: web.getLastWebPreferences()?.contextIsolation, sandbox: web.getLastWebPreferences()?.sandbox };
  });
  expect(prefs).toEqual({ isolated: true, sandbox: true });
  expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
  await app.close();
});
