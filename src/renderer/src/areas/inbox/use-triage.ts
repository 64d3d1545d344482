import { reactive, type Ref } from 'vue';
import {
  applyChange,
  type InboxBulkChange,
  type InboxBulkResult,
  type InboxChange,
  type InboxFilter,
  type InboxItem,
} from '../../../../shared/contract/index.ts';
import { api, on } from '../../api/contract-client.ts';
import { useCallErrorStore } from '../../app/call-error-store.ts';
import { toCallError } from '../../lib/call-error.ts';

export { applyChange };

/** What a change does, in words, for the messages: "archive", "mark read". */
export function changeWords(change: InboxBulkChange): string {
  if (change.read !== undefined) return change.read ? 'mark read' : 'mark unread';
  if (change.archived !== undefined) return change.archived ? 'archive' : 'unarchive';
  if (change.followUp !== undefined) return change.followUp ? 'mark for follow-up' : 'clear the follow-up';
  if (change.tagIds !== undefined) return 'change the tags';
  if (change.addTagIds?.length) return 'add tags';
  if (change.removeTagIds?.length) return 'remove tags';
  return change.assigneeId === null ? 'unassign' : 'assign';
}

interface TriageDeps {
  brandIds: Ref<readonly number[]>;
  filter: Ref<InboxFilter>;
  updateItem: (id: number, change: (item: InboxItem) => InboxItem) => InboxItem | undefined;
  /** A row changed on screen: the counts follow at once. */
  countChange: (before: InboxItem, after: InboxItem) => void;
  /** After a bulk action the counts and the rows out of reach are read again. */
  afterBulk: (target: 'ids' | 'filter', change: InboxBulkChange) => void;
  /** Any change the service took: the overview bar reads itself again. */
  changed: () => void;
}

let nextJob = 1;

/**
 * Triage, optimistic: the row changes at once and the unread counts follow; when the service
 * refuses, the row goes back as it was and a message says what could not be done. Bulk actions
 * run in main as background calls, with progress, and list the rows that failed.
 */
export function useTriage(deps: TriageDeps) {
  const errors = useCallErrorStore();

  /** Applies a change to a row on screen; returns how to undo it. */
  function applyLocally(id: number, change: InboxBulkChange): (() => void) | null {
    let after: InboxItem | undefined;
    const before = deps.updateItem(id, (item) => (after = applyChange(item, change)));
    if (!before || !after) return null;
    deps.countChange(before, after);
    const changed = after;
    return () => {
      deps.updateItem(id, () => before);
      deps.countChange(changed, before);
    };
  }

  /** The newest change asked for each row: an older answer no longer says how it reads. */
  const newest = new Map<number, number>();
  /** Each row's changes go to the service one after the other, in the order asked (an Undo after its change). */
  const queued = new Map<number, Promise<unknown>>();
  let asked = 0;

  /**
   * Changes one row: at once on screen, then at the service, after any change still on its way
   * for the same row. Answers the row as the service has it, or null when it refused (the row is
   * then put back and the refusal said).
   */
  async function update(id: number, change: InboxChange): Promise<InboxItem | null> {
    const ticket = ++asked;
    newest.set(id, ticket);
    const undo = applyLocally(id, change);
    const isNewest = () => newest.get(id) === ticket;
    const before = queued.get(id);
    const call = (async () => {
      await before;
      return api['inbox:update']({ id, change });
    })();
    const settled = call.catch(() => undefined);
    queued.set(id, settled);
    try {
      const answer = await call;
      if (isNewest()) deps.updateItem(id, () => answer);
      deps.changed();
      return answer;
    } catch (thrown) {
      // A newer change stands on screen: its own answer says how the row reads.
      if (isNewest()) undo?.();
      errors.report(`Could not ${changeWords(change)}`, thrown);
      return null;
    } finally {
      if (isNewest()) newest.delete(id);
      if (queued.get(id) === settled) queued.delete(id);
    }
  }

  const bulk = reactive({
    running: false,
    words: '',
    done: 0,
    total: 0,
    failed: 0,
    result: null as InboxBulkResult | null,
  });
  let controller: AbortController | null = null;

  async function bulkUpdate(target: { ids: number[] } | { filter: InboxFilter }, change: InboxBulkChange) {
    const jobId = `inbox-bulk-${nextJob++}`;
    Object.assign(bulk, { running: true, words: changeWords(change), done: 0, failed: 0, result: null });
    bulk.total = 'ids' in target ? target.ids.length : 0;
    const stop = on('inbox:bulk-progress', (progress) => {
      if (progress.id !== jobId) return;
      Object.assign(bulk, { done: progress.done, total: progress.total, failed: progress.failed });
    });
    const undos =
      'ids' in target ? new Map(target.ids.map((id) => [id, applyLocally(id, change)])) : new Map();
    controller = new AbortController();
    try {
      const result = await api['inbox:bulk-update'](
        { brandIds: [...deps.brandIds.value], target, change, jobId },
        { signal: controller.signal },
      );
      for (const item of result.updated) deps.updateItem(item.id, () => item);
      for (const { id } of result.failed) undos.get(id)?.();
      bulk.result = result;
      bulk.done = result.updated.length + result.failed.length;
      bulk.failed = result.failed.length;
    } catch (thrown) {
      const error = toCallError(thrown);
      // Cancelled: what was done stays done; the reload below shows which.
      if (error.code !== 'cancelled') {
        for (const undo of undos.values()) undo?.();
        errors.report(`Could not ${bulk.words}`, error);
      }
    } finally {
      stop();
      controller = null;
      bulk.running = false;
      deps.afterBulk('ids' in target ? 'ids' : 'filter', change);
      deps.changed();
    }
  }

  function cancelBulk(): void {
    controller?.abort();
  }

  function dismissBulk(): void {
    bulk.result = null;
  }

  return { update, bulk, bulkUpdate, cancelBulk, dismissBulk };
}
