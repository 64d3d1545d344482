import { resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from '../../scripts/electron-binary.mjs';

const { binary } = electronBinary({ download: false });
// npm test gives this run a virtual display (xvfb-run -a) where Linux has none; run alone, say so.
const noDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const skipReason = !binary
  ? 'no Electron binary is installed here (its download is blocked or offline)'
  : noDisplay
    ? 'no display; run it through npm test, or: xvfb-run -a npx playwright test --project electron'
    : null;
if (skipReason) console.log(`Electron smoke test skipped: ${skipReason}.`);

test('the Electron app opens one hardened window with the renderer', async () => {
  test.skip(skipReason !== null, skipReason ?? '');
  const app = await electron.launch({
    executablePath: binary!,
    args: [resolve(import.meta.dirname, '../..'), '--no-sandbox'],
  });
  const window = await app.firstWindow();
  await expect(window.getByTestId('app-shell')).toBeVisible();
  // Served over the app scheme (src/main/electron/app-protocol.ts), with its own origin, not file://.
  expect(window.url()).toMatch(/^app:\/\/socialdesk\/index\.html(#.*)?$/);
  const origin = await window.evaluate(
    () => (globalThis as unknown as { location: { origin: string } }).location.origin,
  );
  expect(origin).toBe('app://socialdesk');
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  // Isolated and sandboxed: the page sees the contract API and nothing of Node or ipcRenderer.
  const page = await window.evaluate(() => {
    const global = window as unknown as Record<string, unknown>;
    const api = global.socialdesk as Record<string, unknown> | undefined;
    return {
      require: typeof global.require,
      process: typeof global.process,
      info: typeof api?.['app:info'],
      ipc: typeof api?.ipcRenderer,
    };
  });
  expect(page).toEqual({ require: 'undefined', process: 'undefined', info: 'function', ipc: 'undefined' });
  await app.close();
});
