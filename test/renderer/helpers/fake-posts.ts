import type { PostView } from '../../../src/shared/contract/index.ts';
import { comparePosts } from '../../../src/main/services/posts/merge-sorted.ts';
import type { createFakePreload } from './fake-preload.ts';

type FakePreload = ReturnType<typeof createFakePreload>;

/** A post with every field the screens read; `partial` sets what a test cares about. */
export function samplePost(partial: Partial<PostView> & Pick<PostView, 'id'>): PostView {
  return {
    channel: 'threads',
    brand_id: 101,
    status: 'SCHEDULED',
    timestamp: null,
    has_scheduled_time: partial.timestamp != null,
    sort_index: null,
    auto_publish: true,
    auto_publish_error: null,
    live_post_url: null,
    approval_status: null,
    num_of_approvals_required: 0,
    text: `Post ${partial.id}`,
    post_type: null,
    media_count: 1,
    reply_count: 0,
    created_at: '2026-11-01T09:00:00Z',
    updated_at: '2026-11-01T09:00:00Z',
    ...partial,
  };
}

/**
 * Main's posts calls in memory, over the fake preload: `posts:list` filters and sorts as main
 * does (channels, statuses, publish time, range, sort, paging), reschedule and delete change the
 * posts kept here.
 */
export function installFakePosts(preload: FakePreload, initial: PostView[]) {
  const posts = [...initial];
  preload.answer('posts:list', ({ query, offset = 0, limit = 50 }) => {
    const from = query.from ? Date.parse(query.from) : -Infinity;
    const to = query.to ? Date.parse(query.to) : Infinity;
    const matching = posts
      .filter((p) => query.brandIds.includes(p.brand_id))
      .filter((p) => !query.channels || query.channels.includes(p.channel))
      .filter((p) => !query.statuses || query.statuses.includes(p.status))
      .filter((p) => query.hasScheduledTime === undefined || p.has_scheduled_time === query.hasScheduledTime)
      .filter((p) => {
        if (!query.from && !query.to) return true;
        const at = p.timestamp ? Date.parse(p.timestamp) : NaN;
        return at >= from && at < to;
      })
      .sort(comparePosts(query.sort ?? 'TIMESTAMP'));
    return { ok: true, value: { count: matching.length, items: matching.slice(offset, offset + limit) } };
  });
  preload.answer('posts:reschedule', ({ channel, id, timestamp }) => {
    const at = posts.findIndex((p) => p.channel === channel && p.id === id);
    if (at < 0) return { ok: false, error: { code: 'not_found', message: 'No such post.', fieldErrors: {} } };
    posts[at] = { ...posts[at]!, timestamp, has_scheduled_time: true };
    return { ok: true, value: posts[at]! };
  });
  preload.answer('posts:delete', ({ channel, id }) => {
    const at = posts.findIndex((p) => p.channel === channel && p.id === id);
    if (at < 0) return { ok: false, error: { code: 'not_found', message: 'No such post.', fieldErrors: {} } };
    posts.splice(at, 1);
    return { ok: true, value: { deleted: true } };
  });
  return { posts };
}
