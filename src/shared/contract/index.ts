import { z } from 'zod';
import type { CallResult } from './errors.ts';
import { accountCalls, rateStatusSchema } from './account-calls.ts';
import { appCalls } from './app-calls.ts';

/**
 * The contract: every call the renderer may make to main, with its input schema and output
 * schema, and every event main pushes. Each area declares its calls in its own `*-calls.ts` file and they are
 * merged here. The Electron binding, the preload API, the renderer's
 * client and the web bridge are all derived from these two maps, so adding a call here is the
 * only place a channel is declared. (Written by hand: the libraries that type IPC either bind
 * to Electron only or bring a whole RPC framework, and this is one map.)
 */
export const calls = {
  ...appCalls,
  ...accountCalls,
} as const;

export const events = {
  /** The rate gate's view of the service's limit, for the meter in the renderer. */
  'rate:status': rateStatusSchema,
  /** Progress of the drafts outbox sync. */
  'sync:progress': z.object({ pending: z.number().int(), done: z.number().int(), failed: z.number().int() }),
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<K extends CallName> = z.input<Calls[K]['input']>;
export type CallOutput<K extends CallName> = z.output<Calls[K]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<K extends EventName> = z.output<Events[K]>;

/** The one IPC channel main pushes events on; the event name travels in the message. */
export const EVENT_CHANNEL = 'socialdesk:event';

export const callNames = Object.keys(calls) as CallName[];
export const eventNames = Object.keys(events) as EventName[];

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(calls, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

/** Calls whose input is `undefined` take no argument. */
type CallFunction<K extends CallName, R> =
  undefined extends CallInput<K> ? (input?: CallInput<K>) => Promise<R> : (input: CallInput<K>) => Promise<R>;

type Subscribe = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;

/**
 * `window.socialdesk`, exposed by the preload script. Answers are envelopes, not throws, because
 * an Error crossing contextBridge loses everything but its message.
 */
export type PreloadApi = { [K in CallName]: CallFunction<K, CallResult<CallOutput<K>>> } & { on: Subscribe };

/** What the renderer's client offers in either shell: answers unwrapped, errors thrown as ContractCallError. */
export type SocialdeskApi = { [K in CallName]: CallFunction<K, CallOutput<K>> } & { on: Subscribe };

export * from './errors.ts';
