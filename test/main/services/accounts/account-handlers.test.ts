import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { accountCalls } from '../../../../src/shared/contract/index.ts';
import { createAccountHandlers } from '../../../../src/main/services/accounts/account-handlers.ts';
import { createServiceConnection } from '../../../../src/main/services/accounts/service-connection.ts';
import { EventBus } from '../../../../src/main/services/event-bus.ts';
import {
  createProfileClients,
  unknownRateStatus,
} from '../../../../src/main/services/accounts/profile-clients.ts';
import {
  createProfilesService,
  type StoredProfiles,
} from '../../../../src/main/services/accounts/profiles.ts';
import { SecretStore, type KeychainEntry } from '../../../../src/main/services/accounts/secret-store.ts';
import { localClockTime } from '../../../../src/main/services/api/clock-time.ts';
import type { GateClock, RateStatus } from '../../../../src/main/services/api/rate-gate.ts';
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox/start.ts';
import { createAccountsFixture, exampleUrls, type AccountsFixture } from '../support/accounts-fixture.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { sandboxForThisFile, startTestSandbox } from '../support/sandbox.ts';

/**
 * The account calls as the renderer makes them (handler + contract output schema), against a
 * real sandbox. Tokens are kept in the keychain when one is reachable, else for the session.
 */
const sandbox = await sandboxForThisFile();
let fixture: AccountsFixture;
let store: 'keychain' | 'session';
const started: RunningSandbox[] = [];

afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});
afterEach(async () => fixture?.cleanup());

async function setup(options: { startSandbox?: () => Promise<RunningSandbox>; clock?: GateClock } = {}) {
  fixture = createAccountsFixture();
  store = (await fixture.secrets.keychainAvailable()) ? 'keychain' : 'session';
  const statuses: RateStatus[] = [];
  const clients = createProfileClients({
    profiles: fixture.profiles,
    secrets: fixture.secrets,
    onRateStatus: (s) => statuses.push(s),
    clock: options.clock,
  });
  const handlers = createAccountHandlers({
    profiles: fixture.profiles,
    secrets: fixture.secrets,
    clients,
    connection: createServiceConnection({ activeOrigins: () => [], events: new EventBus() }),
    startSandbox: options.startSandbox,
  });
  /** Calls a handler and checks its answer against the contract, as dispatch does with input. */
  const call = async <K extends keyof typeof accountCalls>(name: K, input: unknown) => {
    const parsedInput = accountCalls[name].input.parse(input);
    const output = await (handlers[name] as (i: unknown) => Promise<unknown>)(parsedInput);
    return accountCalls[name].output.parse(output) as never as Awaited<ReturnType<(typeof handlers)[K]>>;
  };
  return { clients, handlers, call, statuses };
}

describe('accounts: test connection', () => {
  it('reports a working token in words, with the limit the service announced', async () => {
    const { call } = await setup();
    const result = await call('accounts:test', {
      baseUrls: sandbox.urls,
      brandIds: sandbox.brands,
      token: sandbox.tokens.user,
    });
    expect(result).toMatchObject({ ok: true, rate: { limit: 1000 } });
    expect(result.message).toMatch(/^Connected\. The token reaches all 3 brands/);
  });

  it('answers a refused token with the plain message, not an error', async () => {
    const { call } = await setup();
    const result = await call('accounts:test', {
      baseUrls: sandbox.urls,
      brandIds: [sandbox.brands[0]],
      token: 'sbx_typo',
    });
    expect(result).toMatchObject({ ok: false, code: 'unauthorized', status: 401 });
    expect(result.message).toMatch(/^The service refused this token/);
  });

  it('tells a saved profile naming a brand its token cannot reach (403)', async () => {
    const { call } = await setup();
    const profile = await call('accounts:add', {
      name: 'Too many brands',
      baseUrls: sandbox.urls,
      brandIds: [sandbox.brands[0], sandbox.foreignBrand],
      token: sandbox.tokens.user,
      tokenStore: store,
    });
    const result = await call('accounts:test', { id: profile.id });
    expect(result).toMatchObject({ ok: false, code: 'forbidden', status: 403 });
    expect(result.message).toMatch(/cannot reach every brand/);
  });

  it('says the service could not be reached when nothing answers', async () => {
    const { call } = await setup();
    const down = await startTestSandbox();
    const urls = down.urls;
    await down.close();
    const result = await call('accounts:test', { baseUrls: urls, brandIds: [1], token: 'x' });
    expect(result).toMatchObject({ ok: false, code: 'offline' });
  });

  it('says at once that a service answering 429 with a broken reset is throttling, and until when', async () => {
    // A service that throttles with its reset in milliseconds: read as one window (60 s) from
    // now. The gate's clock stands still, so the answer cannot come from waiting that window.
    const clock = new FakeClock();
    const { call } = await setup({ clock });
    let received = 0;
    const server = createServer((_request, response) => {
      received += 1;
      response.writeHead(429, {
        'content-type': 'application/json',
        date: new Date(clock.now()).toUTCString(),
        'x-ratelimit-limit': '1000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(clock.now() + 30_000),
      });
      response.end(
        JSON.stringify({ code: 429, errors: {}, message: 'Too many requests', status: 'Too Many Requests' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const baseUrls = { library: base, scheduler: base, dashboard: base, community: base };
      const result = await call('accounts:test', { baseUrls, brandIds: [1], token: 'sbx_test' });
      expect(result).toMatchObject({ ok: false, code: 'rate_limited' });
      expect(result.message).toBe(
        `The service is throttling requests until ${localClockTime(clock.now() + 60_050)}, so Socialdesk did not send this one. Try again after that time.`,
      );
      expect(received).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('accounts: profiles and the active client', () => {
  it('adds, switches and removes profiles; the active client talks to the active profile', async () => {
    const { call, clients, statuses } = await setup();
    const first = await call('accounts:add', {
      name: 'Agency',
      baseUrls: sandbox.urls,
      brandIds: [sandbox.brands[0]],
      token: sandbox.tokens.user,
      tokenStore: store,
    });
    const second = await call('accounts:add', {
      name: 'Service account',
      baseUrls: sandbox.urls,
      brandIds: sandbox.brands,
      token: sandbox.tokens.application,
      tokenStore: store,
      activate: false,
    });
    let list = await call('accounts:list', undefined);
    expect(list.activeId).toBe(first.id);
    expect(list.profiles.map((p) => [p.name, p.active, p.hasToken])).toEqual([
      ['Agency', true, true],
      ['Service account', false, true],
    ]);

    await clients.active().community.listTags([sandbox.brands[0]!]);
    expect(statuses.at(-1)).toMatchObject({ limit: 1000 }); // the meter follows the active profile

    await call('accounts:switch', { id: second.id });
    const posts = await clients.active().scheduler.list('threads', { limit: 1 }); // application users may omit brands
    expect(posts.paging.count).toBeGreaterThan(0);

    list = await call('accounts:remove', { id: second.id });
    expect(list.activeId).toBe(first.id);
    for (const answer of [JSON.stringify(list), JSON.stringify(first), JSON.stringify(second)]) {
      expect(answer).not.toContain(sandbox.tokens.user);
      expect(answer).not.toContain(sandbox.tokens.application);
    }
  });

  it('explores with the local sandbox: starts it, opens a profile on it, and reuses that profile next time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socialdesk-sandbox-'));
    const startLocal = async () => {
      const running = await startSandbox({ port: 0, db: path.join(dir, 'sandbox.db') });
      started.push(running);
      return running;
    };
    try {
      const { call, clients } = await setup({ startSandbox: startLocal });
      const profile = await call('accounts:start-sandbox', undefined);
      expect(profile).toMatchObject({ name: 'Local sandbox', sandbox: true, active: true, hasToken: true });
      const tags = await clients.active().community.listTags(profile.brandIds);
      expect(Array.isArray(tags)).toBe(true);

      await started.at(-1)!.close(); // next launch: a new port, the same database and token
      const again = await call('accounts:start-sandbox', undefined);
      expect(again.id).toBe(profile.id);
      expect(again.baseUrls.community).not.toBe(profile.baseUrls.community);
      expect((await call('accounts:list', undefined)).profiles).toHaveLength(1);
      await clients.active().community.listTags(again.brandIds);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('accounts: the rate meter', () => {
  it("pushes the active profile's status on every change, and an unknown one where nothing was heard yet", async () => {
    const { call, clients, statuses } = await setup();
    const onSandbox = await call('accounts:add', {
      name: 'Sandbox',
      baseUrls: sandbox.urls,
      brandIds: [sandbox.brands[0]],
      token: sandbox.tokens.user,
      tokenStore: store,
    });
    await clients.active().community.listTags([sandbox.brands[0]!]);
    expect(statuses.at(-1)).toMatchObject({ limit: 1000 });

    /** Runs a change and returns the one status it pushed. */
    const pushedBy = async (change: () => Promise<unknown>) => {
      const before = statuses.length;
      await change();
      expect(statuses.length).toBeGreaterThan(before);
      return statuses.at(-1);
    };

    // Another service, not called yet: the meter must not keep showing the sandbox's numbers.
    const elsewhere = await call('accounts:add', {
      name: 'Elsewhere',
      baseUrls: exampleUrls,
      brandIds: [1],
      token: 'not-a-real-token',
      tokenStore: 'session',
    });
    expect(statuses.at(-1)).toEqual(unknownRateStatus);
    expect(await call('accounts:rate-status', undefined)).toEqual(unknownRateStatus);

    expect(await pushedBy(() => call('accounts:switch', { id: onSandbox.id }))).toMatchObject({
      limit: 1000,
    });
    expect(await pushedBy(() => call('accounts:remove', { id: onSandbox.id }))).toEqual(unknownRateStatus);
    expect(await pushedBy(() => call('accounts:remove', { id: elsewhere.id }))).toEqual(unknownRateStatus);
    expect(await call('accounts:rate-status', undefined)).toEqual(unknownRateStatus);
  });
});

describe('accounts: one rate gate per service', () => {
  it('shares one gate between profiles and draft tests on the same service', async () => {
    // A frozen clock, so the counts below cannot straddle two windows (they are aligned to the
    // clock: even an hour-long one may end between two calls).
    const service = await startTestSandbox({ frozenClock: true, rateWindow: 3600 });
    try {
      const { call, clients } = await setup();
      const values = { baseUrls: service.urls, brandIds: service.brands, tokenStore: store };
      const agency = await call('accounts:add', { name: 'Agency', token: service.tokens.user, ...values });
      const bot = await call('accounts:add', {
        name: 'Service account',
        token: service.tokens.application,
        activate: false,
        ...values,
      });

      await clients.forProfile(agency.id).community.listTags(service.brands);
      const left = clients.gateOf(agency.id).status().remaining;
      expect(left).toBeGreaterThan(900);

      // Both tokens belong to one application: the service counts their calls in one window.
      await clients.forProfile(bot.id).community.listTags(service.brands);
      await clients.forProfile(bot.id).community.listTags(service.brands);
      expect(clients.gateOf(agency.id).status().remaining).toBe(left - 2);

      const test = await call('accounts:test', {
        baseUrls: service.urls,
        brandIds: service.brands,
        token: service.tokens.user,
      });
      expect(test).toMatchObject({ ok: true, rate: { remaining: left - 3 } });
      expect(clients.gateOf(agency.id).status().remaining).toBe(left - 3);
    } finally {
      await service.close();
    }
  });

  it('keeps separate gates for separate services', async () => {
    const { call, clients } = await setup();
    const here = await call('accounts:add', {
      name: 'Here',
      baseUrls: sandbox.urls,
      brandIds: [sandbox.brands[0]],
      token: sandbox.tokens.user,
      tokenStore: store,
    });
    const there = await call('accounts:add', {
      name: 'There',
      baseUrls: exampleUrls,
      brandIds: [1],
      token: 'not-a-real-token',
      tokenStore: 'session',
    });
    await clients.forProfile(here.id).community.listTags([sandbox.brands[0]!]);
    expect(clients.gateOf(here.id).status().limit).toBe(1000);
    expect(clients.gateOf(there.id).status()).toEqual(unknownRateStatus);
  });
});

describe('accounts: keychain status', () => {
  it('looks for the keychain again when asked, so one unlocked after launch is used', async () => {
    // A keychain that refuses until the user unlocks it: an injected one, since a real Secret
    // Service cannot be locked and unlocked from a test.
    let locked = true;
    const entries = new Map<string, string>();
    const entry = (service: string, account: string): KeychainEntry => {
      const key = `${service}/${account}`;
      const guard = () => {
        if (locked) throw new Error('The keyring is locked.');
      };
      return {
        setPassword: async (password) => (guard(), void entries.set(key, password)),
        getPassword: async () => (guard(), entries.get(key) ?? null),
        deleteCredential: async () => (guard(), entries.delete(key)),
      };
    };
    const secrets = new SecretStore({ service: 'Socialdesk-test-unlock', entry });
    let stored: StoredProfiles | undefined;
    const profiles = createProfilesService({
      store: { get: () => stored, set: (_key, value) => (stored = value) },
      secrets,
    });
    const clients = createProfileClients({ profiles, secrets });
    const handlers = createAccountHandlers({
      profiles,
      secrets,
      clients,
      connection: createServiceConnection({ activeOrigins: () => [], events: new EventBus() }),
    });
    const context = { signal: new AbortController().signal, lane: 'interactive' as const };

    expect((await handlers['accounts:list'](undefined, context)).keychain).toMatchObject({
      available: false,
    });
    locked = false;
    expect(await handlers['accounts:keychain-status'](undefined, context)).toEqual({ available: true });
    const added = await handlers['accounts:add'](
      {
        name: 'After unlock',
        baseUrls: exampleUrls,
        brandIds: [1],
        token: 'kept-in-the-keychain',
        tokenStore: 'keychain',
        activate: true,
      },
      context,
    );
    expect(entries.get(`Socialdesk-test-unlock/${added.id}`)).toBe('kept-in-the-keychain');
  });
});
