import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ContractCallError, ContractErrorCode } from '../../../shared/contract/index.ts';

/**
 * Codes that, on a call main answers by itself (the profile list, the settings), can only mean
 * that main refused the page: no valid credential for the bridge. The same codes from a call that
 * reaches the service (a 403 for one brand) mean something else, so only main's own calls judge.
 */
const refusalCodes = new Set<ContractErrorCode>(['forbidden', 'unauthorized']);

/** Whether main serves this page at all. While it refuses, the app shows one full-page state. */
export const useAccessStore = defineStore('access', () => {
  const refused = ref(false);

  /**
   * For a failed call main answers alone: true when it means the page is refused (the full-page
   * state says so, so the caller shows nothing else), false for any other failure.
   */
  function judgeLocalFailure(error: ContractCallError): boolean {
    if (!refusalCodes.has(error.code)) return false;
    refused.value = true;
    return true;
  }

  /** A call main answered alone succeeded: the page is served. */
  function granted(): void {
    refused.value = false;
  }

  return { refused, judgeLocalFailure, granted };
});
