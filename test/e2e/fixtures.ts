import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startJsonProcess, stop, type JsonProcess } from './support/json-process.ts';
import { seedSandboxDatabase, startSandboxService, type SandboxService } from './support/sandbox-service.ts';

export type { SandboxService } from './support/sandbox-service.ts';

export interface WebShellProcess {
  /**
   * A link the shell printed: `<origin>/connect?code=…`. Its code works once, for a minute: the
   * page that opens it gets the session cookie and lands on the app. Minted while the fixture is
   * set up, so it is still good when the test opens it.
   */
  url: string;
  origin: string;
  userDataDir: string;
  /** The shell's own keychain service name, so tests never touch the user's entries. */
  keychainService: string;
  /** Another one-time link, for a second page or browser (asks the shell, as Enter would). */
  freshUrl(): Promise<string>;
  /** Calls the bridge directly (setup and clean-up, never what a test asserts on). */
  call(name: string, input?: unknown): Promise<unknown>;
}

/** The profile the app fixture saves: the sandbox's addresses, the user token (session only). */
export interface SandboxProfile {
  id: string;
  name: string;
  /** The brands chosen in the brand picker (all the sandbox's brands unless `chosenBrands`). */
  chosenBrands: number[];
}

const root = resolve(import.meta.dirname, '../..');

/**
 * Starts `src/main/web/cli.ts` with a keychain service name of its own, and extra arguments and
 * environment if given (`--open` with a stand-in opener on the PATH, say).
 */
export async function launchWebShell(
  userDataDir: string,
  extra: { args?: string[]; env?: NodeJS.ProcessEnv; keychainService?: string } = {},
): Promise<{ child: ChildProcess; info: WebShellProcess; nextJson: JsonProcess['nextJson'] }> {
  const keychainService = extra.keychainService ?? `Socialdesk-e2e-${randomUUID()}`;
  const { child, ready, nextJson, send } = await startJsonProcess(
    [
      join(root, 'src/main/web/cli.ts'),
      '--port',
      '0',
      '--json',
      '--user-data',
      userDataDir,
      ...(extra.args ?? []),
    ],
    { cwd: root, env: { ...process.env, ...extra.env, SOCIALDESK_KEYCHAIN_SERVICE: keychainService } },
  );
  const origin = String(ready.origin);
  // One request at a time: the shell answers each line with a `{url}` line, in order.
  let asking = Promise.resolve('');
  function freshUrl(): Promise<string> {
    asking = asking.then(async () => {
      send('');
      return String((await nextJson((line) => 'url' in line && !('browser' in line))).url);
    });
    return asking;
  }
  // The fixture's own session, from a link of its own, as a browser would get one.
  const connected = await fetch(await freshUrl(), { redirect: 'manual' });
  const cookie = connected.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('the browser shell gave no session cookie for a fresh link');
  async function call(name: string, input?: unknown): Promise<unknown> {
    const response = await fetch(`${origin}/bridge/call/${name}`, {
      method: 'POST',
      headers: { cookie: cookie!, 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    const answer = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!answer.ok) throw new Error(`${name} failed: ${answer.error?.message}`);
    return answer.value;
  }
  const info: WebShellProcess = {
    url: String(ready.url),
    origin,
    userDataDir,
    keychainService,
    freshUrl,
    call,
  };
  return { child, info, nextJson };
}

/** The `webShell` fixture's shell, which a test may quit and open again. */
export interface RestartableWebShell extends WebShellProcess {
  /**
   * Quits the app and opens it again: closes the pages (as the app's window goes with it), stops
   * the shell's process (main: the services and the profile's databases) and starts a new one on
   * the same user-data folder and keychain name. Answers the new shell; the fixture cleans it up.
   */
  restart(): Promise<WebShellProcess>;
}

/**
 * Removes every profile through the app itself, which deletes their keychain entries: a test
 * run must leave nothing behind in the keychain of the machine it ran on.
 */
async function removeProfiles(shell: WebShellProcess): Promise<void> {
  const list = (await shell.call('accounts:list')) as { profiles: { id: string }[] };
  for (const { id } of list.profiles) await shell.call('accounts:remove', { id });
}

/**
 * A fresh browser shell per test, on a user-data folder of its own and without a profile (the
 * first run), and a sandbox service for the tests that ask for one. For tests about the welcome
 * screen and connecting an account; the areas' tests use `test` below.
 */
export const shellTest = base.extend<
  { webShell: RestartableWebShell; sandbox: SandboxService; sandboxArgs: string[] },
  { seededSandboxDb: string }
>({
  /** `test.use({ sandboxArgs: ['--faults', '0.3'] })`: more options for the test's sandbox. */
  sandboxArgs: [[], { option: true }],

  seededSandboxDb: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const folder = mkdtempSync(join(tmpdir(), 'socialdesk-e2e-seed-'));
      const file = join(folder, 'seeded.db');
      await seedSandboxDatabase(file);
      try {
        await use(file);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    // Seeding takes several seconds, many more on a busy machine: once per worker, on its own clock.
    { scope: 'worker', timeout: 120_000 },
  ],

  webShell: async ({ browser }, use) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-e2e-'));
    // The shell's process closes only once its pages' event streams have: close this worker's.
    const closePages = () =>
      Promise.all(browser.contexts().flatMap((context) => context.pages().map((page) => page.close())));
    let shell = await launchWebShell(userDataDir);
    const restart = async () => {
      await closePages();
      await stop(shell.child);
      shell = await launchWebShell(userDataDir, { keychainService: shell.info.keychainService });
      return shell.info;
    };
    try {
      await use({ ...shell.info, restart });
    } finally {
      await removeProfiles(shell.info).catch((error: Error) =>
        console.warn(`e2e clean-up: ${error.message}`),
      );
      // A test's page may still be open here (fixtures tear down in reverse order of setup).
      await closePages();
      await stop(shell.child);
      rmSync(userDataDir, { recursive: true, force: true });
    }
  },

  sandbox: async ({ seededSandboxDb, sandboxArgs }, use) => {
    const folder = mkdtempSync(join(tmpdir(), 'socialdesk-e2e-sandbox-'));
    try {
      const sandbox = await startSandboxService(seededSandboxDb, folder, sandboxArgs);
      try {
        await use(sandbox);
      } finally {
        await sandbox.stop();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
});

/**
 * The fixture every area's end-to-end tests use: a fresh browser shell with one profile on the
 * test's own sandbox (its addresses and user token, kept for the session only, so no keychain is
 * involved), the brand picker on `chosenBrands`, and `page` already in the app through a
 * one-time link, on the first area. `sandbox.stopHoldingPort()` / `sandbox.start()` take the
 * service away and bring it back on the same address; `sandbox.request()` asks it directly.
 */
export const test = shellTest.extend<{ chosenBrands: number[] | undefined; sandboxProfile: SandboxProfile }>({
  /** `test.use({ chosenBrands: [101] })`: the brands chosen in the picker (default: all three). */
  chosenBrands: [undefined, { option: true }],

  sandboxProfile: async ({ webShell, sandbox, chosenBrands }, use) => {
    const name = 'Sandbox brands';
    const profile = (await webShell.call('accounts:add', {
      name,
      baseUrls: sandbox.urls,
      brandIds: sandbox.brands,
      token: sandbox.tokens.user,
      tokenStore: 'session',
    })) as { id: string };
    const { selected } = (
      chosenBrands
        ? await webShell.call('brands:select', { brandIds: chosenBrands })
        : await webShell.call('brands:get')
    ) as { selected: number[] };
    await use({ id: profile.id, name, chosenBrands: selected });
  },

  page: async ({ page, webShell, sandboxProfile }, use) => {
    await page.goto(await webShell.freshUrl());
    await expect(page.getByTestId('active-profile')).toHaveText(sandboxProfile.name);
    await use(page);
  },
});

export { expect };
