import { defineStore } from 'pinia';
import { computed, onScopeDispose, shallowRef } from 'vue';
import type { QueuedTriage, QueuedTriageList } from '../../../../../shared/contract/index.ts';
import { api, on } from '../../../api/contract-client.ts';
import { useCallErrorStore } from '../../../app/call-error-store.ts';
import { presentError } from '../../../lib/error-presenter.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { changeWords } from '../use-triage.ts';

/** How a row with triage done offline reads: waiting to be sent, or refused by the service. */
export type QueuedLook = { state: 'waiting' } | { state: 'refused'; seq: number; line: string };

/**
 * Triage done while the service could not be reached, in line in main until it answers again:
 * which rows wait (a calm mark), which change the service refused (in the person's words, with
 * Retry and Drop), and how many wait (the offline line says it). Main tells every change of the
 * line; `settled` hands the inbox the rows whose change left the line, to read again as the
 * service now has them.
 */
export const useQueuedChangesStore = defineStore('inbox-queued-changes', () => {
  const errors = useCallErrorStore();
  const line = shallowRef<QueuedTriageList>({ items: [] });
  const load = useLoad(null, async () => {
    const answer = await api['inbox:queued-changes']();
    take(answer);
    return answer;
  });
  void load.reload();

  const listeners = new Set<(ids: number[]) => void>();
  /** A new line: rows that were waiting and no longer are (sent, or refused) are told. */
  function take(next: QueuedTriageList): void {
    const waitingNow = new Set(next.items.filter((q) => q.state === 'waiting').map((q) => q.interactionId));
    const left = [
      ...new Set(
        line.value.items
          .filter((q) => q.state === 'waiting' && !waitingNow.has(q.interactionId))
          .map((q) => q.interactionId),
      ),
    ];
    line.value = next;
    if (left.length > 0) for (const listener of listeners) listener(left);
  }
  const stop = on('inbox:queued-changes', take);
  onScopeDispose(stop);

  const looks = computed(() => {
    const byRow = new Map<number, QueuedLook>();
    for (const queued of line.value.items) {
      if (queued.state === 'refused') byRow.set(queued.interactionId, refusedLook(queued));
      else if (!byRow.has(queued.interactionId)) byRow.set(queued.interactionId, { state: 'waiting' });
    }
    return byRow;
  });
  const waitingCount = computed(() => line.value.items.filter((q) => q.state === 'waiting').length);

  async function retry(seq: number): Promise<void> {
    try {
      take(await api['inbox:retry-change']({ seq }));
    } catch (thrown) {
      errors.report('Could not retry the change', thrown);
    }
  }
  async function drop(seq: number): Promise<void> {
    try {
      take(await api['inbox:drop-change']({ seq }));
    } catch (thrown) {
      errors.report('Could not drop the change', thrown);
    }
  }

  return {
    lookOf: (id: number): QueuedLook | undefined => looks.value.get(id),
    waitingCount,
    retry,
    drop,
    /** Rows whose changes left the line; returns the unsubscribe. */
    settled(listener: (ids: number[]) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

function refusedLook(queued: QueuedTriage): QueuedLook {
  const action = `Could not ${changeWords(queued.change)}`;
  const why = queued.error ? presentError(queued.error, { action, within: 'action' }).line : '';
  return { state: 'refused', seq: queued.seq, line: why ? `${action}. ${why}` : `${action}.` };
}
