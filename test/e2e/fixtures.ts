import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';

export interface WebShellProcess {
  /** The URL the shell printed, secret in the fragment. */
  url: string;
  origin: string;
  userDataDir: string;
}

const root = resolve(import.meta.dirname, '../..');

/** Starts `src/main/web/cli.ts` and waits for its ready line on stdout. */
async function startShell(userDataDir: string): Promise<{ child: ChildProcess; info: WebShellProcess }> {
  const child = spawn(process.execPath, [join(root, 'src/main/web/cli.ts'), '--port', '0', '--json', '--user-data', userDataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((ready, fail) => {
    lines.once('line', ready);
    child.once('exit', (code) => fail(new Error(`web shell exited with ${code} before it was ready`)));
  });
  const { url, origin } = JSON.parse(first) as { url: string; origin: string };
  return { child, info: { url, origin, userDataDir } };
}

/** A browser shell per test, each with a fresh profile folder. */
export const test = base.extend<{ webShell: WebShellProcess }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  webShell: async ({}, use) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-e2e-'));
    const { child, info } = await startShell(userDataDir);
    await use(info);
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(userDataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
