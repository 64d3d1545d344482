import type { triageQueueCalls } from '../../../../shared/contract/index.ts';
import type { HandlerMap } from '../../dispatch.ts';
import type { OfflineTriage } from './offline-triage.ts';

/** The line of triage done offline, for the inbox's marks, its Retry and its Drop. */
export function createTriageQueueHandlers(
  triage: Pick<OfflineTriage, 'list' | 'retry' | 'drop'>,
): HandlerMap<typeof triageQueueCalls> {
  return {
    'inbox:queued-changes': async () => triage.list(),
    'inbox:retry-change': async ({ seq }) => triage.retry(seq),
    'inbox:drop-change': async ({ seq }) => triage.drop(seq),
  };
}
