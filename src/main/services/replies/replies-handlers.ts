import type { repliesCalls } from '../../../shared/contract/index.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { RepliesService } from './replies-service.ts';

/**
 * Replying, on the active profile: dispatch has checked the input against the contract; the
 * replies service applies the rules and tells the renderer of each change of a reply; its
 * refusals leave through dispatch as they are.
 */
export function createRepliesHandlers(replies: RepliesService): HandlerMap<typeof repliesCalls> {
  return {
    'replies:support': (input, context) => replies.support(input, context),
    'replies:list': async ({ interactionId }) => ({ items: replies.list(interactionId) }),
    'replies:send': async (input) => replies.send(input),
    'replies:retry': async ({ id }) => replies.retry(id),
    'replies:canned-list': async () => ({ items: replies.cannedList() }),
    'replies:canned-save': async (input) => replies.cannedSave(input),
    'replies:canned-delete': async ({ id }) => ({ deleted: replies.cannedDelete(id) }),
  };
}
