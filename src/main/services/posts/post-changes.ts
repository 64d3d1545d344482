import type { PostView } from '../../../shared/contract/index.ts';
import type { ScheduledPost, SchedulerChannel } from '../../../shared/domain/index.ts';
import type { EventBus } from '../event-bus.ts';
import type { SharedLoads } from '../lists/shared-loads.ts';
import { toPostView } from './post-view.ts';

/** Where a profile's post lists are kept among the shared loads. */
export const postListsKey = (profileId: string | undefined) => `posts:${profileId ?? ''}:`;

export interface PostChanges {
  /**
   * The app changed a post of `profileId` on the service: `post` is the service's new version,
   * null when it was deleted.
   */
  changed(profileId: string, channel: SchedulerChannel, id: number, post: ScheduledPost | null): void;
}

/**
 * The one place that hears of every change the app makes to a post (a reschedule, a delete, a
 * draft the outbox sent): the post lists main kept for that profile are forgotten, and the
 * renderer is told (`posts:changed`, for the active profile, whose posts it shows), so nothing
 * keeps showing the version from before.
 */
export function createPostChanges(deps: {
  loads: Pick<SharedLoads, 'invalidate'>;
  events: Pick<EventBus, 'emit'>;
  activeProfileId: () => string | undefined;
}): PostChanges {
  return {
    changed(profileId, channel, id, post) {
      deps.loads.invalidate(postListsKey(profileId));
      if (deps.activeProfileId() !== profileId) return;
      const view: PostView | null = post ? toPostView(channel, post) : null;
      deps.events.emit('posts:changed', { channel, id, post: view });
    },
  };
}
