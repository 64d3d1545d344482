import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretStore } from '../../../../src/main/services/accounts/secret-store.ts';
import { createServices, type Services } from '../../../../src/main/services/create-services.ts';
import { createWebPlatform } from '../../../../src/main/web/web-platform.ts';
import { exampleUrls } from '../support/accounts-fixture.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function launch(): Services & { userDataDir: string } {
  const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-services-db-'));
  cleanups.push(() => rmSync(userDataDir, { recursive: true, force: true }));
  const services = createServices({
    platform: createWebPlatform({ appVersion: '0.0.0', userDataDir, downloadsFolder: () => null }),
    store: new Conf<Record<string, unknown>>({
      projectName: 'socialdesk',
      cwd: userDataDir,
      configName: 'settings',
    }),
    // Tokens stay in memory: no keychain entries from this test.
    secrets: new SecretStore({
      service: 'Socialdesk-test-services-db',
      entry: () => {
        throw new Error('org.freedesktop.DBus.Error.ServiceUnknown: no Secret Service');
      },
    }),
  });
  cleanups.push(() => services.close());
  return Object.assign(services, { userDataDir });
}

function call(services: Services, name: string, input?: unknown): Promise<unknown> {
  return (services.handlers[name as keyof Services['handlers']] as (input: unknown) => Promise<unknown>)(
    input,
  );
}

async function addProfile(services: Services, name: string): Promise<string> {
  const profile = (await call(services, 'accounts:add', {
    name,
    baseUrls: exampleUrls,
    brandIds: [1],
    token: 'sbx_example',
    tokenStore: 'session',
    activate: true,
  })) as { id: string };
  return profile.id;
}

describe('createServices and the profile databases', () => {
  it('keeps them in the user-data folder and closes every one it opened on shutdown', async () => {
    const services = launch();
    const first = services.databases.open(await addProfile(services, 'Brand team'));
    const second = services.databases.open(await addProfile(services, 'Agency'));
    expect(services.databases.pathOf('abc')).toBe(join(services.userDataDir, 'profiles', 'abc.sqlite'));

    await services.close();
    expect([first.isOpen, second.isOpen]).toEqual([false, false]);
  });

  it('deletes a profile database when the profile is removed, and only that one', async () => {
    const services = launch();
    const removed = await addProfile(services, 'Old client');
    const kept = await addProfile(services, 'Brand team');
    services.databases.open(removed).prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('draft', 'x');
    services.databases.open(kept);

    await call(services, 'accounts:remove', { id: removed });
    expect(existsSync(services.databases.pathOf(removed))).toBe(false);
    expect(existsSync(`${services.databases.pathOf(removed)}-wal`)).toBe(false);
    expect(existsSync(services.databases.pathOf(kept))).toBe(true);
  });
});
