import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base } from '@playwright/test';
import { startJsonProcess, stop, type JsonProcess } from './support/json-process.ts';

export interface WebShellProcess {
  /**
   * A link the shell printed: `<origin>/connect?code=…`. Its code works once, for a minute: the
   * page that opens it gets the session cookie and lands on the app. Minted while the fixture is
   * set up, which counts toward the test's 30 s timeout, so it is still good when the test opens it.
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

/** A sandbox service of its own, as a user would run one (`npm run sandbox`). */
export interface SandboxProcess {
  urls: { library: string; scheduler: string; dashboard: string; community: string };
  tokens: { application: string; user: string };
  brands: number[];
}

const root = resolve(import.meta.dirname, '../..');

/**
 * Starts `src/main/web/cli.ts` with a keychain service name of its own, and extra arguments and
 * environment if given (`--open` with a stand-in opener on the PATH, say).
 */
export async function launchWebShell(
  userDataDir: string,
  extra: { args?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<{ child: ChildProcess; info: WebShellProcess; nextJson: JsonProcess['nextJson'] }> {
  const keychainService = `Socialdesk-e2e-${randomUUID()}`;
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

/**
 * Removes every profile through the app itself, which deletes their keychain entries: a test
 * run must leave nothing behind in the keychain of the machine it ran on.
 */
async function removeProfiles(shell: WebShellProcess): Promise<void> {
  const list = (await shell.call('accounts:list')) as { profiles: { id: string }[] };
  for (const { id } of list.profiles) await shell.call('accounts:remove', { id });
}

/** A browser shell per test, each with a fresh profile folder; a sandbox for those that ask. */
export const test = base.extend<{ webShell: WebShellProcess; sandbox: SandboxProcess }>({
  webShell: async ({ browser }, use) => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-e2e-'));
    const { child, info } = await launchWebShell(userDataDir);
    try {
      await use(info);
    } finally {
      await removeProfiles(info).catch((error: Error) => console.warn(`e2e clean-up: ${error.message}`));
      // The shell waits for open event streams before it exits, and a test's page may still be
      // open here (fixtures tear down in reverse order of setup): close this worker's pages first.
      await Promise.all(browser.contexts().flatMap((context) => context.pages().map((page) => page.close())));
      await stop(child);
      rmSync(userDataDir, { recursive: true, force: true });
    }
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  sandbox: async ({}, use) => {
    const { child, ready } = await startJsonProcess(
      [join(root, 'src/sandbox/cli.ts'), '--port', '0', '--json'],
      {
        cwd: root,
      },
    );
    const { urls, tokens, brands } = ready as unknown as SandboxProcess;
    try {
      await use({ urls, tokens, brands });
    } finally {
      await stop(child);
    }
  },
});

export { expect } from '@playwright/test';
