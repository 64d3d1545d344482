import { computed } from 'vue';
import { ContractCallError, type CallOutput, type InboxItem } from '../../../../../shared/contract/index.ts';
import { api } from '../../../api/contract-client.ts';
import { useBrandsStore } from '../../../app/brands-store.ts';
import { useLoad } from '../../../lib/use-load.ts';

export type TiktokThread = CallOutput<'inbox:thread'>;

/** What the pane shows for one id. */
export type InboxDetail = { id: number } & (
  { kind: 'thread'; thread: TiktokThread } | { kind: 'item'; item: InboxItem } | { kind: 'missing' }
);

const isNotFound = (error: unknown) => error instanceof ContractCallError && error.code === 'not_found';

/**
 * One interaction by id. A row the list has read tells its type: a TikTok comment is read as its
 * thread (op 17), any other is shown as the list has it, with no call. The route carries the id
 * alone, though (a copied link, a reload), so an id the list does not have asks for the TikTok
 * thread first: that is the inbox's main case, one call. The service answers 404 for any other
 * type, and only then is the interaction read among the chosen brands' (`inbox:get`).
 */
export function useInboxDetail(id: () => number | null, listed?: (id: number) => InboxItem | undefined) {
  const brands = useBrandsStore();

  async function load(signal: AbortSignal): Promise<InboxDetail> {
    const wanted = id()!;
    const row = listed?.(wanted);
    if (row && row.type !== 'TIKTOK_COMMENT') return { id: wanted, kind: 'item', item: row };
    try {
      return { id: wanted, kind: 'thread', thread: await api['inbox:thread']({ id: wanted }, { signal }) };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      const item = await api['inbox:get']({ brandIds: [...brands.selected], id: wanted }, { signal });
      return item ? { id: wanted, kind: 'item', item } : { id: wanted, kind: 'missing' };
    } catch (error) {
      if (isNotFound(error)) return { id: wanted, kind: 'missing' };
      throw error;
    }
  }

  // By value: an equal brand list chosen again does not reload the pane.
  const key = computed(() => `${id()}|${brands.selected.join(',')}`);
  const request = useLoad(() => key.value, load, {
    enabled: () => id() !== null && brands.selected.length > 0,
  });
  return {
    /** The answer for the id asked now: the previous id's is not shown while the next loads. */
    detail: computed(() => (request.data.value?.id === id() ? request.data.value : undefined)),
    loading: request.loading,
    error: request.error,
    reload: request.reload,
  };
}
