import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretStore } from '../../../src/main/services/accounts/secret-store.ts';
import { createLocalSandboxStarter } from '../../../src/main/services/accounts/local-sandbox.ts';
import { createServices, type Services } from '../../../src/main/services/create-services.ts';
import type { CallName } from '../../../src/shared/contract/index.ts';

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
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function launch(userDataDir: string): Services {
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
  });
  cleanups.push(() => services.close());
  return services;
}

async function call(services: Services, name: CallName, input?: unknown) {
  return (services.handlers[name] as (input: unknown) => Promise<unknown>)(input);
}

describe('services: the local sandbox across restarts', () => {
  it('opens a sandbox profile in one call and finds it working again after a restart', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-services-'));
    cleanups.push(() => rmSync(userDataDir, { recursive: true, force: true }));

    const first = launch(userDataDir);
    const profile = (await call(first, 'accounts:start-sandbox')) as {
      id: string;
      tokenStore: string;
      hasToken: boolean;
    };
    expect(profile).toMatchObject({ tokenStore: 'session', hasToken: true, active: true, sandbox: true });
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
    expect(settings).not.toMatch(/token"\s*:/i);
  });
});
