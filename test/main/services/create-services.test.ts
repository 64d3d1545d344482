import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecretStore, type KeychainEntry } from '../../../src/main/services/accounts/secret-store.ts';
import { createLocalSandboxStarter } from '../../../src/main/services/accounts/local-sandbox.ts';
import { createServices, type Services } from '../../../src/main/services/create-services.ts';
import { createWebPlatform } from '../../../src/main/web/web-platform.ts';
import type { CallName } from '../../../src/shared/contract/index.ts';
import { startTestSandbox } from './support/sandbox.ts';

// The first run's "Explore with the local sandbox" and the next launch, on a machine without a
// keychain: the sandbox profile must work again after a restart although its token was
// session-only and the user never saw it.
const noKeychain = () =>
  new SecretStore({
    service: 'Socialdesk-test-services',
    entry: () => {
      throw new Error('org.freedesktop.DBus.Error.ServiceUnknown: no Secret Service');
    },
  });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A keychain that outlives the app, as the OS one does: an injected one (over a map the test
 * keeps), so this runs the same whether or not the machine has a Secret Service.
 */
function lastingKeychain(entries: Map<string, string>) {
  return new SecretStore({
    service: 'Socialdesk-test-services',
    entry: (service, account): KeychainEntry => ({
      setPassword: async (password) => void entries.set(`${service}/${account}`, password),
      getPassword: async () => entries.get(`${service}/${account}`) ?? null,
      deleteCredential: async () => entries.delete(`${service}/${account}`),
    }),
  });
}

function launch(userDataDir: string, options: { fetch?: typeof fetch; secrets?: SecretStore } = {}) {
  const store = new Conf<Record<string, unknown>>({
    projectName: 'socialdesk',
    cwd: userDataDir,
    configName: 'settings',
  });
  const localSandbox = createLocalSandboxStarter(userDataDir);
  const services = createServices({
    platform: createWebPlatform({ appVersion: '0.0.0', userDataDir, downloadsFolder: () => null }),
    store,
    secrets: options.secrets ?? noKeychain(),
    localSandbox,
    fetch: options.fetch,
  });
  cleanups.push(() => services.close());
  // The test reads the sandbox's token from the starter, as main does: the app never shows it.
  return Object.assign(services, { localSandbox });
}

/** Keeps `port` (loopback) taken until the test ends; taken by another process serves as well. */
async function occupy(port: number): Promise<void> {
  // It takes connections and never answers: the app's background reads (the inbox copy's fill)
  // may knock there before the profile moves on; they are cut when the test ends.
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((socket) => void sockets.add(socket));
  const listening = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening)
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        }),
    );
}

function freshUserDataDir(): string {
  const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-services-'));
  cleanups.push(() => rmSync(userDataDir, { recursive: true, force: true }));
  return userDataDir;
}

async function call(services: Services, name: CallName, input?: unknown) {
  return (services.handlers[name] as (input: unknown) => Promise<unknown>)(input);
}

describe('services: the local sandbox across restarts', () => {
  it('opens a sandbox profile in one call and finds it working again after a restart', async () => {
    const userDataDir = freshUserDataDir();

    const first = launch(userDataDir);
    const profile = (await call(first, 'accounts:start-sandbox')) as {
      id: string;
      tokenStore: string;
      hasToken: boolean;
    };
    expect(profile).toMatchObject({ tokenStore: 'session', hasToken: true, active: true, sandbox: true });
    const { tokens } = await first.localSandbox.start();
    expect(await call(first, 'accounts:test', { id: profile.id })).toMatchObject({ ok: true });
    await first.close();

    const second = launch(userDataDir);
    await second.resumeLocalSandbox();
    const list = (await call(second, 'accounts:list')) as {
      profiles: Array<{ id: string; hasToken: boolean }>;
    };
    expect(list.profiles).toEqual([expect.objectContaining({ id: profile.id, hasToken: true })]);
    expect(await call(second, 'accounts:test', { id: profile.id })).toMatchObject({ ok: true });

    // The settings file holds the profile, never the token.
    const settings = readFileSync(join(userDataDir, 'settings.json'), 'utf8');
    expect(settings).toContain(profile.id);
    expect(settings).not.toContain(tokens.user);
    expect(settings).not.toMatch(/token"\s*:/i);
  });

  it('moves a keychain-held sandbox token to the new port at the next launch', async () => {
    // The new port is a new origin, to which a stored token is not carried over unasked: the
    // resume passes the sandbox's own token with the new addresses, and the profile works on.
    const userDataDir = freshUserDataDir();
    const keychain = new Map<string, string>();

    const first = launch(userDataDir, { secrets: lastingKeychain(keychain) });
    const profile = (await call(first, 'accounts:start-sandbox')) as {
      id: string;
      baseUrls: { community: string };
    };
    expect(profile).toMatchObject({ tokenStore: 'keychain', hasToken: true });
    await first.close();
    // Hold the old port, so the next start surely gets another one (the OS could hand it back).
    await occupy(Number(new URL(profile.baseUrls.community).port));

    const second = launch(userDataDir, { secrets: lastingKeychain(keychain) });
    await second.resumeLocalSandbox();
    const { urls } = await second.localSandbox.start();
    const list = (await call(second, 'accounts:list')) as { profiles: Array<{ baseUrls: object }> };
    expect(list.profiles).toEqual([
      expect.objectContaining({ id: profile.id, baseUrls: urls, hasToken: true }),
    ]);
    expect(urls).not.toEqual(profile.baseUrls);
    expect(await call(second, 'accounts:test', { id: profile.id })).toMatchObject({ ok: true });
  });
});

describe('services: diagnostics', () => {
  it('logs an answer with a wrongly typed field: the call and the field path, not the value', async () => {
    const sandbox = await startTestSandbox();
    cleanups.push(() => sandbox.close());
    const secret = `sbx_echoed_${crypto.randomUUID()}`;
    // A service that sends a tag name as a list, and one holding a token-like value at that.
    const services = launch(freshUserDataDir(), {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (!new URL((input as Request).url).pathname.endsWith('/tags')) return response;
        const body = (await response.json()) as { data: Record<string, unknown>[] };
        body.data[0]!.name = [secret];
        return Response.json(body, { status: response.status, headers: response.headers });
      },
    });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const result = await call(services, 'accounts:test', {
      baseUrls: sandbox.urls,
      brandIds: sandbox.brands,
      token: sandbox.tokens.user,
    });
    expect(result).toMatchObject({ ok: true }); // lenient: the odd answer is used, and noted
    const lines = warned.mock.calls.map((args) => args.map(String).join(' '));
    expect(lines).toEqual([expect.stringMatching(/community\.listTags.*data\.0\.name/)]);
    expect(lines.join('\n')).not.toContain(secret);
  });
});
