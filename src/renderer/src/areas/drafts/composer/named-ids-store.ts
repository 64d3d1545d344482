import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { NamedIdKind, NamedIds } from '../../../../../shared/contract/index.ts';
import { api, on } from '../../../api/contract-client.ts';
import { useAccountsStore } from '../../../app/accounts-store.ts';
import { useLoad } from '../../../lib/use-load.ts';

const empty: NamedIds = { items: [] };

/** How an id of a kind reads before it has a name, and in a dialog's title. */
export const kindWords: Record<NamedIdKind, { one: string; title: string }> = {
  content_tag: { one: 'content tag', title: 'Content tag' },
  board: { one: 'board', title: 'Board' },
};

/**
 * The active profile's names for content tags and boards (the interface lists neither): the
 * composer shows "Spring sale" where the post says 12. Kept by `names:changed`, so a name given in
 * one window shows at once in every other. A failed read leaves the ids shown as "Content tag 12".
 */
export const useNamedIdsStore = defineStore('named-ids', () => {
  const accounts = useAccountsStore();
  const read = useLoad(
    () => accounts.activeId,
    (signal) => api['names:list'](undefined, { signal }),
    { enabled: () => accounts.activeId !== null },
  );
  on('names:changed', ({ profileId, names }) => {
    if (profileId === accounts.activeId) read.data.value = names;
  });
  const byKey = computed(
    () => new Map((read.data.value ?? empty).items.map((item) => [`${item.kind}:${item.id}`, item.name])),
  );

  function nameOf(kind: NamedIdKind, id: number): string | null {
    return byKey.value.get(`${kind}:${id}`) ?? null;
  }
  /** The name given, or "Content tag 12" while there is none. */
  function label(kind: NamedIdKind, id: number): string {
    return nameOf(kind, id) ?? `${kindWords[kind].title} ${id}`;
  }
  /** Every named id of a kind, by name. */
  function named(kind: NamedIdKind): { id: number; name: string }[] {
    return (read.data.value ?? empty).items.filter((item) => item.kind === kind);
  }
  /** Names (or renames) an id; throws the refusal for the dialog to show at its field. */
  async function name(kind: NamedIdKind, id: number, newName: string): Promise<void> {
    read.data.value = await api['names:set']({ kind, id, name: newName });
  }

  return { nameOf, label, named, name };
});
