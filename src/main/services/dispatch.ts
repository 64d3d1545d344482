import type { z } from 'zod';
import {
  callMetaSchema,
  calls,
  ContractCallError,
  invalidInput,
  isCallName,
  type CallName,
  type CallResult,
  type Calls,
  type CallSpec,
  type ContractError,
  type Lane,
} from '../../shared/contract/index.ts';
import { isApiError, toContractError, type ApiError } from './api/api-error.ts';
import { withFieldRules } from './posts/field-rules.ts';

/** What a handler knows of its caller besides the input. */
export interface CallContext {
  /** Aborts when the renderer cancels the call or goes away; pass it to every request. */
  signal: AbortSignal;
  /** Whether a person waits for the answer; the rate gate serves `interactive` first. */
  lane: Lane;
}

/** One async function per call of a call map, taking the parsed input. */
export type HandlerMap<M extends Record<string, CallSpec>> = {
  [K in keyof M]: (input: z.output<M[K]['input']>, context: CallContext) => Promise<z.output<M[K]['output']>>;
};
export type Handlers = HandlerMap<Calls>;

/** How a shell hands a call over: its meta (lane, id) as sent, and a signal it aborts on cancel. */
export interface DispatchOptions {
  meta?: unknown;
  signal?: AbortSignal;
}

/**
 * Runs one call for either shell: checks the name, validates the input against the contract's
 * schema, answers only what the output schema lets through, and turns every failure into the
 * contract's error (the one place that does: handlers just throw). Unexpected errors are logged
 * here with the call name only, never the input, because inputs may hold a token.
 */
export async function dispatch(
  handlers: Handlers,
  name: unknown,
  rawInput: unknown,
  options: DispatchOptions = {},
): Promise<CallResult<unknown>> {
  if (!isCallName(name)) {
    return failed({ code: 'unknown_call', message: `Unknown call: ${String(name)}`, fieldErrors: {} });
  }
  const parsed = calls[name].input.safeParse(rawInput);
  if (!parsed.success) return failed(invalidInput(parsed.error));
  const meta = callMetaSchema.safeParse(options.meta ?? {});
  if (!meta.success) return failed(invalidInput(meta.error));
  const signal = options.signal ?? new AbortController().signal;
  let value: unknown;
  try {
    const handler = handlers[name] as (input: unknown, context: CallContext) => Promise<unknown>;
    value = await handler(parsed.data, { signal, lane: meta.data.lane });
  } catch (error) {
    return failed(contractErrorOf(name, error, signal));
  }
  // The answer goes through the call's output schema too: its objects drop keys the contract does
  // not name, so a stray field (a token a service carried along) never crosses to the renderer.
  const output = calls[name].output.safeParse(value);
  if (!output.success) {
    // Paths only: the values are the very thing that must not reach a log.
    const paths = output.error.issues.map((issue) => issue.path.map(String).join('.') || '(root)');
    console.error(`socialdesk: call ${name} answered outside its contract at ${paths.join(', ')}`);
    return failed(internalError);
  }
  return { ok: true, value: output.data };
}

const internalError: ContractError = {
  code: 'internal',
  message: 'Something went wrong in Socialdesk.',
  fieldErrors: {},
};

const cancelledError: ContractError = {
  code: 'cancelled',
  message: 'The request was cancelled.',
  fieldErrors: {},
};

/**
 * Every failure of a call as the contract's error: the handler's own ContractCallError as it is;
 * the API client's errors by status or kind (401, 403, 404, 409, 422 with the service's field
 * errors, and the rules behind them that main recognises, such as a publish time that has passed;
 * 429, no answer, a timeout, the rate gate's refusal); a cancelled call as `cancelled`.
 */
export function contractErrorOf(name: CallName, error: unknown, signal?: AbortSignal): ContractError {
  if (error instanceof ContractCallError) return error.toJSON();
  if (isApiError(error)) return serviceRefusal(error);
  if (signal?.aborted || isAbort(error)) return cancelledError;
  console.error(`socialdesk: call ${name} failed:`, error instanceof Error ? error.message : error);
  return internalError;
}

/**
 * The service's refusal as the contract's error, with the rules main recognises in its field
 * errors. Also for refusals that do not answer a call but are kept for later (a draft the outbox
 * could not send), so a person reads every refusal the same way.
 */
export function serviceRefusal(error: ApiError): ContractError {
  return withFieldRules(toContractError(error));
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function failed(error: ContractError): CallResult<never> {
  return { ok: false, error };
}
