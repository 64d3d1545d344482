import { ref, shallowRef } from 'vue';
import type { ConnectionTestResult } from '../../../../shared/contract/account-calls.ts';
import type { CallInput } from '../../../../shared/contract/index.ts';
import { useAccountsStore } from '../../app/accounts-store.ts';

/**
 * One "Test connection" button's state: running, and the last result to show beside it. A
 * newer test (or a reset) makes an older answer stale, so a slow first test cannot overwrite
 * the result of the one the user clicked last.
 */
export function useConnectionTest() {
  const accounts = useAccountsStore();
  const testing = ref(false);
  const result = shallowRef<ConnectionTestResult | null>(null);
  let ticket = 0;

  async function run(input: CallInput<'accounts:test'>): Promise<ConnectionTestResult | null> {
    const mine = ++ticket;
    testing.value = true;
    result.value = null;
    const answer = await accounts.test(input);
    if (mine !== ticket) return null;
    result.value = answer;
    testing.value = false;
    return answer;
  }

  /** Shows a result found without calling main (the form's own checks). */
  function show(answer: ConnectionTestResult): void {
    ticket++;
    testing.value = false;
    result.value = answer;
  }

  function reset(): void {
    ticket++;
    testing.value = false;
    result.value = null;
  }

  return { testing, result, run, show, reset };
}
