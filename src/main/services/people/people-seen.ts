import type { HandlerMap } from '../dispatch.ts';
import type { inboxCalls, InboxItem } from '../../../shared/contract/index.ts';
import type { SeenPair } from './address-book.ts';

/** What an interaction (or a TikTok reply) says about users: an assignee, a brand replier. */
interface UserFields {
  brand_id: number;
  assignee_id?: number | null;
  brand_user_reply?: { user_id?: number | null } | null;
  replies?: readonly UserFields[] | null;
}

/** The users an answer's interactions show, per brand: assignees and brand repliers. */
export function seenPairsOf(items: readonly UserFields[]): SeenPair[] {
  const pairs: SeenPair[] = [];
  const add = (brandId: number, userId: number | null | undefined) => {
    if (userId !== null && userId !== undefined) pairs.push({ brandId, userId });
  };
  for (const item of items) {
    add(item.brand_id, item.assignee_id);
    add(item.brand_id, item.brand_user_reply?.user_id);
    for (const reply of item.replies ?? []) {
      add(reply.brand_id, reply.assignee_id);
      add(reply.brand_id, reply.brand_user_reply?.user_id);
    }
  }
  return pairs;
}

type InboxHandlers = HandlerMap<typeof inboxCalls>;

/**
 * The inbox's handlers, noting the users each answer shows as it passes through main (no call
 * of its own to the service). `record` gets the profile that was active when the call began, so
 * an answer that lands after a profile switch is filed under the profile it came from.
 */
export function recordingPeopleSeen(
  handlers: InboxHandlers,
  activeProfileId: () => string | undefined,
  record: (profileId: string, pairs: SeenPair[]) => void,
): InboxHandlers {
  function noting<K extends keyof InboxHandlers>(
    name: K,
    itemsOf: (answer: Awaited<ReturnType<InboxHandlers[K]>>) => readonly UserFields[],
  ): InboxHandlers[K] {
    const handler = handlers[name] as (input: unknown, context: unknown) => Promise<unknown>;
    return (async (input: unknown, context: unknown) => {
      const profileId = activeProfileId();
      const answer = await handler(input, context);
      if (profileId !== undefined) {
        try {
          record(profileId, seenPairsOf(itemsOf(answer as Awaited<ReturnType<InboxHandlers[K]>>)));
        } catch (error) {
          // The answer matters more than the note: a person waits for it.
          console.error('socialdesk: people seen were not recorded:', (error as Error).message);
        }
      }
      return answer;
    }) as InboxHandlers[K];
  }

  return {
    ...handlers,
    'inbox:list': noting('inbox:list', (answer) => answer.items),
    'inbox:first-screen': noting('inbox:first-screen', (answer) => answer?.items ?? []),
    'inbox:get': noting('inbox:get', (answer: InboxItem | null) => (answer ? [answer] : [])),
    'inbox:thread': noting('inbox:thread', (answer) => [answer]),
    'inbox:update': noting('inbox:update', (answer) => [answer]),
    'inbox:bulk-update': noting('inbox:bulk-update', (answer) => answer.updated),
  };
}
