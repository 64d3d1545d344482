import { ContractCallError } from '../../../shared/contract/index.ts';
import type { BaseUrls } from '../../../shared/domain/index.ts';
import { createApiClient, type ApiClient } from '../api/api-client.ts';
import { RateGate, type GateClock, type RateStatus } from '../api/rate-gate.ts';
import type { Diagnostic } from '../api/lenient.ts';
import type { ProfilesService } from './profiles.ts';
import type { SecretStore } from './secret-store.ts';
import { refuseClearText } from './token-destination.ts';

export interface ProfileClientsDeps {
  profiles: ProfilesService;
  secrets: SecretStore;
  /** Receives the active profile's rate status (the shell forwards it as `rate:status`). */
  onRateStatus?: (status: RateStatus) => void;
  onDiagnostic?: (diagnostic: Diagnostic) => void;
  fetch?: typeof globalThis.fetch;
  clock?: GateClock;
  /** The share (0..1) of each window the inbox copy's sync may use while a person works. */
  syncShare?: () => number;
}

export interface ProfileClients {
  /** The client of the active profile; throws a ContractCallError when there is none. */
  active(): ApiClient;
  forProfile(id: string): ApiClient;
  /** A client for values not saved yet (the form's "Test connection"), on its service's gate. */
  draft(baseUrls: BaseUrls, token: string): ApiClient;
  gateOf(id: string): RateGate;
  /** What the meter shows: the active profile's gate, or `unknownRateStatus` with no profile. */
  activeStatus(): RateStatus;
  /** The meter's Cancel: the person's calls waiting at the active profile's gate fail, unsent. */
  cancelActiveWaiting(): number;
  /** The app closes: every gate refuses the calls waiting at it and cancels its timers. */
  close(): void;
}

/** No limit heard yet (or no profile): the meter hides. */
export const unknownRateStatus: RateStatus = Object.freeze({
  limit: 0,
  remaining: 0,
  resetAt: 0,
  queued: 0,
  queuedInteractive: 0,
  queuedBackground: 0,
  throttledUntil: 0,
  estimate: false,
  sent: { interactive: 0, background: 0, sync: 0 },
});

/**
 * Which service a set of base URLs addresses: the distinct origins of its four areas. Profiles
 * that agree on them share a gate. Tokens are not part of the key, though the limit belongs to the
 * application behind a token: two applications on one service sharing a gate only go slower,
 * while two gates for one application would overrun its limit.
 */
function serviceKey(baseUrls: BaseUrls): string {
  const origins = new Set(Object.values(baseUrls).map((url) => new URL(url).origin));
  return [...origins].sort().join(' ');
}

/**
 * One API client per profile, built on demand and rebuilt when the profile changes; one rate
 * gate per service, kept across rebuilds and shared by every profile and draft test on it,
 * because every call that counts against the same limit must pass the same gate. A gate lives
 * as long as some profile uses its service.
 */
export function createProfileClients(deps: ProfileClientsDeps): ProfileClients {
  const gates = new Map<string, RateGate>();
  const clients = new Map<string, ApiClient>();

  /** Services a saved profile has used; a draft test's gate is not among them until saved. */
  const profileServices = new Set<string>();

  // A service no profile uses any more has its gate closed (its timers cancelled, its waiting
  // calls refused) and dropped; added again, its first answer teaches a new gate any hold.
  function closeGatesNoProfileUses(list: readonly { baseUrls: BaseUrls }[]): void {
    const inUse = new Set(list.map((profile) => serviceKey(profile.baseUrls)));
    for (const key of profileServices) {
      if (inUse.has(key)) continue;
      gates.get(key)?.close();
      gates.delete(key);
      profileServices.delete(key);
    }
  }

  deps.profiles.onChange((stored) => {
    clients.clear();
    closeGatesNoProfileUses(stored.list);
    // Always: a profile on a service not heard from yet (or none at all) must clear the meter
    // rather than leave the previous profile's numbers on it.
    deps.onRateStatus?.(activeStatus());
  });

  function activeKey(): string | undefined {
    const active = deps.profiles.active();
    return active ? serviceKey(active.baseUrls) : undefined;
  }

  function gateFor(baseUrls: BaseUrls, ofProfile = false): RateGate {
    const key = serviceKey(baseUrls);
    if (ofProfile) profileServices.add(key);
    let gate = gates.get(key);
    if (!gate) {
      gate = new RateGate({
        clock: deps.clock,
        onDiagnostic: deps.onDiagnostic,
        // A walk or sync reading pages while a person works slows the person's calls no more
        // than one request's time at the service.
        backgroundInFlightWhileActive: 1,
        syncShareWhileActive: deps.syncShare,
        // Only the active profile's service drives the meter; a test elsewhere must not move it.
        onStatus: (status) => {
          if (activeKey() === key) deps.onRateStatus?.(status);
        },
      });
      gates.set(key, gate);
    }
    return gate;
  }

  function gateOf(id: string): RateGate {
    return gateFor(deps.profiles.get(id).baseUrls, true);
  }

  function activeStatus(): RateStatus {
    const active = deps.profiles.active();
    return active ? gateFor(active.baseUrls, true).status() : unknownRateStatus;
  }

  function forProfile(id: string): ApiClient {
    let client = clients.get(id);
    if (!client) {
      const profile = deps.profiles.get(id);
      client = createApiClient({
        baseUrls: profile.baseUrls,
        getToken: () => {
          refuseClearText(profile.baseUrls);
          return deps.secrets.get(id);
        },
        gate: gateFor(profile.baseUrls, true),
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
      if (!profile) throw noActiveProfile();
      return forProfile(profile.id);
    },
    forProfile,
    draft(baseUrls, token) {
      return createApiClient({
        baseUrls,
        getToken: () => token,
        gate: gateFor(baseUrls),
        fetch: deps.fetch,
        onDiagnostic: deps.onDiagnostic,
      });
    },
    gateOf,
    activeStatus,
    cancelActiveWaiting() {
      const active = deps.profiles.active();
      return active ? gateFor(active.baseUrls, true).cancelWaiting() : 0;
    },
    close() {
      for (const gate of gates.values()) gate.close();
      gates.clear();
    },
  };
}

/** What a call that needs the active profile answers while there is none. */
export function noActiveProfile(): ContractCallError {
  return new ContractCallError({
    code: 'not_found',
    message: 'No profile yet: connect an account or explore with the sandbox.',
    fieldErrors: {},
  });
}
