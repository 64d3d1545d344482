import { describe, expect, it } from 'vitest';
import { createProfileClients } from '../../../../src/main/services/accounts/profile-clients.ts';
import {
  createProfilesService,
  type StoredProfiles,
} from '../../../../src/main/services/accounts/profiles.ts';
import { SecretStore, type KeychainEntry } from '../../../../src/main/services/accounts/secret-store.ts';
import type { ApiError } from '../../../../src/main/services/api/api-error.ts';
import type { RateGate } from '../../../../src/main/services/api/rate-gate.ts';
import { FakeClock } from '../support/fake-clock.ts';

/**
 * One rate gate per service (profile-clients.ts): when the last profile on a service is removed,
 * its gate is closed, so no timer of it keeps running and no call waits at it for nothing.
 */

function memoryKeychain() {
  const entries = new Map<string, string>();
  return (service: string, account: string): KeychainEntry => {
    const key = `${service}/${account}`;
    return {
      setPassword: async (password) => void entries.set(key, password),
      getPassword: async () => entries.get(key) ?? null,
      deleteCredential: async () => entries.delete(key),
    };
  };
}

function setup() {
  const clock = new FakeClock();
  let stored: StoredProfiles | undefined;
  const secrets = new SecretStore({ service: 'Socialdesk-test-gates', entry: memoryKeychain() });
  const profiles = createProfilesService({
    store: { get: () => stored, set: (_key, value) => void (stored = value) },
    secrets,
  });
  const clients = createProfileClients({ profiles, secrets, clock });
  return { clock, profiles, clients };
}

const urlsOf = (host: string) => ({
  library: `https://${host}/library`,
  scheduler: `https://${host}/scheduler`,
  dashboard: `https://${host}/dashboard`,
  community: `https://${host}/community`,
});

/** Makes the gate hold after a 429 for 30 s, with one call waiting behind it. */
async function holdWithOneWaiting(gate: RateGate, clock: FakeClock) {
  (await gate.acquire('inbox')).complete(
    429,
    new Headers({
      date: new Date(clock.now()).toUTCString(),
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil((clock.now() + 30_000) / 1000)),
    }),
  );
  let outcome: unknown = 'waiting';
  gate.acquire('inbox').then(
    () => (outcome = 'granted'),
    (error: unknown) => (outcome = error),
  );
  await clock.advance(10);
  return () => outcome;
}

describe('profile clients: the gate of a removed profile', () => {
  it('is closed: its timers cancelled and its waiting call refused', async () => {
    const { clock, profiles, clients } = setup();
    const profile = await profiles.add({
      name: 'Agency',
      baseUrls: urlsOf('api.example.com'),
      brandIds: [1],
      token: 'sbx_agency',
      tokenStore: 'keychain',
      activate: true,
    });
    const outcome = await holdWithOneWaiting(clients.gateOf(profile.id), clock);
    expect(clock.pendingTimers).toBeGreaterThan(0);

    await profiles.remove(profile.id);
    await clock.advance(0);
    expect(clock.pendingTimers).toBe(0);
    expect((outcome() as ApiError).kind).toBe('gate_closed');
  });

  it('stays open while another profile still uses the same service', async () => {
    const { clock, profiles, clients } = setup();
    const input = {
      baseUrls: urlsOf('api.example.com'),
      brandIds: [1],
      tokenStore: 'keychain' as const,
      activate: true,
    };
    const first = await profiles.add({ ...input, name: 'One', token: 'sbx_one' });
    const second = await profiles.add({ ...input, name: 'Two', token: 'sbx_two' });
    const gate = clients.gateOf(second.id);
    expect(clients.gateOf(first.id)).toBe(gate);
    const outcome = await holdWithOneWaiting(gate, clock);

    await profiles.remove(first.id);
    await clock.advance(31_000);
    expect(outcome()).toBe('granted');
  });

  it('is closed when its profile moves to another service, and the new service gets a gate of its own', async () => {
    const { clock, profiles, clients } = setup();
    const profile = await profiles.add({
      name: 'Agency',
      baseUrls: urlsOf('old.example.com'),
      brandIds: [1],
      token: 'sbx_agency',
      tokenStore: 'keychain',
      activate: true,
    });
    const oldGate = clients.gateOf(profile.id);
    const outcome = await holdWithOneWaiting(oldGate, clock);

    await profiles.update({ id: profile.id, baseUrls: urlsOf('new.example.com'), token: 'sbx_agency' });
    await clock.advance(0);
    expect((outcome() as ApiError).kind).toBe('gate_closed');
    expect(clock.pendingTimers).toBe(0);
    expect(clients.gateOf(profile.id)).not.toBe(oldGate);
  });
});
