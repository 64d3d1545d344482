import { defineStore } from 'pinia';
import { computed, onScopeDispose, shallowRef } from 'vue';
import type {
  ContractCallError,
  ExportProgress,
  RecentExport,
  ReportConfig,
} from '../../../../shared/contract/index.ts';
import { api, on } from '../../api/contract-client.ts';
import { useAccountsStore } from '../../app/accounts-store.ts';
import { toCallError } from '../../lib/call-error.ts';
import { useLoad } from '../../lib/use-load.ts';
import { useReportBuilderStore } from './report-builder-store.ts';

export interface ExportRun {
  id: string;
  fileName: string;
  state: ExportProgress['state'] | 'starting';
  bytes: number;
  rows: number;
  /** Rows the report will hold, when known (a content report's length): the bar's 100 %. */
  expectedRows: number | null;
}

/**
 * The outcome of the last export, said beside the button until the next one. A refusal naming
 * fields is none: it is shown at those fields of the form.
 */
export type ExportOutcome =
  | { kind: 'saved'; file: RecentExport }
  | { kind: 'cancelled'; fileName: string }
  | { kind: 'failed'; error: ContractCallError };

/** Content reports answer 100 rows unless given a length (conventions §8). */
const DEFAULT_CONTENT_ROWS = 100;

/**
 * Saving a report as CSV: one export at a time, its progress from `exports:progress`, a cancel
 * that leaves no file, and the profile's recent exports with "show in folder".
 */
export const useReportExportStore = defineStore('report-export', () => {
  const accounts = useAccountsStore();
  const builder = useReportBuilderStore();
  const run = shallowRef<ExportRun | null>(null);
  const outcome = shallowRef<ExportOutcome | null>(null);
  const revealed = shallowRef<{ opened: boolean; path: string } | null>(null);
  const recent = useLoad(
    () => accounts.activeId,
    (signal) => api['exports:recent'](undefined, { signal }),
    { enabled: () => Boolean(accounts.activeId) },
  );

  const stop = on('exports:progress', (progress) => {
    const current = run.value;
    if (!current || progress.id !== current.id) return;
    run.value = {
      ...current,
      state: progress.state,
      bytes: progress.bytes,
      rows: progress.rows,
      fileName: progress.fileName,
    };
  });
  onScopeDispose(stop);

  /** Exports `config` as CSV (the builder checked it). Resolves when it ended. */
  async function start(config: ReportConfig, content: boolean): Promise<void> {
    if (run.value) return;
    const id = crypto.randomUUID();
    const fileName = `${config.filename ?? config.report_type}.csv`;
    const expectedRows = content ? (config.limit ?? DEFAULT_CONTENT_ROWS) : null;
    run.value = { id, fileName, state: 'starting', bytes: 0, rows: 0, expectedRows };
    outcome.value = null;
    revealed.value = null;
    try {
      const file = await api['reports:export']({ config, id });
      // null: the save dialog was cancelled; nothing happened.
      if (file) outcome.value = { kind: 'saved', file };
    } catch (thrown) {
      const error = toCallError(thrown);
      if (error.code === 'cancelled') {
        outcome.value = { kind: 'cancelled', fileName: run.value?.fileName ?? fileName };
      } else if (Object.keys(error.fieldErrors).length > 0) {
        builder.showCallError(error, '');
      } else {
        outcome.value = { kind: 'failed', error };
      }
    } finally {
      run.value = null;
      void recent.reload();
    }
  }

  async function cancel(): Promise<void> {
    const current = run.value;
    if (!current) return;
    run.value = { ...current, state: 'cancelled' };
    await api['exports:cancel']({ id: current.id }).catch(() => undefined);
  }

  async function reveal(path: string): Promise<void> {
    try {
      revealed.value = await api['files:reveal']({ path });
    } catch (thrown) {
      revealed.value = null;
      outcome.value = { kind: 'failed', error: toCallError(thrown) };
    }
    // A file found missing meanwhile is then marked so.
    void recent.reload();
  }

  return {
    run,
    outcome,
    revealed,
    recentItems: computed(() => recent.data.value?.items ?? []),
    recentLoaded: computed(() => recent.data.value !== undefined),
    recentLoading: recent.loading,
    recentError: recent.error,
    reloadRecent: recent.reload,
    start,
    cancel,
    reveal,
  };
});
