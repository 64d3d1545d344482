import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { SecretStore, type KeychainEntry } from '../../../../src/main/services/accounts/secret-store.ts';
import { createServices } from '../../../../src/main/services/create-services.ts';
import { dispatch, type DispatchOptions } from '../../../../src/main/services/dispatch.ts';
import { createWebPlatform } from '../../../../src/main/web/web-platform.ts';
import type { CallInput, CallName, CallOutput, CallResult } from '../../../../src/shared/contract/index.ts';
import type { RunningSandbox } from './sandbox.ts';

/** A keychain in memory: these tests are about the services, not the OS keychain. */
function memoryKeychain(): SecretStore {
  const entries = new Map<string, string>();
  return new SecretStore({
    service: 'Socialdesk-test-areas',
    entry: (service, account): KeychainEntry => ({
      setPassword: async (password) => void entries.set(`${service}/${account}`, password),
      getPassword: async () => entries.get(`${service}/${account}`) ?? null,
      deleteCredential: async () => entries.delete(`${service}/${account}`),
    }),
  });
}

export interface ServicesOnSandbox {
  /** A contract call as the renderer makes it, through dispatch (validation, error mapping). */
  call<K extends CallName>(
    name: K,
    input?: CallInput<K>,
    options?: DispatchOptions,
  ): Promise<CallResult<CallOutput<K>>>;
  /** Requests that reached the service, by path and query. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * The app's services in a fresh user-data folder, with one profile on `sandbox` (its brands
 * 101-103) made active, and a fetch that records every request sent to the service.
 */
export async function servicesOnSandbox(sandbox: RunningSandbox): Promise<ServicesOnSandbox> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-areas-'));
  const requests: string[] = [];
  const services = createServices({
    platform: createWebPlatform({ appVersion: '0.0.0', userDataDir, downloadsFolder: () => null }),
    store: new Conf<Record<string, unknown>>({
      projectName: 'socialdesk',
      cwd: userDataDir,
      configName: 'settings',
    }),
    secrets: memoryKeychain(),
    localSandbox: { start: () => Promise.reject(new Error('not in these tests')), close: async () => {} },
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(url.pathname + url.search);
      return fetch(input, init);
    },
  });
  const call = <K extends CallName>(name: K, input?: CallInput<K>, options?: DispatchOptions) =>
    dispatch(services.handlers, name, input, options) as Promise<CallResult<CallOutput<K>>>;
  const added = await call('accounts:add', {
    name: 'Sandbox',
    baseUrls: sandbox.urls,
    brandIds: [101, 102, 103],
    token: sandbox.tokens.user,
    tokenStore: 'keychain',
    activate: true,
  });
  if (!added.ok) throw new Error(`could not add the profile: ${added.error.message}`);
  return {
    call,
    requests,
    async close() {
      await services.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The value of a call that must succeed, or a failure naming what went wrong. */
export function valueOf<T>(result: CallResult<T>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value;
}
