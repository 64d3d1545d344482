/**
 * What a benchmark in Chromium needs around the app: the sandbox in its own process, and the
 * browser shell (the built renderer in out/, so `npm run build` first) on a user-data folder of
 * its own with one profile on that sandbox. The token goes to main once, through the shell's
 * accounts:add call, and never into a page.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { BaseUrls } from '../../src/shared/domain/index.ts';
import { startJsonProcess, stop } from '../../test/e2e/support/json-process.ts';

export const root = resolve(import.meta.dirname, '../..');

export interface SandboxReady {
  urls: BaseUrls;
  tokens: { user: string };
  brands: number[];
}

export interface RunningSandbox extends SandboxReady {
  stop(): Promise<void>;
}

/** `node src/sandbox/cli.ts --port 0 --json ...options`, ready when it says so. */
export async function startSandbox(options: string[] = []): Promise<RunningSandbox> {
  const sandbox = await startJsonProcess(
    [join(root, 'src/sandbox/cli.ts'), '--port', '0', '--json', ...options],
    { cwd: root },
  );
  return { ...(sandbox.ready as unknown as SandboxReady), stop: () => stop(sandbox.child) };
}

export interface ShellWithProfile {
  origin: string;
  /** A one-time link that opens the app in a page (each page needs its own). */
  freshUrl(): Promise<string>;
  /** A contract call through the shell's bridge, as a page would make it; throws its error. */
  call(name: string, input?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/** The browser shell on a fresh user-data folder, with a profile named `name` on `sandbox`. */
export async function startShellWithProfile(sandbox: SandboxReady, name: string): Promise<ShellWithProfile> {
  if (!existsSync(join(root, 'out/renderer/index.html'))) {
    throw new Error('no built renderer in out/renderer: run `npm run build` first');
  }
  const userData = mkdtempSync(join(tmpdir(), 'socialdesk-bench-'));
  const shell = await startJsonProcess(
    [join(root, 'src/main/web/cli.ts'), '--port', '0', '--json', '--user-data', userData],
    // Tokens kept apart from the user's own Socialdesk entries (and from another bench's).
    { cwd: root, env: { ...process.env, SOCIALDESK_KEYCHAIN_SERVICE: `Socialdesk-bench-${process.pid}` } },
  );
  const origin = String(shell.ready.origin);
  async function freshUrl(): Promise<string> {
    shell.send('');
    return String((await shell.nextJson((line) => 'url' in line && !('ready' in line))).url);
  }
  // A session of the driver's own: a one-time link answers with the session cookie.
  const session = (await fetch(await freshUrl(), { redirect: 'manual' })).headers
    .getSetCookie()[0]!
    .split(';')[0]!;
  async function call(callName: string, input?: unknown): Promise<unknown> {
    const response = await fetch(`${origin}/bridge/call/${callName}`, {
      method: 'POST',
      headers: { cookie: session, 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    const answer = (await response.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
    if (!answer.ok) throw new Error(`${callName}: ${answer.error?.message}`);
    return answer.value;
  }
  await call('accounts:add', {
    name,
    baseUrls: sandbox.urls,
    brandIds: sandbox.brands,
    token: sandbox.tokens.user,
    tokenStore: 'session',
  });
  return {
    origin,
    freshUrl,
    call,
    stop: async () => {
      await stop(shell.child);
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

/** The machine's Chromium (CHROMIUM_PATH to use another), as every Chromium bench runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}
