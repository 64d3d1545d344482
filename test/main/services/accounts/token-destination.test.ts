import { afterEach, describe, expect, it } from 'vitest';
import { createAccountHandlers } from '../../../../src/main/services/accounts/account-handlers.ts';
import { createServiceConnection } from '../../../../src/main/services/accounts/service-connection.ts';
import { EventBus } from '../../../../src/main/services/event-bus.ts';
import { createProfileClients } from '../../../../src/main/services/accounts/profile-clients.ts';
import { dispatch, type Handlers } from '../../../../src/main/services/dispatch.ts';
import { createAccountsFixture, exampleUrls, type AccountsFixture } from '../support/accounts-fixture.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';

/**
 * A stored token goes only where its owner sent it: not to an address edited in later without
 * it, and never in clear text to another computer. Calls go through `dispatch`, as the renderer's
 * do, so the answers below are the very envelopes the profile form gets.
 */
const sandbox = await sandboxForThisFile();
const elsewhere = await sandboxForThisFile(); // another port: another origin, with tokens of its own
let fixture: AccountsFixture;
afterEach(async () => fixture?.cleanup());

function setup() {
  fixture = createAccountsFixture();
  const requested: string[] = [];
  const clients = createProfileClients({
    profiles: fixture.profiles,
    secrets: fixture.secrets,
    fetch: async (input, init) => {
      requested.push((input as Request).url);
      return fetch(input, init);
    },
  });
  const handlers = createAccountHandlers({
    profiles: fixture.profiles,
    secrets: fixture.secrets,
    clients,
    connection: createServiceConnection({ activeOrigins: () => [], events: new EventBus() }),
  });
  const call = async (name: keyof typeof handlers, input: unknown) => {
    const result = await dispatch(handlers as Handlers, name, input);
    return result.ok ? { value: result.value as Record<string, unknown> } : { error: result.error };
  };
  const add = async (baseUrls: Record<string, string>, token = sandbox.tokens.user) => {
    const added = await call('accounts:add', {
      name: 'Agency',
      baseUrls,
      brandIds: [sandbox.brands[0]],
      token,
      tokenStore: 'session',
    });
    if (!added.value) throw new Error(`add failed: ${added.error?.message}`);
    return added.value as { id: string };
  };
  return { call, add, clients, requested };
}

const tokenRefusal = {
  code: 'invalid_input',
  message: expect.stringMatching(/only sent to the addresses it was entered for/),
  fieldErrors: { token: [expect.stringMatching(/paste it again/)] },
};

describe('accounts:update: new addresses need the token again', () => {
  it('refuses to carry the stored token to another origin, and leaves the profile as it was', async () => {
    const { call, add, clients, requested } = setup();
    const profile = await add(sandbox.urls);

    const moved = await call('accounts:update', { id: profile.id, baseUrls: elsewhere.urls });
    expect(moved.error).toMatchObject(tokenRefusal);
    expect(moved.error?.message).toMatch(/^The library, scheduler, dashboard, community addresses now point/);

    // Nothing changed: the next call still goes to the addresses the token was entered for.
    expect(fixture.profiles.get(profile.id).baseUrls).toEqual(sandbox.urls);
    await clients.forProfile(profile.id).community.listTags([sandbox.brands[0]!]);
    expect(requested.map((url) => new URL(url).origin)).toEqual([new URL(sandbox.urls.community).origin]);
  });

  it('takes the new addresses with the token sent again', async () => {
    const { call, add } = setup();
    const profile = await add(sandbox.urls);
    const moved = await call('accounts:update', {
      id: profile.id,
      baseUrls: elsewhere.urls,
      token: elsewhere.tokens.user,
    });
    expect(moved.value).toMatchObject({ baseUrls: elsewhere.urls, hasToken: true });
    expect(await call('accounts:test', { id: profile.id })).toMatchObject({ value: { ok: true } });
  });

  it('counts a new port or scheme as another origin, but keeps the token for a new path', async () => {
    const { call, add } = setup();
    const profile = await add(exampleUrls, 'kept-for-example');
    const update = (baseUrls: Record<string, string>) =>
      call('accounts:update', { id: profile.id, baseUrls });

    expect(
      (await update({ ...exampleUrls, dashboard: 'https://dashboard.example.com:8443' })).error,
    ).toMatchObject({
      ...tokenRefusal,
      message: expect.stringMatching(/^The dashboard address now points elsewhere/),
    });
    expect((await update({ ...exampleUrls, scheduler: 'http://localhost' })).error).toMatchObject(
      tokenRefusal,
    );

    // The same origin spelt differently (case, default port) is the same origin.
    const samePlaces = {
      ...exampleUrls,
      library: 'https://LIBRARY.example.com:443/v2/',
      community: 'https://community.example.com/api',
    };
    expect((await update(samePlaces)).value).toMatchObject({
      baseUrls: {
        library: 'https://LIBRARY.example.com:443/v2',
        community: 'https://community.example.com/api',
      },
      hasToken: true,
    });
    expect(await fixture.secrets.get(profile.id)).toBe('kept-for-example');
  });
});

describe('http:// only to this computer', () => {
  const clearText = /http:\/\/ is allowed only for this computer.*clear text/;
  const withCommunity = (community: string) => ({ ...exampleUrls, community });

  it('refuses http:// to another host at the field, on add, update and a draft test', async () => {
    const { call, add, requested } = setup();
    const profile = await add(exampleUrls);
    const answers = [
      await call('accounts:add', {
        name: 'Clear text',
        baseUrls: withCommunity('http://community.example.com'),
        brandIds: [1],
        token: 'would-travel-in-clear',
      }),
      await call('accounts:update', {
        id: profile.id,
        baseUrls: withCommunity('http://community.example.com'),
        token: 'would-travel-in-clear',
      }),
      await call('accounts:test', {
        baseUrls: withCommunity('http://community.example.com'),
        brandIds: [1],
        token: 'would-travel-in-clear',
      }),
    ];
    for (const answer of answers) {
      expect(answer.error?.code).toBe('invalid_input');
      expect(answer.error?.fieldErrors).toEqual({ 'baseUrls.community': [expect.stringMatching(clearText)] });
    }
    expect(requested).toEqual([]); // the draft test sent nothing
  });

  it.each([
    'http://localhost.example.com',
    'http://127.0.0.1.example.com',
    'http://10.0.0.1',
    'http://[::2]',
  ])('refuses %s, which is not this computer', async (url) => {
    const { call } = setup();
    const answer = await call('accounts:test', { baseUrls: withCommunity(url), brandIds: [1], token: 'x' });
    expect(answer.error?.fieldErrors['baseUrls.community']).toEqual([expect.stringMatching(clearText)]);
  });

  it.each([
    'http://localhost:8080',
    'http://127.0.0.1:9',
    'http://127.10.20.30',
    'http://[::1]:8080',
    'http://127.1',
  ])('accepts %s, a loopback address', async (url) => {
    const { call } = setup();
    const added = await call('accounts:add', {
      name: 'Local',
      baseUrls: withCommunity(url),
      brandIds: [1],
      token: 'stays-on-this-computer',
      tokenStore: 'session',
    });
    expect(added.value).toMatchObject({ baseUrls: { community: url }, hasToken: true });
  });

  it('still lists a profile saved before the rule, but sends its token nowhere in clear text', async () => {
    const { call, requested } = setup();
    const id = 'saved-before-the-rule';
    fixture.conf.set('profiles', {
      list: [
        {
          id,
          name: 'Old',
          baseUrls: withCommunity('http://community.example.com'),
          brandIds: [1],
          tokenStore: 'session',
        },
      ],
      activeId: id,
    });
    await fixture.secrets.save(id, 'old-token', 'session');

    const list = (await call('accounts:list', undefined)).value as { profiles: Array<{ id: string }> };
    expect(list.profiles.map((p) => p.id)).toEqual([id]); // there to be fixed, not silently gone

    const answer = await call('accounts:test', { id });
    expect(answer.error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/^Edit this profile's community address\./),
      fieldErrors: { 'baseUrls.community': [expect.stringMatching(clearText)] },
    });
    expect(requested).toEqual([]);
  });
});
