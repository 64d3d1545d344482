import { ContractCallError, type accountCalls, type ProfileView } from '../../../shared/contract/index.ts';
import type { RunningSandbox } from '../../../sandbox/start.ts';
import type { HandlerMap } from '../dispatch.ts';
import { testConnection } from './connection-test.ts';
import type { ProfileClients } from './profile-clients.ts';
import type { ProfilesService } from './profiles.ts';
import type { SecretStore } from './secret-store.ts';
import type { ServiceConnectionTracker } from './service-connection.ts';

/** What "Explore with the local sandbox" needs from a running sandbox: its addresses, user token and brands. */
export type LocalSandbox = Pick<RunningSandbox, 'urls' | 'tokens' | 'brands'>;

export interface AccountHandlerDeps {
  profiles: ProfilesService;
  secrets: SecretStore;
  clients: ProfileClients;
  /** Whether the active profile's service answers, as the app's requests found. */
  connection: Pick<ServiceConnectionTracker, 'current'>;
  /** Starts the sandbox in-process (file database in the user-data folder), or returns the running one. */
  startSandbox?: () => Promise<LocalSandbox>;
}

export function createAccountHandlers(deps: AccountHandlerDeps): HandlerMap<typeof accountCalls> {
  const { profiles, secrets, clients } = deps;
  return {
    'accounts:list': () => profiles.list(),
    'accounts:add': (input) => profiles.add(input),
    'accounts:update': (input) => profiles.update(input),
    'accounts:remove': ({ id }) => profiles.remove(id),
    'accounts:switch': ({ id }) => profiles.switchTo(id),
    // Probed again on each ask: a keychain unlocked (or started) after launch is found then.
    'accounts:keychain-status': () => secrets.recheckKeychain(),
    'accounts:rate-status': async () => clients.activeStatus(),
    'accounts:rate-cancel-waiting': async () => ({ cancelled: clients.cancelActiveWaiting() }),
    'accounts:connection': async () => deps.connection.current(),

    'accounts:test': async (input) => {
      if ('id' in input) {
        const profile = profiles.get(input.id);
        return testConnection(clients.forProfile(profile.id), clients.gateOf(profile.id), profile.brandIds);
      }
      const client = clients.draft(input.baseUrls, input.token);
      return testConnection(client, client.http.gate, input.brandIds);
    },

    'accounts:start-sandbox': async () => startSandboxProfile(deps),
  };
}

/**
 * Starts the sandbox and opens a profile on it. The sandbox listens on a new port at each start
 * while its file database (and so its token) persists, so an existing sandbox profile is updated
 * with the new addresses instead of a second one being created.
 */
async function startSandboxProfile(deps: AccountHandlerDeps): Promise<ProfileView> {
  if (!deps.startSandbox) {
    throw new ContractCallError({
      code: 'internal',
      message: 'The local sandbox is not available in this build.',
      fieldErrors: {},
    });
  }
  const sandbox = await deps.startSandbox();
  const tokenStore = (await deps.secrets.keychainAvailable()) ? 'keychain' : 'session';
  const values = {
    baseUrls: sandbox.urls,
    brandIds: sandbox.brands,
    token: sandbox.tokens.user,
    tokenStore,
  } as const;
  const existing = (await deps.profiles.list()).profiles.find((p) => p.sandbox);
  if (existing) {
    await deps.profiles.update({ id: existing.id, ...values });
    return deps.profiles.switchTo(existing.id);
  }
  return deps.profiles.add({ name: 'Local sandbox', ...values, activate: true, sandbox: true });
}
