import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  AccountsList,
  ConnectionTestResult,
  KeychainStatusView,
  ProfileView,
} from '../../../shared/contract/account-calls.ts';
import type { CallInput, ContractCallError } from '../../../shared/contract/index.ts';
import { api } from '../api/contract-client.ts';
import { toCallError, useCallErrorStore } from './call-error-store.ts';

/** What an action answers: the value, or the error (already reported unless a form shows it). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ContractCallError };

/**
 * The profiles main knows about, the active one and whether the keychain can be used. It holds
 * no token, ever: tokens go from a form straight into a call and are not kept here.
 */
export const useAccountsStore = defineStore('accounts', () => {
  const errors = useCallErrorStore();

  const profiles = shallowRef<readonly ProfileView[]>([]);
  const activeId = ref<string | null>(null);
  const keychain = ref<KeychainStatusView>({ available: true });
  /** True once a list answer arrived: before that, "no profile" is not known yet. */
  const loaded = ref(false);
  const loading = ref(false);
  const startingSandbox = ref(false);
  let pendingLoad: Promise<void> | undefined;

  const hasProfiles = computed(() => profiles.value.length > 0);
  const active = computed(() => profiles.value.find((p) => p.id === activeId.value));

  function apply(list: AccountsList): void {
    profiles.value = list.profiles;
    activeId.value = list.activeId;
    keychain.value = list.keychain;
    loaded.value = true;
  }

  /**
   * Runs one call. A form that can show field errors beside its fields asks for them back
   * (`formErrors`); every other failure goes to the app's notifications.
   */
  async function run<T>(action: string, fn: () => Promise<T>, formErrors = false): Promise<Outcome<T>> {
    try {
      return { ok: true, value: await fn() };
    } catch (thrown) {
      const error = toCallError(thrown);
      if (!(formErrors && error.code === 'invalid_input')) errors.report(action, error);
      return { ok: false, error };
    }
  }

  async function load(): Promise<void> {
    loading.value = true;
    const outcome = await run('Could not load your profiles', () => api['accounts:list']());
    if (outcome.ok) apply(outcome.value);
    loading.value = false;
  }

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

  async function add(input: CallInput<'accounts:add'>): Promise<Outcome<ProfileView>> {
    return thenReload(await run('Could not save the profile', () => api['accounts:add'](input), true));
  }

  async function update(input: CallInput<'accounts:update'>): Promise<Outcome<ProfileView>> {
    return thenReload(await run('Could not save the profile', () => api['accounts:update'](input), true));
  }

  async function remove(id: string): Promise<Outcome<AccountsList>> {
    const outcome = await run('Could not remove the profile', () => api['accounts:remove']({ id }));
    if (outcome.ok) apply(outcome.value);
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
   * A failed test is an answer, not an error (`ok: false` with a plain message); a refused call
   * (bad input, a profile gone) is turned into the same shape so the page shows it in place.
   */
  async function test(input: CallInput<'accounts:test'>): Promise<ConnectionTestResult> {
    try {
      return await api['accounts:test'](input);
    } catch (thrown) {
      const error = toCallError(thrown);
      return { ok: false, message: error.message, code: error.code, status: error.status };
    }
  }

  return {
    profiles,
    activeId,
    active,
    keychain,
    loaded,
    loading,
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
  };
});
