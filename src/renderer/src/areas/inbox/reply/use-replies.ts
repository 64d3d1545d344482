import { computed, onScopeDispose, shallowRef, watch } from 'vue';
import { ContractCallError, type ReplyView } from '../../../../../shared/contract/index.ts';
import { api, on } from '../../../api/contract-client.ts';
import { useLoad } from '../../../lib/use-load.ts';

/** The interaction a reply box answers: what the outbox needs to send to it. */
export interface ReplyTarget {
  interactionId: number;
  brandId: number;
  type: string;
}

/**
 * The replies written in this app to one interaction, kept as main tells of them: read once per
 * interaction, then each `replies:changed` (sent, waiting, failed) replaces its reply. A reply
 * sent shows at once as queued, before main has answered, so it is in the thread the moment
 * it is sent.
 */
export function useReplies(target: () => ReplyTarget | null) {
  const interactionId = () => target()?.interactionId ?? null;
  const read = useLoad(
    () => interactionId(),
    (signal) => api['replies:list']({ interactionId: interactionId()! }, { signal }),
    { enabled: () => interactionId() !== null },
  );
  const replies = shallowRef<ReplyView[]>([]);
  watch(
    read.data,
    (answer) => {
      if (!answer) return;
      // An event that came while the list travelled is newer than the list.
      const newer = new Map(replies.value.map((reply) => [reply.id, reply]));
      replies.value = answer.items.map((reply) => newer.get(reply.id) ?? reply);
    },
    { flush: 'sync' },
  );
  watch(interactionId, () => (replies.value = []));

  function put(reply: ReplyView): void {
    if (reply.interactionId !== interactionId()) return;
    const index = replies.value.findIndex((item) => item.id === reply.id);
    // Events and answers travel apart: an older view of a reply never replaces a newer one.
    if (index >= 0 && replies.value[index]!.updatedAt > reply.updatedAt) return;
    replies.value =
      index < 0 ? [...replies.value, reply] : replies.value.map((item, i) => (i === index ? reply : item));
  }
  onScopeDispose(on('replies:changed', put));

  /** Puts the reply in the outbox; it shows at once. Throws the refusal (over the limit, ...). */
  async function send(text: string): Promise<void> {
    const to = target();
    if (!to) return;
    const id = crypto.randomUUID();
    const shown: ReplyView = {
      id,
      interactionId: to.interactionId,
      brandId: to.brandId,
      text,
      state: 'queued',
      error: null,
      createdAt: Date.now(),
      updatedAt: 0,
      sent: null,
    };
    put(shown);
    try {
      put(await api['replies:send']({ id, ...to, text }));
    } catch (error) {
      replies.value = replies.value.filter((reply) => reply.id !== id);
      throw error;
    }
  }

  async function retry(id: string): Promise<void> {
    put(await api['replies:retry']({ id }));
  }

  return {
    replies: computed(() => replies.value),
    loading: read.loading,
    error: read.error,
    reload: read.reload,
    send,
    retry,
  };
}

/** Whether the connection's service takes replies; asked once per connection by main. */
export function useReplySupport(target: () => ReplyTarget | null) {
  const key = computed(() => {
    const to = target();
    return to ? `${to.interactionId}|${to.brandId}` : null;
  });
  const read = useLoad(
    () => key.value,
    (signal) => {
      const to = target()!;
      return api['replies:support']({ interactionId: to.interactionId, brandId: to.brandId }, { signal });
    },
    { enabled: () => key.value !== null },
  );
  return { support: read.data, error: read.error, loading: read.loading, reload: read.reload };
}

/** A refusal kept on a reply, as an error the presenter reads. */
export function replyError(reply: ReplyView): ContractCallError | null {
  return reply.error ? new ContractCallError(reply.error) : null;
}
