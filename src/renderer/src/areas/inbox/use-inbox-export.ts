import { reactive, type Ref } from 'vue';
import type { InboxFilter } from '../../../../shared/contract/index.ts';
import { api, on } from '../../api/contract-client.ts';
import { useCallErrorStore } from '../../app/call-error-store.ts';
import { toCallError } from '../../lib/call-error.ts';

let nextExport = 1;

/**
 * The filtered list to CSV through main's one CSV writer: rows written so far while it runs
 * (`exports:progress`), a cancel by the export's id, and where the file went.
 */
export function useInboxExport(brandIds: Ref<readonly number[]>, filter: Ref<InboxFilter>) {
  const errors = useCallErrorStore();
  const state = reactive({
    id: null as string | null,
    rows: 0,
    saved: null as { path: string; rows: number } | null,
  });

  async function start(): Promise<void> {
    if (state.id) return;
    const id = `inbox-${Date.now().toString(36)}-${nextExport++}`;
    Object.assign(state, { id, rows: 0, saved: null });
    const stop = on('exports:progress', (progress) => {
      if (progress.id === id) state.rows = progress.rows;
    });
    try {
      const file = await api['inbox:export']({ brandIds: [...brandIds.value], filter: filter.value, id });
      if (file) state.saved = { path: file.path, rows: file.rows };
    } catch (thrown) {
      const error = toCallError(thrown);
      if (error.code !== 'cancelled') errors.report('Could not export the list', error);
    } finally {
      stop();
      state.id = null;
    }
  }

  async function cancel(): Promise<void> {
    if (!state.id) return;
    try {
      await api['exports:cancel']({ id: state.id });
    } catch (thrown) {
      errors.report('Could not stop the export', thrown);
    }
  }

  return { state, start, cancel };
}
