import type { EventInput } from '@fullcalendar/vue3';
import type { PostView } from '../../../../shared/contract/index.ts';
import type { PostStatus } from '../../../../shared/domain/index.ts';
import { movableStatuses, postTitle } from './post-labels.ts';

/** An event's color per status: white text reads on each, in the light and the dark theme. */
const statusColors: Record<PostStatus, string> = {
  SCHEDULED: '#2f6fb8',
  AUTOPUBLISHING: '#1f7a8c',
  POSTED: '#2e7d4f',
  FAILED: '#c0392b',
  PARTIALLY_FAILED: '#c0392b',
  MISSING_APPROVALS: '#a15c00',
  DRAFT: '#5f6b7a',
  USERS_NOTIFIED: '#6b5fa8',
  EXPIRED: '#7a6a55',
  SKIPPED: '#6e7681',
  IMPORTED: '#6e7681',
};

export const postKey = (post: Pick<PostView, 'channel' | 'id'>) => `${post.channel}:${post.id}`;

/** The posts as FullCalendar events: a post is a moment, and only a post still to come moves. */
export function toCalendarEvents(posts: readonly PostView[], now: number): EventInput[] {
  return posts
    .filter((post) => post.timestamp !== null)
    .map((post) => ({
      id: postKey(post),
      title: postTitle(post.channel, post.text, post.post_type),
      start: post.timestamp!,
      allDay: false,
      startEditable: movableStatuses.has(post.status) && Date.parse(post.timestamp!) > now,
      durationEditable: false,
      interactive: true,
      color: statusColors[post.status],
      className: `post-event status-${post.status.toLowerCase()}`,
      extendedProps: { post },
    }));
}
