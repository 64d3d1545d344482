import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
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
  /** The shell's own keychain service name, so tests never touch the user's entries. */
  keychainService: string;
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

/** Spawns a Node script that prints one JSON line when ready, and waits for that line. */
async function startJsonProcess<T>(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((ready, fail) => {
    lines.once('line', ready);
    child.once('exit', (code) => fail(new Error(`${args[0]} exited with ${code} before it was ready`)));
  });
  return { child, ready: JSON.parse(first) as T };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Starts `src/main/web/cli.ts` with a keychain service name of its own. */
async function startShell(userDataDir: string) {
  const keychainService = `Socialdesk-e2e-${randomUUID()}`;
  const { child, ready } = await startJsonProcess<{ url: string; origin: string }>(
    [join(root, 'src/main/web/cli.ts'), '--port', '0', '--json', '--user-data', userDataDir],
    { ...process.env, SOCIALDESK_KEYCHAIN_SERVICE: keychainService },
  );
  const secret = new URL(ready.url).hash.replace(/^#secret=/, '');
  async function call(name: string, input?: unknown): Promise<unknown> {
    const response = await fetch(`${ready.origin}/bridge/call/${name}`, {
      method: 'POST',
      headers: { 'x-socialdesk-secret': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    const answer = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!answer.ok) throw new Error(`${name} failed: ${answer.error?.message}`);
    return answer.value;
  }
  const info: WebShellProcess = { url: ready.url, origin: ready.origin, userDataDir, keychainService, call };
  return { child, info };
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
    const { child, info } = await startShell(userDataDir);
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
    const { child, ready } = await startJsonProcess<SandboxProcess>([
      join(root, 'src/sandbox/cli.ts'),
      '--port',
      '0',
      '--json',
    ]);
    try {
      await use({ urls: ready.urls, tokens: ready.tokens, brands: ready.brands });
    } finally {
      await stop(child);
    }
  },
});

export { expect } from '@playwright/test';
