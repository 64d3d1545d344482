import {
  callNames,
  ContractCallError,
  type CallInput,
  type CallName,
  type CallOutput,
  type CallMeta,
  type CallResult,
  type ClientCallOptions,
  type PreloadApi,
  type SocialdeskApi,
} from '../../../shared/contract/index.ts';
import { cancelledResult, failure, type Transport } from './transport.ts';
import { createWebBridge } from './web-bridge.ts';

let nextCallId = 1;

/**
 * Electron: the preload script's `window.socialdesk`, already one function per call. A call
 * that may be cancelled carries an id; aborting its signal answers `cancelled` here at once and
 * tells main, which aborts the handler (and so its requests, queued or sent).
 */
function preloadTransport(preload: PreloadApi): Transport {
  return {
    call(name, input, { lane, signal }) {
      const invoke = preload[name] as (input: unknown, meta: CallMeta) => Promise<CallResult<unknown>>;
      if (!signal) return invoke(input, { lane });
      if (signal.aborted) return Promise.resolve(cancelledResult);
      const id = `c${nextCallId++}`;
      return new Promise((resolve) => {
        const cancel = () => {
          preload.cancel(id);
          resolve(cancelledResult);
        };
        signal.addEventListener('abort', cancel, { once: true });
        invoke(input, { lane, id }).then(
          (result) => {
            signal.removeEventListener('abort', cancel);
            resolve(result);
          },
          (error: unknown) => {
            signal.removeEventListener('abort', cancel);
            resolve(Promise.reject(error));
          },
        );
      });
    },
    on: (event, listener) => preload.on(event, listener),
  };
}

let webBridge: Transport | undefined;

/**
 * Picked per use rather than once at import, so the choice follows `window.socialdesk` (which
 * the preload script sets before any page script runs, and tests swap between cases).
 */
function currentTransport(): Transport {
  if (window.socialdesk) return preloadTransport(window.socialdesk);
  return (webBridge ??= createWebBridge());
}

/**
 * Calls main and returns the answer, or throws `ContractCallError` (never anything else). A call
 * is `interactive` unless said otherwise; aborting `signal` ends it with a `cancelled` error.
 */
export async function call<K extends CallName>(
  name: K,
  input?: CallInput<K>,
  options: ClientCallOptions = {},
): Promise<CallOutput<K>> {
  let result: CallResult<unknown>;
  try {
    result = await currentTransport().call(name, input, options);
  } catch (error) {
    // A transport that throws (an IPC channel with no handler, say) is a bug, not bad input.
    console.error(`socialdesk: transport failed for ${name}:`, error);
    result = failure('internal', 'Something went wrong in Socialdesk.');
  }
  if (!result.ok) throw new ContractCallError(result.error);
  return result.value as CallOutput<K>;
}

/** Listens to an event main pushes; returns the unsubscribe. */
export const on: SocialdeskApi['on'] = (event, listener) =>
  currentTransport().on(event, listener as (payload: unknown) => void);

/**
 * The contract as plain async functions: `await api['settings:get']()`. Built from `callNames`
 * (not a Proxy) so it is a plain object every tool can inspect; the cast is where the generic
 * `call` meets the per-call signatures.
 */
const functions: Record<string, unknown> = { on };
for (const name of callNames) {
  functions[name] = (input?: unknown, options?: ClientCallOptions) => call(name, input as never, options);
}
export const api = Object.freeze(functions) as unknown as SocialdeskApi;
