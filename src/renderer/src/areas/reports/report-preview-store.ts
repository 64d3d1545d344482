import { defineStore } from 'pinia';
import { computed, ref, shallowRef, triggerRef } from 'vue';
import type { ReportConfig, ReportPreview } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { toCallError } from '../../lib/call-error.ts';
import type { ContractCallError } from '../../../../shared/contract/index.ts';

/** Rows asked for at a time while a long table is scrolled. */
export const PREVIEW_PAGE = 100;

type Row = Record<string, unknown>;

/**
 * The preview of the report last asked for. Tables are paged: main reads the report once and
 * keeps it a minute, and this store asks for the pages the list scrolls to.
 */
export const useReportPreviewStore = defineStore('report-preview', () => {
  const preview = shallowRef<ReportPreview | null>(null);
  /** The configuration `preview` shows (to tell when the form has moved on). */
  const shownConfig = ref<string | null>(null);
  const rows = shallowRef<(Row | undefined)[]>([]);
  const loading = ref(false);
  const error = shallowRef<ContractCallError | null>(null);
  let current: AbortController | undefined;
  let config: ReportConfig | undefined;
  const pagesAsked = new Set<number>();

  /** Asks for a preview; throws nothing: a failure is in `error` (and returned, for its fields). */
  async function run(next: ReportConfig): Promise<ContractCallError | null> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    loading.value = true;
    try {
      const answer = await api['reports:data'](
        { config: next, offset: 0, limit: PREVIEW_PAGE },
        { signal: controller.signal },
      );
      if (current !== controller) return null;
      config = next;
      pagesAsked.clear();
      pagesAsked.add(0);
      const view = answer.view;
      rows.value =
        view.kind === 'table' ? Array.from({ length: view.previewable }, (_, i) => view.items[i]) : [];
      preview.value = answer;
      shownConfig.value = JSON.stringify(next);
      error.value = null;
      return null;
    } catch (thrown) {
      const failure = toCallError(thrown);
      if (current === controller && failure.code !== 'cancelled') error.value = failure;
      return failure;
    } finally {
      if (current === controller) loading.value = false;
    }
  }

  /** Loads the pages of rows start..end (what the list shows) that are not loaded yet. */
  async function loadRows(start: number, end: number): Promise<void> {
    if (!config || preview.value?.view.kind !== 'table') return;
    const asked = config;
    for (let page = Math.floor(start / PREVIEW_PAGE); page <= Math.floor(end / PREVIEW_PAGE); page++) {
      if (pagesAsked.has(page) || page * PREVIEW_PAGE >= rows.value.length) continue;
      pagesAsked.add(page);
      try {
        const answer = await api['reports:data']({
          config: asked,
          offset: page * PREVIEW_PAGE,
          limit: PREVIEW_PAGE,
        });
        if (config !== asked || answer.view.kind !== 'table') return;
        answer.view.items.forEach((row, i) => (rows.value[page * PREVIEW_PAGE + i] = row));
        triggerRef(rows);
      } catch {
        // Asked again when the rows come into view again.
        pagesAsked.delete(page);
      }
    }
  }

  function cancel(): void {
    current?.abort();
    loading.value = false;
  }

  return {
    preview,
    rows,
    loading,
    error,
    shownConfig,
    loaded: computed(() => preview.value !== null),
    run,
    loadRows,
    cancel,
  };
});
