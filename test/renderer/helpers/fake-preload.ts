import type { AppInfo } from '../../../src/shared/app-info.ts';
import type {
  CallInput,
  CallName,
  CallOutput,
  CallResult,
  EventName,
  EventPayload,
  PreloadApi,
} from '../../../src/shared/contract/index.ts';
import { defaultSettings, settingsUpdateSchema, type Settings } from '../../../src/shared/settings.ts';

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
export function createFakePreload(initial: { settings?: Settings; info?: AppInfo } = {}) {
  let settings: Settings = { ...defaultSettings, ...initial.settings };
  const received: { name: CallName; input: unknown }[] = [];
  const overrides = new Map<CallName, Answer<CallName>>();
  const listeners = new Set<{ event: EventName; listener: (payload: never) => void }>();

  const answers: { [K in CallName]: Answer<K> } = {
    'app:info': () => ({ ok: true, value: initial.info ?? sampleInfo }),
    'settings:get': () => ({ ok: true, value: settings }),
    'settings:update': (input) => {
      const parsed = settingsUpdateSchema.safeParse(input);
      if (!parsed.success)
        return { ok: false, error: { code: 'invalid_input', message: 'Invalid input.', fieldErrors: {} } };
      settings = { ...settings, ...parsed.data };
      return { ok: true, value: settings };
    },
  };

  function answer(name: CallName, input: unknown) {
    received.push({ name, input });
    const handler = (overrides.get(name) ?? answers[name]) as (input: unknown) => unknown;
    return Promise.resolve(handler(input));
  }

  const on: PreloadApi['on'] = (event, listener) => {
    const entry = { event, listener: listener as (payload: never) => void };
    listeners.add(entry);
    return () => listeners.delete(entry);
  };
  const functions: Record<string, unknown> = { on };
  for (const name of Object.keys(answers) as CallName[])
    functions[name] = (input?: unknown) => answer(name, input);
  const api = functions as unknown as PreloadApi;

  return {
    api,
    received,
    get settings() {
      return settings;
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
