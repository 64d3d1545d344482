import { computed, shallowRef, watch, type Ref, type WatchSource } from 'vue';
import type { InboxBulkChange, InboxFilter, InboxItem } from '../../../../shared/contract/index.ts';
import { listsArchived } from '../../../../shared/domain/index.ts';
import type { PageState } from '../../lib/use-paged-list.ts';

/**
 * Whether a row still belongs in the list this filter shows, as far as triage can change it (the
 * flags, the assignee, the tags): a row archived in To do, or read in Unread, no longer does.
 * The other fields (text, type, dates) are the row's own and triage never changes them.
 */
export function belongsIn(filter: InboxFilter, item: InboxItem): boolean {
  if ((item.is_archived === true) !== listsArchived(filter)) return false;
  if (filter.read !== undefined && (item.is_read === true) !== filter.read) return false;
  if (filter.followUp !== undefined && (item.is_follow_up === true) !== filter.followUp) return false;
  if (filter.assigneeId !== undefined && item.assignee_id !== filter.assigneeId) return false;
  if (filter.tagIds?.length && !filter.tagIds.every((id) => item.tag_ids?.includes(id))) return false;
  return true;
}

/** Whether a change can take rows out of the list this filter shows (it touches what it filters on). */
export function mayTakeOut(filter: InboxFilter, change: InboxBulkChange): boolean {
  if (change.archived !== undefined) return true; // every list is one side of the archive
  if (change.read !== undefined && filter.read !== undefined) return true;
  if (change.followUp !== undefined && filter.followUp !== undefined) return true;
  if (change.assigneeId !== undefined && filter.assigneeId !== undefined) return true;
  const tags = change.tagIds !== undefined || Boolean(change.removeTagIds?.length);
  return tags && Boolean(filter.tagIds?.length);
}

/** What of the paged list the triaged-out rows are hidden from. */
interface ListBelow {
  count: Ref<number | undefined>;
  revision: Ref<number>;
  itemAt(index: number): InboxItem | undefined;
  pageAt(index: number): PageState;
  setRange(start: number, end: number): void;
  indexOf(id: number): number;
}

const none: readonly number[] = [];

/**
 * The list as the person sees it: the paged list less the rows triaged out of it, which leave at
 * once, before the service has answered (and before any page is read again). A row stays in the
 * pages below, only hidden, so Undo puts it back in its place with nothing to read, and a page the
 * service reads again without it (its offsets now closing the gap) simply no longer finds it.
 *
 * With nothing triaged out (the common case) every read goes straight to the list below: the
 * rows drawn by the thousand while scrolling pay one length check.
 */
export function useTriagedOut(below: ListBelow, listKey: WatchSource<string>) {
  const ids = shallowRef<readonly number[]>(none);
  /** Where the hidden rows sit in the list below, in order; read again as its pages change. */
  const hiddenAt = computed<readonly number[]>(() => {
    if (ids.value.length === 0) return none;
    void below.revision.value;
    return ids.value
      .map((id) => below.indexOf(id))
      .filter((at) => at !== -1)
      .sort((a, b) => a - b);
  });

  /** The index below of the row shown at `index`. */
  function under(index: number): number {
    const skipped = hiddenAt.value;
    if (skipped.length === 0) return index;
    let at = index;
    for (const hidden of skipped) {
      if (hidden <= at) at++;
      else break;
    }
    return at;
  }

  const count = computed(() => {
    const total = below.count.value;
    return total === undefined ? undefined : Math.max(0, total - hiddenAt.value.length);
  });

  function hide(id: number): void {
    if (!ids.value.includes(id)) ids.value = [...ids.value, id];
  }
  function show(id: number): void {
    if (ids.value.includes(id)) ids.value = ids.value.filter((hidden) => hidden !== id);
  }
  // A new list (another filter, other brands) is read without them.
  watch(listKey, () => (ids.value = none));

  return {
    count,
    hide,
    show,
    isHidden: (id: number) => ids.value.includes(id),
    itemAt: (index: number) => below.itemAt(under(index)),
    pageAt: (index: number) => below.pageAt(under(index)),
    setRange: (start: number, end: number) => below.setRange(under(start), under(end)),
    /** Where a row is shown, or -1 (not read, or triaged out). */
    indexOf(id: number): number {
      const at = below.indexOf(id);
      if (at === -1 || ids.value.includes(id)) return -1;
      let shown = at;
      for (const hidden of hiddenAt.value) if (hidden < at) shown--;
      return shown;
    },
  };
}
