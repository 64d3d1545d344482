import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { ConnectionTestResult, ServiceConnection } from '../../../shared/contract/index.ts';
import { api, on } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { useAccountsStore } from './accounts-store.ts';
import { useOutboxStore } from './outbox-store.ts';

const unknown: ServiceConnection = { state: 'unknown', since: null };

/**
 * Whether the active profile's service answers: the one connection state of the whole app, which
 * the side bar and every area say alike. Main hears every request to the service, from any area
 * or background job, and tells each change (`service:connection`); the drafts outbox's word and a
 * connection test in Settings feed it too. The last word wins: each is about a request just made.
 */
export const useConnectionStore = defineStore('connection', () => {
  const accounts = useAccountsStore();
  const outbox = useOutboxStore();
  const word = shallowRef<ServiceConnection>(unknown);
  let heard = false;

  /** A request just got an answer (`online`) or none (`offline`). */
  function hear(state: 'online' | 'offline'): void {
    heard = true;
    if (word.value.state !== state) word.value = { state, since: Date.now() };
  }

  on('service:connection', (payload) => {
    heard = true;
    word.value = payload;
  });
  // The outbox's own requests (and its first state, read once per profile).
  watch(
    () => outbox.connection.state,
    (state) => {
      if (state === 'online' || state === 'offline') hear(state);
    },
  );

  // After a reload, or another profile, no event may come until the next request: ask once. An
  // event that came while the answer travelled is newer than the answer.
  const last = useLoad(
    () => accounts.activeId,
    (signal) => {
      heard = false;
      word.value = unknown;
      return api['accounts:connection'](undefined, { signal });
    },
    { enabled: () => accounts.activeId !== null },
  );
  watch(
    last.data,
    (answer) => {
      if (answer && !heard) word.value = answer;
    },
    { flush: 'sync' },
  );

  /** A connection test of the active profile's service came back: it says how things stand now. */
  function tested(result: ConnectionTestResult): void {
    hear(result.code === 'offline' ? 'offline' : 'online');
  }

  const state = computed(() => word.value.state);
  /** When the service stopped answering; null while it answers (or nothing is known yet). */
  const offlineSince = computed(() => (word.value.state === 'offline' ? word.value.since : null));

  return { state, offlineSince, tested };
});
