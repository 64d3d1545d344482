import { defineConfig } from '@playwright/test';
// Debian's Chromium (or CHROMIUM_PATH), never a downloaded browser. The background-networking
// flags keep it from calling home, which a closed network refuses noisily.
import { chromiumPath } from './scripts/system-packages.mjs';

export default defineConfig({
  outputDir: '.cache/test-results/playwright',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.cache/test-results/playwright.json' }]],
  // Each test starts a browser shell (and most a sandbox) of its own, often on a 2-core machine
  // other work shares, where a test runs two or three times slower than alone (22 s, then up to
  // 60): 90 s a test, fixtures included, and 20 s for any one thing to show.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  projects: [
    {
      name: 'web',
      testDir: 'test/e2e',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    { name: 'electron', testDir: 'test/electron' },
  ],
});
