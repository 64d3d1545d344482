import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { ListAnswer, ReportConfig, ReportPreview } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useLoad } from '../../lib/use-load.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { useReportBuilderStore } from './report-builder-store.ts';

/** Rows asked for at a time while a long table is scrolled. */
export const PREVIEW_PAGE = 100;

type Row = Record<string, unknown>;
/** A table row as the paged list keeps it: its place in the report is its id. */
interface NumberedRow {
  id: number;
  row: Row;
}

const numbered = (rows: Row[], offset: number): NumberedRow[] =>
  rows.map((row, i) => ({ id: offset + i, row }));

/**
 * The preview of the report last asked for (the Preview button, its Retry). A table's rows are
 * read a page at a time as the list scrolls to them: main reads the report once and keeps it a
 * minute, and the preview's own answer is the table's first page. A refusal naming fields is
 * shown at those fields of the form, besides the preview's error state.
 */
export const useReportPreviewStore = defineStore('report-preview', () => {
  const builder = useReportBuilderStore();
  /** The configuration asked for last: what Retry asks for again. */
  const asked = shallowRef<ReportConfig | null>(null);

  const load = useLoad(
    null,
    async (signal) => {
      const config = asked.value!;
      const answer = await api['reports:data']({ config, offset: 0, limit: PREVIEW_PAGE }, { signal });
      return { answer, config, shown: JSON.stringify(config) };
    },
    { enabled: () => asked.value !== null },
  );
  // A refusal tied to fields shows at them too; others are the preview's own error state.
  watch(load.error, (error) => {
    if (error && Object.keys(error.fieldErrors).length > 0) builder.showCallError(error, '');
  });

  const preview = computed<ReportPreview | null>(() => load.data.value?.answer ?? null);
  const table = computed(() => {
    const view = preview.value?.view;
    return view?.kind === 'table' ? view : null;
  });

  const rowsList = usePagedList<NumberedRow>({
    pageSize: PREVIEW_PAGE,
    key: () => (table.value ? (load.data.value?.shown ?? '') : ''),
    enabled: () => table.value !== null,
    load: async (offset, limit, signal): Promise<ListAnswer<NumberedRow>> => {
      const shown = load.data.value!;
      const count = table.value!.previewable;
      // The preview's answer holds the first page: not asked for twice.
      if (offset === 0 && shown.answer.view.kind === 'table')
        return { count, items: numbered(shown.answer.view.items, 0) };
      const answer = await api['reports:data']({ config: shown.config, offset, limit }, { signal });
      const items = answer.view.kind === 'table' ? answer.view.items : [];
      return { count, items: numbered(items, offset) };
    },
  });

  /** Every row the table may show, those not read yet undefined. */
  const rows = computed<(Row | undefined)[]>(() => {
    void rowsList.revision.value;
    const count = table.value?.previewable ?? 0;
    return Array.from({ length: count }, (_, index) => rowsList.itemAt(index)?.row);
  });

  /** Asks for a preview of `config` (the builder checked it). */
  function run(config: ReportConfig): Promise<void> {
    asked.value = config;
    return load.reload();
  }

  /** A new report: the last one's preview (or its loading, or its error) leaves the screen. */
  function clear(): void {
    asked.value = null;
    void load.reload(); // asks for nothing: what was shown, its load and its error all go
  }

  return {
    preview,
    rows,
    loading: load.loading,
    error: load.error,
    /** The configuration `preview` shows (to tell when the form has moved on). */
    shownConfig: computed<ReportConfig | null>(() => load.data.value?.config ?? null),
    loaded: computed(() => preview.value !== null),
    /** Why some rows scrolled to could not be read (the rest of the table works meanwhile). */
    rowsError: computed(() => {
      void rowsList.revision.value;
      const failed = Math.ceil(rows.value.length / PREVIEW_PAGE);
      for (let page = 0; page < failed; page++) {
        const state = rowsList.pageAt(page * PREVIEW_PAGE);
        if (state.status === 'failed') return state.error;
      }
      return null;
    }),
    rowsLoading: rowsList.loading,
    retryRows: rowsList.retryFailed,
    run,
    clear,
    retry: load.reload,
    /** The rows start..end are in view: their pages are read, those left far behind forgotten. */
    loadRows: rowsList.setRange,
    cancel: load.cancel,
  };
});
