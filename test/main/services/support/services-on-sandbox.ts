import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { SecretStore, type KeychainEntry } from '../../../../src/main/services/accounts/secret-store.ts';
import type { GateClock } from '../../../../src/main/services/api/gate-clock.ts';
import { createServices, type Services } from '../../../../src/main/services/create-services.ts';
import { dispatch, type DispatchOptions } from '../../../../src/main/services/dispatch.ts';
import type { EventBus } from '../../../../src/main/services/event-bus.ts';
import { createWebPlatform, type WebSystem } from '../../../../src/main/web/web-platform.ts';
import type { Settings } from '../../../../src/shared/settings.ts';
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
  /** The events main pushes (what the renderer would receive). */
  events: EventBus;
  /** Where the browser shell's platform saves files: a fresh folder of this run. */
  downloadsFolder: string;
  /** The start-up removal of leftover export files, once done. */
  exportLeftoversRemoved: Promise<string[]>;
  close(): Promise<void>;
  /** The inbox mirror (filling itself only with `syncMirror`). */
  mirror: Services['mirror'];
  /** Every delta of the live inbox (polling only with `pollInbox`). */
  onInboxDelta: Services['onInboxDelta'];
  /** Stops the services as a quit does and keeps the user-data folder, for another run on it. */
  closeServicesOnly(): Promise<void>;
}

export interface ServicesOnSandboxOptions {
  /** Edits each request or answer, as an odd service would (default: the plain fetch). */
  fetch?: typeof globalThis.fetch;
  /** What the browser shell's platform reads from the machine (its file manager opener, ...). */
  system?: Partial<WebSystem>;
  /** The user-data folder of an earlier run to start on (a fresh one by default); removed at close. */
  userDataDir?: string;
  /** Preferences saved before the services start (the mirror's retention period, say). */
  settings?: Partial<Settings>;
  /** Let the inbox mirror fill itself and answer lists (off by default: these tests read the service). */
  syncMirror?: boolean;
  /** Let the live inbox ask what arrived every interval (off by default: its requests would be counted). */
  pollInbox?: boolean;
  /** The rate gate's and the inbox copy's clock (the real one by default). */
  clock?: GateClock;
}

/**
 * The app's services in a fresh user-data folder, with one profile on `sandbox` (its brands
 * 101-103) made active, and a fetch that records every request sent to the service.
 */
export async function servicesOnSandbox(
  sandbox: RunningSandbox,
  options: ServicesOnSandboxOptions = {},
): Promise<ServicesOnSandbox> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'socialdesk-areas-'));
  // Saved files go to this run's own folder, never the user's system downloads folder.
  const downloadsFolder = join(userDataDir, 'downloads');
  const requests: string[] = [];
  const store = new Conf<Record<string, unknown>>({
    projectName: 'socialdesk',
    cwd: userDataDir,
    configName: 'settings',
  });
  if (options.settings)
    store.set('preferences', { ...(store.get('preferences') as object), ...options.settings });
  const services = createServices({
    platform: createWebPlatform({
      appVersion: '0.0.0',
      userDataDir,
      downloadsFolder: () => downloadsFolder,
      system: options.system,
    }),
    store,
    secrets: memoryKeychain(),
    localSandbox: { start: () => Promise.reject(new Error('not in these tests')), close: async () => {} },
    syncMirror: options.syncMirror ?? false,
    pollInbox: options.pollInbox ?? false,
    clock: options.clock,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(url.pathname + url.search);
      return (options.fetch ?? fetch)(input, init);
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
    events: services.events,
    mirror: services.mirror,
    onInboxDelta: services.onInboxDelta,
    downloadsFolder,
    exportLeftoversRemoved: services.exportLeftoversRemoved,
    async close() {
      await services.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
    closeServicesOnly: () => services.close(),
  };
}

/** The value of a call that must succeed, or a failure naming what went wrong. */
export function valueOf<T>(result: CallResult<T>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value;
}
