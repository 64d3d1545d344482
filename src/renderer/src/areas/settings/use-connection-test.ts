import { ref, shallowRef } from 'vue';
import type { CallInput, ConnectionTestResult } from '../../../../shared/contract/index.ts';
import { useAccountsStore, type Outcome } from '../../app/accounts-store.ts';

/**
 * One "Test connection" button's state: running, and the last result to show beside it. Only a
 * test that reached the service has a result; a refused call leaves none (see `accounts.test`).
 * A newer test (or a reset) makes an older answer stale, so a slow first test cannot overwrite
 * the result of the one the user clicked last.
 */
export function useConnectionTest(options: { formErrors?: boolean } = {}) {
  const accounts = useAccountsStore();
  const testing = ref(false);
  const result = shallowRef<ConnectionTestResult | null>(null);
  let ticket = 0;

  /** The call's outcome, or null when a newer test or a reset made it stale. */
  async function run(input: CallInput<'accounts:test'>): Promise<Outcome<ConnectionTestResult> | null> {
    const mine = ++ticket;
    testing.value = true;
    result.value = null;
    const outcome = await accounts.test(input, options);
    if (mine !== ticket) return null;
    result.value = outcome.ok ? outcome.value : null;
    testing.value = false;
    return outcome;
  }

  function reset(): void {
    ticket++;
    testing.value = false;
    result.value = null;
  }

  return { testing, result, run, reset };
}
