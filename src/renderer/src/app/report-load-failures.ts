import { watch, type Ref } from 'vue';
import type { ContractCallError } from '../../../shared/contract/index.ts';
import { useAccessStore } from './access-store.ts';
import { useCallErrorStore } from './call-error-store.ts';

/**
 * Says when a read of an app-wide store fails, as a notification titled `action`: these reads
 * have no screen of their own to show an error in. For a call main answers alone (`local`: the
 * profile list, the settings, the brands) a failure that means the page is refused is told once,
 * full page, by the access store instead. Said the moment the failure lands, before the load's
 * `reload()` resolves, so whoever awaits a retry finds the verdict already given.
 */
export function reportLoadFailures(
  error: Ref<ContractCallError | null>,
  action: string,
  options: { local?: boolean } = {},
): void {
  const errors = useCallErrorStore();
  const access = useAccessStore();
  watch(
    error,
    (failure) => {
      if (!failure) return;
      if (options.local && access.judgeLocalFailure(failure)) return;
      errors.report(action, failure);
    },
    { flush: 'sync' },
  );
}
