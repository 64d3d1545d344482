import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { DraftState, OutboxConnection, SyncProgress } from '../../../shared/contract/index.ts';
import { api, on } from '../api/contract-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { useAccountsStore } from './accounts-store.ts';

/**
 * The drafts outbox of the active profile as main last told it: whether the service answers
 * (`drafts:connection`) and how the sync goes (`sync:progress`). Lives as long as the app, as the
 * shell's indicator shows it on every screen; read once per profile, then kept by the events.
 * App-wide for that reason: the shell reads it here, and the drafts area reads it from here too.
 */
export const useOutboxStore = defineStore('drafts-outbox', () => {
  const accounts = useAccountsStore();
  const connection = shallowRef<OutboxConnection>({ state: 'unknown', retryAt: null });
  const progress = shallowRef<SyncProgress>({ pending: 0, done: 0, failed: 0 });
  const counts = shallowRef<Partial<Record<DraftState, number>>>({});
  let heard = { connection: false, progress: false };

  on('drafts:connection', (payload) => {
    heard.connection = true;
    connection.value = payload;
  });
  on('sync:progress', (payload) => {
    heard.progress = true;
    progress.value = payload;
  });

  // A failure leaves the indicator as it was ("unknown" at first): the drafts screens show
  // their own errors, so this one is not said again.
  const read = useLoad(
    () => accounts.activeId,
    (signal) => {
      heard = { connection: false, progress: false };
      return api['drafts:status'](undefined, { signal });
    },
    { enabled: () => accounts.activeId !== null },
  );
  watch(
    read.data,
    (status) => {
      if (!status) return; // no profile: the last word stays until the next one's
      // An event that came while the answer travelled is newer than the answer.
      if (!heard.connection) connection.value = status.connection;
      if (!heard.progress) progress.value = status.progress;
      counts.value = status.counts;
    },
    { flush: 'sync' },
  );

  const syncing = computed(() => progress.value.pending > 0);
  return { connection, progress, counts, syncing, load: read.reload };
});
