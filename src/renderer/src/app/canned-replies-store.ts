import { defineStore } from 'pinia';
import type { CannedReply, CannedReplyInput } from '../../../shared/contract/index.ts';
import { api } from '../api/contract-client.ts';
import { useAccountsStore } from './accounts-store.ts';
import { useLoad } from '../lib/use-load.ts';

/**
 * The active profile's canned replies (kept in its database): read once per profile, and again
 * after each change made here. Here in `app/` because the reply box and Settings both offer them.
 */
export const useCannedRepliesStore = defineStore('canned-replies', () => {
  const accounts = useAccountsStore();
  const read = useLoad(
    () => accounts.activeId,
    async (signal) => (await api['replies:canned-list'](undefined, { signal })).items,
    { enabled: () => accounts.activeId !== null },
  );

  async function save(input: CannedReplyInput): Promise<CannedReply> {
    const saved = await api['replies:canned-save'](input);
    await read.reload();
    return saved;
  }

  async function remove(id: string): Promise<void> {
    await api['replies:canned-delete']({ id });
    await read.reload();
  }

  return { items: read.data, loading: read.loading, error: read.error, reload: read.reload, save, remove };
});
