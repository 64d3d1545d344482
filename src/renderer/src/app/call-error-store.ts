import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { ContractCallError } from '../../../shared/contract/index.ts';
import { toCallError } from '../lib/call-error.ts';

export { toCallError };

export interface ReportedError {
  id: number;
  /** What the user tried, as a title: "Could not save the theme". */
  action: string;
  error: ContractCallError;
  /** Main cannot be reached at all (rather than one call going wrong): said once, not per call. */
  connectionLost: boolean;
}

/** Codes that mean "main cannot be reached at all", as opposed to one call going wrong. */
const connectionCodes = new Set<ContractCallError['code']>(['offline', 'forbidden']);

/**
 * Failed calls waiting to be shown. Stores report here rather than calling Naive UI directly
 * because its message/notification APIs only exist inside the providers in `app.vue`, and an
 * error can happen before they mount (the first `settings:get`); the queue bridges that gap.
 * A cancelled call is nobody's failure: it is not shown.
 */
export const useCallErrorStore = defineStore('call-errors', () => {
  const pending = shallowRef<readonly ReportedError[]>([]);
  let nextId = 1;

  function report(action: string, error: unknown): ContractCallError {
    const callError = toCallError(error);
    if (callError.code === 'cancelled') return callError;
    const connectionLost = connectionCodes.has(callError.code);
    pending.value = [...pending.value, { id: nextId++, action, error: callError, connectionLost }];
    return callError;
  }

  /** Hands the queued errors to whoever shows them, and empties the queue. */
  function take(): readonly ReportedError[] {
    const taken = pending.value;
    // Only write when there was something: an empty write would wake the watcher that drains us.
    if (taken.length > 0) pending.value = [];
    return taken;
  }

  return { pending, report, take };
});
