import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecretStore } from '../../../src/main/services/accounts/secret-store.ts';
import { createLocalSandboxStarter } from '../../../src/main/services/accounts/local-sandbox.ts';
import { createServices, type Services } from '../../../src/main/services/create-services.ts';
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

function launch(userDataDir: string, options: { fetch?: typeof fetch } = {}) {
  const store = new Conf<Record<string, unknown>>({
    projectName: 'socialdesk',
    cwd: userDataDir,
    configName: 'settings',
  });
  const localSandbox = createLocalSandboxStarter(userDataDir);
  const services = createServices({
    platform: { shell: 'web', appVersion: '0.0.0', runtimes: {}, userDataDir },
    store,
    secrets: noKeychain(),
    localSandbox,
    fetch: options.fetch,
  });
  cleanups.push(() => services.close());
  // The test reads the sandbox's token from the starter, as main does: the app never shows it.
  return Object.assign(services, { localSandbox });
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
