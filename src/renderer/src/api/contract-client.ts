import {
  callNames,
  ContractCallError,
  type CallInput,
  type CallName,
  type CallOutput,
  type CallResult,
  type PreloadApi,
  type SocialdeskApi,
} from '../../../shared/contract/index.ts';
import { failure, type Transport } from './transport.ts';
import { createWebBridge } from './web-bridge.ts';

/** Electron: the preload script's `window.socialdesk`, already one function per call. */
function preloadTransport(preload: PreloadApi): Transport {
  return {
    call: (name, input) => (preload[name] as (input: unknown) => Promise<CallResult<unknown>>)(input),
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

/** Calls main and returns the answer, or throws `ContractCallError` (never anything else). */
export async function call<K extends CallName>(name: K, input?: CallInput<K>): Promise<CallOutput<K>> {
  let result: CallResult<unknown>;
  try {
    result = await currentTransport().call(name, input);
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
for (const name of callNames) functions[name] = (input?: unknown) => call(name, input as never);
export const api = Object.freeze(functions) as unknown as SocialdeskApi;
