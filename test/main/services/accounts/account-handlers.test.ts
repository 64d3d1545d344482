import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { accountCalls } from '../../../../src/shared/contract/account-calls.ts';
import { createAccountHandlers } from '../../../../src/main/services/accounts/account-handlers.ts';
import { createProfileClients } from '../../../../src/main/services/accounts/profile-clients.ts';
import type { RateStatus } from '../../../../src/main/services/api/rate-gate.ts';
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox/start.ts';
import { createAccountsFixture, type AccountsFixture } from '../support/accounts-fixture.ts';
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

async function setup(options: { startSandbox?: () => Promise<RunningSandbox> } = {}) {
  fixture = createAccountsFixture();
  store = (await fixture.secrets.keychainAvailable()) ? 'keychain' : 'session';
  const statuses: RateStatus[] = [];
  const clients = createProfileClients({
    profiles: fixture.profiles,
    secrets: fixture.secrets,
    onRateStatus: (s) => statuses.push(s),
  });
  const handlers = createAccountHandlers({
    profiles: fixture.profiles,
    secrets: fixture.secrets,
    clients,
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
