import type { z } from 'zod';
import {
  calls,
  ContractCallError,
  invalidInput,
  isCallName,
  type CallName,
  type CallResult,
  type Calls,
} from '../../shared/contract/index.ts';

type CallSpec = { input: z.ZodType; output: z.ZodType };

/** One async function per call of a call map, taking the parsed input. */
export type HandlerMap<M extends Record<string, CallSpec>> = {
  [K in keyof M]: (input: z.output<M[K]['input']>) => Promise<z.output<M[K]['output']>>;
};
export type Handlers = HandlerMap<Calls>;

/**
 * Runs one call for either shell: checks the name, validates the input against the contract's
 * schema, answers only what the output schema lets through, and turns every failure into a
 * typed error envelope. Unexpected errors are logged here with the call name only, never the
 * input, because inputs may hold a token.
 */
export async function dispatch(
  handlers: Handlers,
  name: unknown,
  rawInput: unknown,
): Promise<CallResult<unknown>> {
  if (!isCallName(name)) {
    return {
      ok: false,
      error: { code: 'unknown_call', message: `Unknown call: ${String(name)}`, fieldErrors: {} },
    };
  }
  const parsed = calls[name].input.safeParse(rawInput);
  if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
  let value: unknown;
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    value = await handler(parsed.data);
  } catch (error) {
    if (error instanceof ContractCallError) return { ok: false, error: error.toJSON() };
    console.error(
      `socialdesk: call ${name as CallName} failed:`,
      error instanceof Error ? error.message : error,
    );
    return internalError();
  }
  // The answer goes through the call's output schema too: its objects drop keys the contract does
  // not name, so a stray field (a token a service carried along) never crosses to the renderer.
  const output = calls[name].output.safeParse(value);
  if (!output.success) {
    // Paths only: the values are the very thing that must not reach a log.
    const paths = output.error.issues.map((issue) => issue.path.map(String).join('.') || '(root)');
    console.error(`socialdesk: call ${name} answered outside its contract at ${paths.join(', ')}`);
    return internalError();
  }
  return { ok: true, value: output.data };
}

function internalError(): CallResult<never> {
  return {
    ok: false,
    error: { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} },
  };
}
