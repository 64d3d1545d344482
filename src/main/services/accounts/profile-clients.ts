import { ContractCallError } from '../../../shared/contract/errors.ts';
import type { ProfileBaseUrls } from '../../../shared/contract/account-calls.ts';
import { createApiClient, type ApiClient } from '../api/api-client.ts';
import { RateGate, type GateClock, type RateStatus } from '../api/rate-gate.ts';
import type { Diagnostic } from '../api/lenient.ts';
import type { ProfilesService } from './profiles.ts';
import type { SecretStore } from './secret-store.ts';

export interface ProfileClientsDeps {
  profiles: ProfilesService;
  secrets: SecretStore;
  /** Receives the active profile's rate status (the shell forwards it as `rate:status`). */
  onRateStatus?: (status: RateStatus) => void;
  onDiagnostic?: (diagnostic: Diagnostic) => void;
  fetch?: typeof globalThis.fetch;
  clock?: GateClock;
}

export interface ProfileClients {
  /** The client of the active profile; throws a ContractCallError when there is none. */
  active(): ApiClient;
  forProfile(id: string): ApiClient;
  /** A client for values not saved yet (the form's "Test connection"), with its own gate. */
  draft(baseUrls: ProfileBaseUrls, token: string): ApiClient;
  gateOf(id: string): RateGate;
}

/**
 * One API client per profile, built on demand and rebuilt when the profile changes; one rate
 * gate per profile, kept across rebuilds, because the limit belongs to the application behind
 * the token and every call of that application must pass the same gate.
 */
export function createProfileClients(deps: ProfileClientsDeps): ProfileClients {
  const gates = new Map<string, RateGate>();
  const clients = new Map<string, ApiClient>();

  deps.profiles.onChange((stored) => {
    clients.clear();
    const ids = new Set(stored.list.map((p) => p.id));
    for (const id of gates.keys()) if (!ids.has(id)) gates.delete(id);
    const gate = stored.activeId ? gates.get(stored.activeId) : undefined;
    if (gate) deps.onRateStatus?.(gate.status());
  });

  function gateOf(id: string): RateGate {
    let gate = gates.get(id);
    if (!gate) {
      gate = new RateGate({
        clock: deps.clock,
        // Only the active profile drives the meter; a test of another profile must not move it.
        onStatus: (status) => {
          if (deps.profiles.active()?.id === id) deps.onRateStatus?.(status);
        },
      });
      gates.set(id, gate);
    }
    return gate;
  }

  function forProfile(id: string): ApiClient {
    let client = clients.get(id);
    if (!client) {
      const profile = deps.profiles.get(id);
      client = createApiClient({
        baseUrls: profile.baseUrls,
        getToken: () => deps.secrets.get(id),
        gate: gateOf(id),
        fetch: deps.fetch,
        onDiagnostic: deps.onDiagnostic,
      });
      clients.set(id, client);
    }
    return client;
  }

  return {
    active() {
      const profile = deps.profiles.active();
      if (!profile) {
        throw new ContractCallError({
          code: 'not_found',
          message: 'No profile yet: connect an account or explore with the sandbox.',
          fieldErrors: {},
        });
      }
      return forProfile(profile.id);
    },
    forProfile,
    draft(baseUrls, token) {
      return createApiClient({
        baseUrls,
        getToken: () => token,
        gate: new RateGate({ clock: deps.clock }),
        fetch: deps.fetch,
        onDiagnostic: deps.onDiagnostic,
      });
    },
    gateOf,
  };
}
