import { onScopeDispose, shallowRef, type Ref } from 'vue';
import type { InboxChange, InboxFilter, InboxItem } from '../../../../shared/contract/index.ts';
import { belongsIn } from './triaged-out.ts';
import { applyChange, changeWords } from './use-triage.ts';

/** How long Undo is offered after a row left the list (held while pointed at or focused). */
export const UNDO_FOR_MS = 8000;

/** The last row triaged out of the list, while it can still be put back. */
export interface Undoable {
  id: number;
  /** What was done, in words: "Archived", "Marked read". */
  done: string;
}

interface QueueDeps {
  /** The filter the list shows, as the service is asked it. */
  query: Ref<InboxFilter>;
  update: (
    id: number,
    change: InboxChange,
    options?: { after?: Promise<unknown> },
  ) => Promise<InboxItem | null>;
  hide: (id: number) => void;
  show: (id: number) => void;
  isHidden: (id: number) => boolean;
}

/** The change that puts back what `change` changed on this row. */
export function reverseOf(before: InboxItem, change: InboxChange): InboxChange {
  return {
    ...(change.read !== undefined && { read: before.is_read === true }),
    ...(change.archived !== undefined && { archived: before.is_archived === true }),
    ...(change.followUp !== undefined && { followUp: before.is_follow_up === true }),
    ...(change.tagIds !== undefined && { tagIds: [...(before.tag_ids ?? [])] }),
    ...(change.assigneeId !== undefined && { assigneeId: before.assignee_id ?? null }),
  };
}

/** "archive" as a thing done: "Archived". */
function doneWords(change: InboxChange): string {
  const words = changeWords(change);
  const past: Record<string, string> = {
    'mark read': 'Marked read',
    'mark unread': 'Marked unread',
    archive: 'Archived',
    unarchive: 'Moved back to To do',
    'mark for follow-up': 'Marked for follow-up',
    'clear the follow-up': 'Follow-up cleared',
    'change the tags': 'Tags changed',
    unassign: 'Unassigned',
    assign: 'Assigned',
  };
  return past[words] ?? 'Changed';
}

/**
 * Working a queue down: a row triaged out of the list shown (archived in To do, read in Unread)
 * leaves it at once, before the service answers, and Undo puts it back in its place and undoes
 * the change at the service, for a few seconds (one row at a time: the last one). A refusal puts
 * the row back too, and says so.
 */
export function useQueueTriage(deps: QueueDeps) {
  const undoable = shallowRef<(Undoable & { reverse: InboxChange }) | null>(null);
  let expiry: ReturnType<typeof setTimeout> | undefined;

  function expireLater(): void {
    clearTimeout(expiry);
    const offer = undoable.value;
    expiry = setTimeout(() => {
      if (undoable.value === offer) undoable.value = null;
    }, UNDO_FOR_MS);
  }
  function offerUndo(offer: NonNullable<typeof undoable.value>): void {
    undoable.value = offer;
    expireLater();
  }
  /**
   * While the pointer or the focus is on the offer it stays (time enough to read and reach it,
   * however slowly); it runs out again from the start once they leave.
   */
  function hold(held: boolean): void {
    if (held) clearTimeout(expiry);
    else if (undoable.value) expireLater();
  }

  /** Triage one row; true when it leaves the list shown. */
  function act(item: InboxItem, change: InboxChange): boolean {
    const shownNow = belongsIn(deps.query.value, item) && !deps.isHidden(item.id);
    const belongsAfter = belongsIn(deps.query.value, applyChange(item, change));
    const leaves = shownNow && !belongsAfter;
    // A row that had left comes back (unarchived from the pane): in its place again, and gone
    // again if the service refuses.
    const returns = !shownNow && belongsAfter && deps.isHidden(item.id);
    if (leaves) deps.hide(item.id);
    if (returns) deps.show(item.id);
    const asked = deps.update(item.id, change);
    if (returns) void asked.then((answer) => answer || deps.hide(item.id));
    if (leaves) {
      const offer = { id: item.id, done: doneWords(change), reverse: reverseOf(item, change) };
      offerUndo(offer);
      void asked.then((answer) => {
        if (answer) return;
        deps.show(item.id);
        if (undoable.value === offer) undoable.value = null;
      });
    }
    return leaves;
  }

  /** Puts the last row back in its place, and undoes its change at the service (once it has it). */
  function undo(): boolean {
    const last = undoable.value;
    if (!last) return false;
    clearTimeout(expiry);
    undoable.value = null;
    deps.show(last.id);
    void deps.update(last.id, last.reverse);
    return true;
  }

  function dismiss(): void {
    clearTimeout(expiry);
    undoable.value = null;
  }

  onScopeDispose(() => clearTimeout(expiry));
  return { undoable, act, undo, dismiss, hold };
}
