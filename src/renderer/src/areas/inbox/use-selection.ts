import { computed, shallowRef, watch, type WatchSource } from 'vue';

/**
 * The rows picked for a bulk action: one by one (click, `x`), a run of them (shift-click from the
 * last one picked), or every row matching the filter. Starts over when the list does.
 */
export function useSelection(itemIdAt: (index: number) => number | undefined, listKey: WatchSource<string>) {
  const ids = shallowRef<ReadonlySet<number>>(new Set());
  /** Every row matching the filter, read or not. */
  const allMatching = shallowRef(false);
  let anchor: number | null = null;

  function toggle(id: number, index: number, extend = false): void {
    allMatching.value = false;
    const next = new Set(ids.value);
    if (extend && anchor !== null) {
      const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
      for (let i = from; i <= to; i++) {
        const rowId = itemIdAt(i);
        if (rowId !== undefined) next.add(rowId);
      }
    } else if (next.has(id)) next.delete(id);
    else next.add(id);
    anchor = index;
    ids.value = next;
  }

  function selectAllMatching(): void {
    allMatching.value = true;
  }

  function clear(): void {
    // Left alone when already empty: a new set would draw every row on screen again.
    if (ids.value.size > 0) ids.value = new Set();
    allMatching.value = false;
    anchor = null;
  }

  watch(listKey, clear);

  const active = computed(() => allMatching.value || ids.value.size > 0);
  return { ids, allMatching, active, toggle, selectAllMatching, clear };
}
