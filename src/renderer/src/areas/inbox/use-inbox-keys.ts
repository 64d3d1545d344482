import { ref, watch, type Ref } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { useKeys } from '../../app/keys/key-registry.ts';
import type { InboxStore } from './inbox-store.ts';

interface KeyTargets {
  /** Brings a row into view. */
  scrollTo: (index: number) => void;
  focusSearch: () => void;
  openTags: (index: number) => void;
  openAssign: (index: number) => void;
}

/**
 * The inbox's keys: a highlighted row that j/k move, Enter or o to open it, Esc to close the
 * pane, and the triage keys on the highlighted row (or on the selection, when there is one).
 */
export function useInboxKeys(inbox: InboxStore, targets: KeyTargets) {
  const route = useRoute();
  const router = useRouter();
  const highlighted: Ref<number> = ref(0);

  watch(
    () => inbox.filterKey,
    () => (highlighted.value = 0),
  );

  function move(by: number): void {
    const count = inbox.list.count.value ?? 0;
    if (count === 0) return;
    highlighted.value = Math.min(count - 1, Math.max(0, highlighted.value + by));
    targets.scrollTo(highlighted.value);
    // With the pane open, it follows the highlight, as in a mail client.
    if (route.name === 'inbox-detail') open(highlighted.value, true);
  }

  function open(index: number, replace = false): void {
    const item = inbox.list.itemAt(index);
    if (!item) return;
    highlighted.value = index;
    const to = { name: 'inbox-detail', params: { id: String(item.id) }, query: route.query };
    void (replace ? router.replace(to) : router.push(to));
    if (inbox.canTriage && item.is_read === false) void inbox.triage.update(item.id, { read: true });
  }

  function close(): void {
    if (route.name === 'inbox-detail') void router.push({ name: 'inbox', query: route.query });
    else if (inbox.selection.active.value) inbox.selection.clear();
  }

  const current = () => inbox.list.itemAt(highlighted.value);

  function triage(
    change: (item: NonNullable<ReturnType<typeof current>>) => Parameters<InboxStore['triage']['update']>[1],
  ) {
    if (!inbox.canTriage) return;
    const item = current();
    if (!item) return;
    void inbox.triage.update(item.id, change(item));
  }

  useKeys({
    next: () => move(1),
    previous: () => move(-1),
    open: () => open(highlighted.value),
    close,
    select: () => {
      const item = current();
      if (item && inbox.canTriage) inbox.selection.toggle(item.id, highlighted.value);
    },
    search: () => targets.focusSearch(),
    toggleRead: () => triage((item) => ({ read: !item.is_read })),
    archive: () => triage((item) => ({ archived: !item.is_archived })),
    followUp: () => triage((item) => ({ followUp: !item.is_follow_up })),
    tag: () => inbox.canTriage && current() && targets.openTags(highlighted.value),
    assign: () => inbox.canTriage && current() && targets.openAssign(highlighted.value),
  });

  return { highlighted, open, close };
}
