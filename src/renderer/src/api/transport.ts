import type {
  CallName,
  CallResult,
  ClientCallOptions,
  ContractError,
  EventName,
} from '../../../shared/contract/index.ts';

/**
 * How the contract client reaches main: the preload API in Electron, the web bridge in the
 * browser shell. Both answer envelopes; only the client turns them into throws.
 */
export interface Transport {
  /** Answers `cancelled` at once when `options.signal` aborts, and asks main to stop the call. */
  call: (name: CallName, input: unknown, options: ClientCallOptions) => Promise<CallResult<unknown>>;
  on: (event: EventName, listener: (payload: unknown) => void) => () => void;
}

export function failure(code: ContractError['code'], message: string, status?: number): CallResult<never> {
  return {
    ok: false,
    error: { code, message, fieldErrors: {}, ...(status === undefined ? {} : { status }) },
  };
}

export const offlineMessage =
  'Socialdesk cannot reach its background process. If you use the browser shell, check that it is still running.';

export const cancelledResult: CallResult<never> = failure('cancelled', 'The request was cancelled.');
