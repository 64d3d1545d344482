import type {
  AccountsList,
  CallInput,
  CallOutput,
  CallResult,
  ContractError,
  KeychainStatusView,
  Profile,
  ProfileView,
  RateStatus,
} from '../../../src/shared/contract/index.ts';

/** A stored profile of the fake, plus whether main would still hold its token. */
export type FakeProfile = Profile & { hasToken?: boolean };

export interface FakeAccountsInit {
  /** Defaults to one connected profile, so pages behind the first-run guard open. */
  profiles?: FakeProfile[];
  activeId?: string | null;
  keychain?: KeychainStatusView;
}

export const exampleUrls = {
  library: 'https://library.example.com',
  scheduler: 'https://scheduler.example.com',
  dashboard: 'https://dashboard.example.com',
  community: 'https://community.example.com',
};

export const sampleProfile: FakeProfile = {
  id: 'profile-1',
  name: 'Sample brand',
  baseUrls: exampleUrls,
  brandIds: [101, 102],
  tokenStore: 'keychain',
};

export const sandboxUrls = {
  library: 'http://127.0.0.1:4010/library',
  scheduler: 'http://127.0.0.1:4010/scheduler',
  dashboard: 'http://127.0.0.1:4010/dashboard',
  community: 'http://127.0.0.1:4010/community',
};

const ok = <T>(value: T): CallResult<T> => ({ ok: true, value });
const fail = (error: Omit<ContractError, 'fieldErrors'> & Partial<ContractError>): CallResult<never> => ({
  ok: false,
  error: { fieldErrors: {}, ...error },
});

/**
 * Main's accounts behaviour in memory, answering already-validated inputs (the fake preload
 * runs the contract's schemas first, as main's dispatch does). Tokens are accepted and dropped:
 * like main's answers, nothing here ever returns one.
 */
/**
 * A rate status as main's gate sends it, from the figures a test cares about: the rest is "not
 * known yet", and calls queued are a person's unless the test says some are background work.
 */
export function rateStatus(given: Partial<RateStatus>): RateStatus {
  const queued = given.queued ?? 0;
  const queuedBackground = given.queuedBackground ?? 0;
  return {
    limit: 0,
    remaining: 0,
    resetAt: 0,
    throttledUntil: 0,
    estimate: false,
    queued,
    queuedInteractive: queued - queuedBackground,
    queuedBackground,
    sent: { interactive: 0, background: 0, sync: 0 },
    ...given,
  };
}

export function createFakeAccounts(init: FakeAccountsInit = {}) {
  let profiles: FakeProfile[] = (init.profiles ?? [sampleProfile]).map((p) => ({ ...p }));
  let activeId = init.activeId !== undefined ? init.activeId : (profiles[0]?.id ?? null);
  let keychain: KeychainStatusView = init.keychain ?? { available: true };
  let nextId = 2;

  const view = (p: FakeProfile): ProfileView => {
    const { hasToken = true, ...profile } = p;
    return { ...profile, hasToken, active: p.id === activeId };
  };
  // What main's gate last saw; tests set it to check the meter after a reload.
  let lastRateStatus = rateStatus({});
  const setRateStatus = (given: Partial<RateStatus>) => void (lastRateStatus = rateStatus(given));
  const list = (): AccountsList => ({ profiles: profiles.map(view), activeId, keychain });
  const find = (id: string) => profiles.find((p) => p.id === id);
  const missing = () => fail({ code: 'not_found', message: 'This profile no longer exists.' });
  const keychainRefused = () =>
    fail({
      code: 'invalid_input',
      message: `The system keychain is not available: ${keychain.reason} Keep the token for this session only instead?`,
      fieldErrors: { tokenStore: ['The keychain is not available.'] },
    });

  const answers = {
    'accounts:list': () => ok(list()),
    'accounts:keychain-status': () => ok(keychain),
    'accounts:rate-status': () => ok(lastRateStatus),
    // Main has heard nothing of the service yet; tests tell a change by `service:connection`.
    'accounts:connection': () => ok({ state: 'unknown' as const, since: null }),
    'accounts:rate-cancel-waiting': () => ok({ cancelled: lastRateStatus.queued }),
    'accounts:add': (input: CallInput<'accounts:add'>): CallResult<CallOutput<'accounts:add'>> => {
      const tokenStore = input.tokenStore ?? 'keychain';
      if (tokenStore === 'keychain' && !keychain.available) return keychainRefused();
      const profile: FakeProfile = {
        id: `profile-${nextId++}`,
        name: input.name.trim(),
        baseUrls: input.baseUrls,
        brandIds: input.brandIds,
        tokenStore,
      };
      profiles = [...profiles, profile];
      if (input.activate !== false || activeId === null) activeId = profile.id;
      return ok(view(profile));
    },
    'accounts:update': (input: CallInput<'accounts:update'>): CallResult<CallOutput<'accounts:update'>> => {
      const { id, token, ...changes } = input;
      const old = find(id);
      if (!old) return missing();
      if (input.tokenStore === 'keychain' && !keychain.available && old.tokenStore !== 'keychain') {
        return keychainRefused();
      }
      const next: FakeProfile = { ...old, ...changes, hasToken: token !== undefined ? true : old.hasToken };
      profiles = profiles.map((p) => (p.id === old.id ? next : p));
      return ok(view(next));
    },
    'accounts:remove': ({ id }: CallInput<'accounts:remove'>) => {
      if (!find(id)) return missing();
      profiles = profiles.filter((p) => p.id !== id);
      if (activeId === id) activeId = profiles[0]?.id ?? null;
      return ok(list());
    },
    'accounts:switch': ({ id }: CallInput<'accounts:switch'>) => {
      const profile = find(id);
      if (!profile) return missing();
      activeId = id;
      return ok(view(profile));
    },
    'accounts:test': (input: CallInput<'accounts:test'>): CallResult<CallOutput<'accounts:test'>> => {
      if ('id' in input && !find(input.id)) return missing();
      return ok({ ok: true, message: 'Connected. The token reaches all 2 brands (3 tags found).' });
    },
    'accounts:start-sandbox': () => {
      const profile: FakeProfile = {
        id: `profile-${nextId++}`,
        name: 'Local sandbox',
        baseUrls: sandboxUrls,
        brandIds: [101, 102, 103],
        tokenStore: keychain.available ? 'keychain' : 'session',
        sandbox: true,
      };
      profiles = [...profiles, profile];
      activeId = profile.id;
      return ok(view(profile));
    },
  };

  return {
    answers,
    list,
    setRateStatus,
    setKeychain(next: KeychainStatusView) {
      keychain = next;
    },
  };
}
