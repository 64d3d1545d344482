import {
  LIST_LIMIT_MAX,
  type PostsQuery,
  type PostView,
  type postsCalls,
} from '../../../shared/contract/index.ts';
import type { ScheduledPost } from '../../../shared/domain/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { SchedulerApi } from '../api/scheduler.ts';
import type { CallContext, HandlerMap } from '../dispatch.ts';
import { pagedList } from '../lists/list-call.ts';
import { readRange, type ServicePage } from '../lists/read-range.ts';
import type { SharedLoads } from '../lists/shared-loads.ts';
import { comparePosts, mergeSorted } from './merge-sorted.ts';
import { postListsKey, type PostChanges } from './post-changes.ts';
import { postSources, type PostSource } from './post-sources.ts';
import { toPostView } from './post-view.ts';

/** The service's largest page of scheduled posts. */
const SERVICE_PAGE_MAX = 1000;

/** Rows `offset` to `offset + limit` of one service list, as post views. */
function readSource(
  scheduler: SchedulerApi,
  source: PostSource,
  range: { offset: number; limit: number },
  { signal, lane }: CallContext,
): Promise<ServicePage<PostView>> {
  return readRange(
    async (offset, limit) => {
      const page = await scheduler.list(source.channel, { ...source.query, offset, limit }, { signal, lane });
      return {
        count: page.paging.count,
        items: page.data.map((post) => toPostView(source.channel, post as ScheduledPost)),
      };
    },
    { ...range, maxPage: SERVICE_PAGE_MAX, keyOf: (post) => post.id },
  );
}

/**
 * Rows `offset` to `offset + limit` of the app's query over every list it spans: one list is read
 * at the offset; several are each read from their start to `offset + limit` and merged in the
 * query's order (a row's place in the merge depends on every list before it).
 */
async function readMerged(
  scheduler: SchedulerApi,
  query: PostsQuery,
  offset: number,
  limit: number,
  context: CallContext,
): Promise<ServicePage<PostView>> {
  const sources = postSources(query);
  if (sources.length === 1) return readSource(scheduler, sources[0]!, { offset, limit }, context);
  const pages = await Promise.all(
    sources.map((source) => readSource(scheduler, source, { offset: 0, limit: offset + limit }, context)),
  );
  const merged = mergeSorted(
    pages.map((page) => page.items),
    comparePosts(query.sort),
    offset + limit,
  );
  return { count: pages.reduce((sum, page) => sum + page.count, 0), items: merged.slice(offset) };
}

/** The Scheduler area's calls (issue 15 §1) on the active profile. */
export function createPostsHandlers(deps: {
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  loads: SharedLoads;
  /** Told of every post these calls change. */
  changes: PostChanges;
}): HandlerMap<typeof postsCalls> {
  // Kept per profile: two profiles may reach the same brand ids on different services.
  const prefix = () => postListsKey(deps.profiles.active()?.id);
  const list = pagedList<PostsQuery, PostView>({
    loads: deps.loads,
    keyPrefix: prefix,
    // One merged read per call: the service's own pages are read inside it.
    maxPage: LIST_LIMIT_MAX,
    keyOf: (post) => `${post.channel}:${post.id}`,
    fetchPage: (query, offset, limit, context) =>
      readMerged(deps.clients.active().scheduler, query, offset, limit, context),
  });
  return {
    'posts:list': (input, context) => list(input, context),
    'posts:reschedule': async ({ channel, id, timestamp }, { signal, lane }) => {
      const profileId = deps.profiles.active()?.id ?? '';
      const { scheduler } = deps.clients.active();
      const post = (await scheduler.update(channel, id, { timestamp }, { signal, lane })) as ScheduledPost;
      deps.changes.changed(profileId, channel, id, post);
      return toPostView(channel, post);
    },
    'posts:delete': async ({ channel, id }, { signal, lane }) => {
      const profileId = deps.profiles.active()?.id ?? '';
      const { scheduler } = deps.clients.active();
      try {
        await scheduler.delete(channel, id, { signal, lane });
      } catch (error) {
        // Whatever the answer, the lists read before may hold a post that is gone now.
        deps.loads.invalidate(prefix());
        throw error;
      }
      deps.changes.changed(profileId, channel, id, null);
      return { deleted: true as const };
    },
  };
}
