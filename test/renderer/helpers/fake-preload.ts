import type { AppInfo } from '../../../src/shared/app-info.ts';
import {
  callNames,
  calls,
  invalidInput,
  type CallInput,
  type CallName,
  type CallOutput,
  type CallResult,
  type EventName,
  type EventPayload,
  type PreloadApi,
  type TagView,
} from '../../../src/shared/contract/index.ts';
import { defaultSettings, type Settings } from '../../../src/shared/settings.ts';
import { createFakeAccounts, type FakeAccountsInit } from './fake-accounts.ts';
import { createFakeAreas } from './fake-areas.ts';

type Answer<K extends CallName> = (
  input: CallInput<K>,
) => CallResult<CallOutput<K>> | Promise<CallResult<CallOutput<K>>>;

export const sampleInfo: AppInfo = {
  name: 'Socialdesk',
  version: '0.1.0-test',
  shell: 'electron',
  runtimes: { electron: '45.4.1', node: '24.3.0', chrome: '142.0.0.0' },
};

/**
 * An in-memory `window.socialdesk`: the transport boundary the renderer talks to. It answers
 * like main does (envelopes, settings kept across calls) and records every call it receives.
 */
export function createFakePreload(
  initial: {
    settings?: Partial<Settings>;
    info?: AppInfo;
    accounts?: FakeAccountsInit;
    tags?: TagView[];
  } = {},
) {
  let settings: Settings = { ...defaultSettings, ...initial.settings };
  const accounts = createFakeAccounts(initial.accounts);
  const areas = createFakeAreas(accounts, { tags: initial.tags });
  const received: { name: CallName; input: unknown }[] = [];
  /** Ids of the calls the renderer cancelled. */
  const cancelled: string[] = [];
  const overrides = new Map<CallName, Answer<CallName>>();
  const listeners = new Set<{ event: EventName; listener: (payload: never) => void }>();

  // The calls these tests need; any other answers as main would with no handler, so an area's
  // tests add its fake when they need one rather than every test faking every call.
  const answers: { [K in CallName]?: Answer<K> } = {
    'app:info': () => ({ ok: true, value: initial.info ?? sampleInfo }),
    'settings:get': () => ({ ok: true, value: settings }),
    // Reached with input that passed the contract's schema (see `answer`), as in main.
    'settings:update': (input) => {
      settings = { ...settings, ...input };
      return { ok: true, value: settings };
    },
    'files:downloads-folder': () => ({
      ok: true,
      value: settings.downloadsFolder
        ? { path: settings.downloadsFolder, isDefault: false }
        : { path: '/home/cm/Downloads/Socialdesk', isDefault: true },
    }),
    'files:open-downloads-folder': () => ({
      ok: true,
      value: { opened: false, path: settings.downloadsFolder ?? '/home/cm/Downloads/Socialdesk' },
    }),
    ...accounts.answers,
    ...areas.answers,
  };

  function answer(name: CallName, input: unknown) {
    received.push({ name, input });
    const override = overrides.get(name) as ((input: unknown) => unknown) | undefined;
    if (override) return Promise.resolve(override(input));
    // Main's dispatch validates every input against the call's contract schema before its handler
    // runs; so does the fake, with the same schema and the same `invalidInput` error, so the
    // renderer is tested against the error a user would really see.
    const parsed = calls[name].input.safeParse(input);
    if (!parsed.success) return Promise.resolve({ ok: false, error: invalidInput(parsed.error) });
    const handler = answers[name] as ((input: unknown) => unknown) | undefined;
    if (!handler) {
      return Promise.resolve({
        ok: false,
        error: {
          code: 'unknown_call',
          message: `The fake preload does not answer ${name}.`,
          fieldErrors: {},
        },
      });
    }
    return Promise.resolve(handler(parsed.data));
  }

  const on: PreloadApi['on'] = (event, listener) => {
    const entry = { event, listener: listener as (payload: never) => void };
    listeners.add(entry);
    return () => listeners.delete(entry);
  };
  const functions: Record<string, unknown> = { on, cancel: (id: string) => void cancelled.push(id) };
  for (const name of callNames) functions[name] = (input?: unknown) => answer(name, input);
  const api = functions as unknown as PreloadApi;

  return {
    api,
    received,
    get settings() {
      return settings;
    },
    /** The fake's accounts state (profiles, active one, keychain). */
    accounts,
    /** The tags main holds, as the fake keeps them. */
    tags: areas.tags,
    cancelled,
    /** Inputs received for one call, in order. */
    inputsOf<K extends CallName>(name: K): CallInput<K>[] {
      return received.filter((r) => r.name === name).map((r) => r.input as CallInput<K>);
    },
    /** Replaces how one call answers, for the failure cases. */
    answer<K extends CallName>(name: K, fn: Answer<K>) {
      overrides.set(name, fn as Answer<CallName>);
    },
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const entry of listeners) if (entry.event === event) entry.listener(payload as never);
    },
    install() {
      window.socialdesk = api;
      return this;
    },
  };
}
