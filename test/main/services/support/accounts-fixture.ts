import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Conf from 'conf';
import {
  createProfilesService,
  type ProfilesService,
  type StoredProfiles,
} from '../../../../src/main/services/accounts/profiles.ts';
import { SecretStore } from '../../../../src/main/services/accounts/secret-store.ts';

/**
 * A profiles service as the app builds it: a conf file in a fresh temporary folder and a secret
 * store under a keychain service name of its own, so tests never touch the user's entries.
 */
export interface AccountsFixture {
  dir: string;
  serviceName: string;
  conf: Conf<{ profiles?: StoredProfiles }>;
  secrets: SecretStore;
  profiles: ProfilesService;
  /** Everything written to disk in the fixture's folder, as text. */
  fileText(): string;
  cleanup(): Promise<void>;
}

export function createAccountsFixture(options: { serviceName?: string } = {}): AccountsFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'socialdesk-accounts-'));
  const serviceName = options.serviceName ?? `Socialdesk-test-${randomUUID()}`;
  const conf = new Conf<{ profiles?: StoredProfiles }>({
    cwd: dir,
    configName: 'profiles',
    projectName: 'socialdesk-test',
  });
  const secrets = new SecretStore({ service: serviceName });
  const profiles = createProfilesService({
    store: {
      get: () => conf.get('profiles'),
      set: (_key, value) => conf.set('profiles', value),
    },
    secrets,
  });
  return {
    dir,
    serviceName,
    conf,
    secrets,
    profiles,
    fileText: () => readFileSync(conf.path, 'utf8'),
    async cleanup() {
      for (const profile of (await profiles.list()).profiles) await profiles.remove(profile.id);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const exampleUrls = {
  library: 'https://library.example.com',
  scheduler: 'https://scheduler.example.com',
  dashboard: 'https://dashboard.example.com',
  community: 'https://community.example.com',
};
