import { computed, ref, type Ref } from 'vue';
import type { InboxFilter, InboxItem } from '../../../../shared/contract/index.ts';
import { api } from '../../api/contract-client.ts';
import { useLoad } from '../../lib/use-load.ts';
import type { TagLook } from './inbox-format.ts';

/**
 * What the inbox shows around its list: the brands' tags (for the chips and the picker), whether
 * triage is possible, the unread counts per type, and the saved views with theirs.
 */
export function useInboxData(brandIds: Ref<readonly number[]>, filter: Ref<InboxFilter>) {
  const enabled = () => brandIds.value.length > 0;

  const tags = useLoad(
    () => brandIds.value,
    (signal) => api['tags:list']({ brandIds: [...brandIds.value] }, { signal }),
    { enabled },
  );
  const tagList = computed(() => tags.data.value?.items ?? []);
  const tagLooks = computed<ReadonlyMap<number, TagLook>>(
    () => new Map(tagList.value.map((tag) => [tag.id, { name: tag.name, color: tag.color }])),
  );

  const capabilities = useLoad(null, () => api['inbox:capabilities']());
  void capabilities.reload();
  const canTriage = computed(() => capabilities.data.value?.triage === true);
  const triageNote = computed(() => capabilities.data.value?.note ?? null);

  /** What triage changed since the counts were read: they follow at once, without a reload. */
  const delta = ref<Record<string, number>>({});
  const range = computed(() => ({ from: filter.value.from, to: filter.value.to }));
  const counts = useLoad(
    () => [brandIds.value, range.value],
    (signal) => {
      delta.value = {};
      return api['inbox:unread-counts']({ brandIds: [...brandIds.value], ...range.value }, { signal });
    },
    { enabled },
  );
  function unreadOf(type: string): number | null {
    const loaded = counts.data.value?.byType[type];
    if (loaded === undefined) return null;
    return Math.max(0, loaded + (delta.value[type] ?? 0));
  }
  const unreadTotal = computed(() => {
    const loaded = counts.data.value?.total;
    if (loaded === undefined) return null;
    return Math.max(0, loaded + Object.values(delta.value).reduce((sum, n) => sum + n, 0));
  });
  /** A row went from read to unread or back: its type's count follows. */
  function countReadChange(before: InboxItem, after: InboxItem): void {
    const was = before.is_read === false ? 1 : 0;
    const now = after.is_read === false ? 1 : 0;
    if (was === now) return;
    delta.value = { ...delta.value, [before.type]: (delta.value[before.type] ?? 0) + now - was };
  }

  const views = useLoad(
    () => brandIds.value,
    (signal) => api['inbox:views']({ brandIds: [...brandIds.value] }, { signal }),
    { enabled },
  );

  async function saveView(name: string, viewFilter: InboxFilter) {
    const saved = await api['inbox:save-view']({ name, filter: viewFilter });
    await views.reload();
    return saved;
  }
  async function deleteView(id: string): Promise<void> {
    await api['inbox:delete-view']({ id });
    await views.reload();
  }

  return {
    tags,
    tagList,
    tagLooks,
    capabilities,
    canTriage,
    triageNote,
    counts,
    unreadOf,
    unreadTotal,
    countReadChange,
    views,
    saveView,
    deleteView,
  };
}
