import type { draftsCalls } from '../../../shared/contract/index.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { DraftsService } from './drafts-service.ts';

/**
 * The Drafts area's calls, on the active profile's drafts (but `drafts:unsynced-count`): dispatch
 * has checked the input against the contract; the drafts service applies the rules and tells the
 * renderer of each change; its refusals leave through dispatch as they are.
 */
export function createDraftsHandlers(drafts: DraftsService): HandlerMap<typeof draftsCalls> {
  return {
    'drafts:list': async ({ query, offset, limit }) => drafts.list(query, offset, limit),
    'drafts:get': async ({ id }) => drafts.get(id),
    'drafts:create': async (input) => drafts.create(input),
    'drafts:from-post': ({ channel, postId }, context) => drafts.fromPost(channel, postId, context),
    'drafts:post': ({ id }, context) => drafts.post(id, context),
    'drafts:save': async (input) => drafts.save(input),
    'drafts:delete': async ({ id }) => drafts.remove(id),
    'drafts:sync': async ({ id }) => drafts.sync(id),
    'drafts:retry': async ({ ids }) => drafts.retry(ids),
    'drafts:resolve': async (input) => drafts.resolve(input),
    'drafts:status': async () => drafts.status(),
    'drafts:unsynced-count': ({ profileId }) => drafts.unsynced(profileId),
  };
}
