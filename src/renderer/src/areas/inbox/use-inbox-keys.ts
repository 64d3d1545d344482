import { ref, watch, type Ref } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import type { InboxChange, InboxItem } from '../../../../shared/contract/index.ts';
import { useKeys } from '../../app/keys/key-registry.ts';
import { useSettingsStore } from '../../app/settings-store.ts';
import type { InboxStore } from './inbox-store.ts';
import type { TriageCommand } from './triage-actions.ts';

interface KeyTargets {
  /** Brings a row into view. */
  scrollTo: (index: number) => void;
  focusSearch: () => void;
  openTags: (item: InboxItem) => void;
  openAssign: (item: InboxItem) => void;
}

/** The change each toggling command makes to a row. */
const toggles: Partial<Record<TriageCommand, (item: InboxItem) => InboxChange>> = {
  toggleRead: (item) => ({ read: !item.is_read }),
  archive: (item) => ({ archived: !item.is_archived }),
  followUp: (item) => ({ followUp: !item.is_follow_up }),
};

/**
 * The inbox's keys: a highlighted row that j/k move, Enter or o to open it, Esc to close the
 * pane, the triage keys on the highlighted row (or on the selection, when there is one) and z to
 * undo the last row triaged out of the list. The detail pane's buttons run the same commands
 * (`triage`), so a key and its button never differ.
 *
 * A row triaged out of the list leaves it, and the highlight stays where it was: on the next row.
 * With the pane open the next row is one key away (j opens it rather than the one after), or opens
 * by itself when the person chose so in Settings.
 */
export function useInboxKeys(inbox: InboxStore, targets: KeyTargets) {
  const route = useRoute();
  const router = useRouter();
  const settings = useSettingsStore();
  const highlighted: Ref<number> = ref(0);
  const shown = inbox.shown;

  watch(
    () => inbox.filterKey,
    () => (highlighted.value = 0),
  );

  const paneOpen = () => route.name === 'inbox-detail';
  /** The id in the open pane, when there is one. */
  const openId = () => (paneOpen() ? Number(route.params.id) : null);

  function move(by: number): void {
    const count = shown.count.value ?? 0;
    if (count === 0) return;
    // The open row left the list: the highlight is on the next one already, so j opens it.
    const open = openId();
    const openLeft = open !== null && by > 0 && inbox.shown.isHidden(open);
    if (!openLeft) highlighted.value = Math.min(count - 1, Math.max(0, highlighted.value + by));
    else highlighted.value = Math.min(count - 1, highlighted.value);
    targets.scrollTo(highlighted.value);
    // With the pane open, it follows the highlight, as in a mail client.
    if (paneOpen()) openAt(highlighted.value, true);
  }

  function openAt(index: number, replace = false): void {
    const item = shown.itemAt(index);
    if (!item) return;
    highlighted.value = index;
    const to = { name: 'inbox-detail', params: { id: String(item.id) }, query: route.query };
    void (replace ? router.replace(to) : router.push(to));
    if (inbox.canTriage && item.is_read === false) void inbox.triage.update(item.id, { read: true });
  }

  function close(): void {
    if (paneOpen()) void router.push({ name: 'inbox', query: route.query });
    else if (inbox.selection.active.value) inbox.selection.clear();
  }

  const current = () => shown.itemAt(highlighted.value);

  /**
   * A triage command on one row (the highlighted one, or the pane's): the row changes at once and
   * leaves the list if it no longer belongs there; then, with the pane open on it, the next row.
   */
  function triage(command: TriageCommand, item: InboxItem | undefined = current()): void {
    if (!inbox.canTriage || !item) return;
    if (command === 'tag') return targets.openTags(item);
    if (command === 'assign') return targets.openAssign(item);
    const change = toggles[command]!(item);
    const at = shown.indexOf(item.id);
    if (at !== -1) highlighted.value = at;
    const onPane = openId() === item.id;
    const left = inbox.queue.act(item, change);
    const count = shown.count.value ?? 0;
    if (count > 0 && highlighted.value > count - 1) highlighted.value = count - 1;
    if (!onPane || at === -1 || !settings.stored.openNextAfterTriage) return;
    // The next row: where this one was when it left, the one after it when it stayed.
    const next = left ? highlighted.value : at + 1;
    if (next < count) {
      targets.scrollTo(next);
      openAt(next, true);
    }
  }

  function undo(): void {
    inbox.queue.undo();
  }

  useKeys({
    next: () => move(1),
    previous: () => move(-1),
    open: () => openAt(highlighted.value),
    close,
    select: () => {
      const item = current();
      if (item && inbox.canTriage) inbox.selection.toggle(item.id, highlighted.value);
    },
    search: () => targets.focusSearch(),
    toggleRead: () => triage('toggleRead'),
    archive: () => triage('archive'),
    followUp: () => triage('followUp'),
    tag: () => triage('tag'),
    assign: () => triage('assign'),
    undo,
  });

  return { highlighted, open: openAt, close, triage, undo };
}
