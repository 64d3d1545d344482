import type { EventInput } from '@fullcalendar/vue3';
import type { PostView } from '../../../../shared/contract/index.ts';
import type { PostStatus, SchedulerChannel } from '../../../../shared/domain/index.ts';
import { postStatusMeta } from '../../lib/labels/index.ts';
import { movableStatuses, postTitle } from './post-labels.ts';

/** An event's color per status: white text reads on each, in the light and the dark theme. */
export const statusColors: Record<PostStatus, string> = {
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

/** The legend: one entry per colour, naming every status drawn in it ("Failed or partly failed"). */
export const statusLegend: { color: string; label: string }[] = (() => {
  const byColor = new Map<string, string[]>();
  for (const [status, color] of Object.entries(statusColors) as [PostStatus, string][]) {
    byColor.set(color, [...(byColor.get(color) ?? []), postStatusMeta[status].label]);
  }
  return [...byColor].map(([color, labels]) => ({
    color,
    label: labels.map((label, i) => (i === 0 ? label : label.toLowerCase())).join(' or '),
  }));
})();

export const postKey = (post: Pick<PostView, 'channel' | 'id'>) => `${post.channel}:${post.id}`;

/** A posting time no shown post holds, as the week draws it. */
export interface FreeSlot {
  channel: SchedulerChannel;
  brandId: number;
  start: string;
}

/** The posts as FullCalendar events: a post is a moment, and only a post still to come moves. */
export function toCalendarEvents(posts: readonly PostView[], now: number): EventInput[] {
  return posts
    .filter((post) => post.timestamp !== null)
    .map((post) => ({
      id: postKey(post),
      title: postTitle(post),
      start: post.timestamp!,
      allDay: false,
      startEditable: movableStatuses.has(post.status) && Date.parse(post.timestamp!) > now,
      durationEditable: false,
      interactive: true,
      color: statusColors[post.status],
      className: `post-event status-${post.status.toLowerCase()} channel-${post.channel}`,
      extendedProps: { post },
    }));
}

/** Free posting times as background events under the posts (half an hour, as a post is drawn). */
export function toFreeSlotEvents(slots: readonly FreeSlot[]): EventInput[] {
  return slots.map((slot) => ({
    id: `free:${slot.channel}:${slot.brandId}:${slot.start}`,
    start: slot.start,
    end: new Date(Date.parse(slot.start) + 30 * 60_000).toISOString(),
    allDay: false,
    display: 'background',
    className: 'free-slot',
    extendedProps: { slot },
  }));
}
