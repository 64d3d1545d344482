import type { PostView } from '../../../shared/contract/index.ts';
import type { ScheduledPost, SchedulerChannel } from '../../../shared/domain/index.ts';

/** A channel's post as the calendar and the list show it (see postViewSchema). */
export function toPostView(channel: SchedulerChannel, post: ScheduledPost): PostView {
  const fields = post as Record<string, unknown>;
  const text = typeof fields.text === 'string' ? fields.text : null;
  const caption = typeof fields.caption === 'string' ? fields.caption : null;
  return {
    channel,
    id: post.id,
    brand_id: post.brand_id,
    status: post.status,
    timestamp: post.timestamp ?? null,
    has_scheduled_time: post.has_scheduled_time ?? Boolean(post.timestamp),
    sort_index: post.sort_index ?? null,
    auto_publish: post.auto_publish ?? false,
    auto_publish_error: post.auto_publish_error ?? null,
    live_post_url: post.live_post_url ?? null,
    approval_status: post.approval_status ?? null,
    num_of_approvals_required: post.num_of_approvals_required ?? null,
    text: text ?? caption,
    post_type: typeof fields.post_type === 'string' ? fields.post_type : null,
    media_count: post.media_ids?.length ?? 0,
    reply_count: Array.isArray(fields.replies) ? fields.replies.length : 0,
    created_at: post.created_at,
    updated_at: post.updated_at,
  };
}
