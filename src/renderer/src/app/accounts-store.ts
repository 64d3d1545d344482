import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  AccountsList,
  CallInput,
  ConnectionTestResult,
  ContractCallError,
  KeychainStatusView,
  ProfileView,
} from '../../../shared/contract/index.ts';
import { api } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { useAccessStore } from './access-store.ts';
import { toCallError, useCallErrorStore } from './call-error-store.ts';
import { useConnectionStore } from './connection-store.ts';
import { reportLoadFailures } from './report-load-failures.ts';

/**
 * What a call came to. A refusal the app's notifications did not show (`forForm`: a refused input
 * the asking form shows beside its fields) is the form's to show.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ContractCallError; forForm: boolean };

/** A new profile saved, and whether it took over (`test` says why not when it did not). */
export interface AddedProfile {
  profile: ProfileView;
  activated: boolean;
  /** The connection test that decided, when another profile was active; undefined if refused. */
  test?: ConnectionTestResult;
}

/**
 * The profiles main knows about, the active one and whether the keychain can be used. It holds
 * no token, ever: tokens go from a form straight into a call and are not kept here.
 */
export const useAccountsStore = defineStore('accounts', () => {
  const errors = useCallErrorStore();
  const access = useAccessStore();

  // Started by the router's first navigation (`ensureLoaded`) and after every change, not by a
  // source: main decides what is active, so the list is read again whenever something changed.
  const list = useLoad(null, async (signal) => {
    const answer = await api['accounts:list'](undefined, { signal });
    access.granted();
    return answer;
  });
  reportLoadFailures(list.error, 'Could not load your profiles', { local: true });
  const startingSandbox = ref(false);
  let pendingLoad: Promise<void> | undefined;

  const profiles = computed<readonly ProfileView[]>(() => list.data.value?.profiles ?? []);
  const activeId = computed(() => list.data.value?.activeId ?? null);
  const keychain = computed<KeychainStatusView>(() => list.data.value?.keychain ?? { available: true });
  /** True once a list answer arrived: before that, "no profile" is not known yet. */
  const loaded = computed(() => list.data.value !== undefined);
  const hasProfiles = computed(() => profiles.value.length > 0);
  const active = computed(() => profiles.value.find((p) => p.id === activeId.value));

  /**
   * Runs one call. A form that can show field errors beside its fields asks for them back
   * (`formErrors`); every other failure goes to the app's notifications.
   */
  async function run<T>(action: string, fn: () => Promise<T>, formErrors = false): Promise<Outcome<T>> {
    try {
      return { ok: true, value: await fn() };
    } catch (thrown) {
      const error = toCallError(thrown);
      const forForm = formErrors && error.code === 'invalid_input';
      if (!forForm) errors.report(action, error);
      return { ok: false, error, forForm };
    }
  }

  /** Reads the list again (a Retry, or after a change); a failure is already said when it resolves. */
  const load = list.reload;

  /** One list call however many callers wait on it (the router guard and the views). */
  function ensureLoaded(): Promise<void> {
    if (loaded.value) return Promise.resolve();
    pendingLoad ??= load().finally(() => (pendingLoad = undefined));
    return pendingLoad;
  }

  /** Every change reloads the list: main decides what is active and whether tokens are there. */
  async function thenReload<T>(outcome: Outcome<T>): Promise<Outcome<T>> {
    if (outcome.ok) await load();
    return outcome;
  }

  /**
   * Saves a new profile. The first one is active at once; with another one active, the new one
   * takes over only once its connection test answers, so a typo does not leave the app on a
   * profile that cannot work. When it does not answer, the current one stays and `test` says why.
   */
  async function add(input: Omit<CallInput<'accounts:add'>, 'activate'>): Promise<Outcome<AddedProfile>> {
    const previous = activeId.value;
    const saved = await thenReload(
      await run(
        'Could not save the profile',
        () => api['accounts:add']({ ...input, activate: previous === null }),
        true,
      ),
    );
    if (!saved.ok) return saved;
    const profile = saved.value;
    if (profile.active || previous === null) return { ok: true, value: { profile, activated: true } };
    const tested = await test({ id: profile.id });
    const answered = tested.ok ? tested.value : undefined;
    if (!answered?.ok) return { ok: true, value: { profile, activated: false, test: answered } };
    const switched = await switchTo(profile.id);
    return {
      ok: true,
      value: { profile: switched.ok ? switched.value : profile, activated: switched.ok, test: answered },
    };
  }

  async function update(input: CallInput<'accounts:update'>): Promise<Outcome<ProfileView>> {
    return thenReload(await run('Could not save the profile', () => api['accounts:update'](input), true));
  }

  async function remove(id: string): Promise<Outcome<AccountsList>> {
    const outcome = await run('Could not remove the profile', () => api['accounts:remove']({ id }));
    // Main answers with the list as it now is: no need to read it again.
    if (outcome.ok) list.data.value = outcome.value;
    return outcome;
  }

  async function switchTo(id: string): Promise<Outcome<ProfileView>> {
    return thenReload(await run('Could not switch profiles', () => api['accounts:switch']({ id })));
  }

  /** First run: main starts the sandbox (seeding it may take a few seconds) and opens a profile on it. */
  async function startSandbox(): Promise<Outcome<ProfileView>> {
    startingSandbox.value = true;
    try {
      return await thenReload(
        await run('Could not start the local sandbox', () => api['accounts:start-sandbox']()),
      );
    } finally {
      startingSandbox.value = false;
    }
  }

  /**
   * A failed connection is an answer, not an error (`ok: false` with a plain message). A refused
   * call (bad input, a profile gone) is an error: no connection was tried, so it is not shown as a
   * failed one; a form asks for its field errors back, every other refusal is notified.
   */
  async function test(
    input: CallInput<'accounts:test'>,
    options: { formErrors?: boolean } = {},
  ): Promise<Outcome<ConnectionTestResult>> {
    const outcome = await run(
      'Could not test the connection',
      () => api['accounts:test'](input),
      options.formErrors,
    );
    // A test of the active profile's service says how the app's connection stands now.
    if (outcome.ok && 'id' in input && input.id === activeId.value)
      useConnectionStore().tested(outcome.value);
    return outcome;
  }

  /** Asks main to look for the keychain again (unlocked or started since launch). */
  async function recheckKeychain(): Promise<Outcome<KeychainStatusView>> {
    const outcome = await run('Could not check the keychain', () => api['accounts:keychain-status']());
    const current = list.data.value;
    // Only a list on screen shows the keychain (its notice waits for the list).
    if (outcome.ok && current) list.data.value = { ...current, keychain: outcome.value };
    return outcome;
  }

  return {
    profiles,
    activeId,
    active,
    keychain,
    loaded,
    loading: list.loading,
    startingSandbox,
    hasProfiles,
    load,
    ensureLoaded,
    add,
    update,
    remove,
    switchTo,
    startSandbox,
    test,
    recheckKeychain,
  };
});
