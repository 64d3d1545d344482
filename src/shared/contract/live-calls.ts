import { z } from 'zod';
import { idSchema } from '../domain/index.ts';
import { inboxItemSchema, inboxUnreadCountsSchema } from './inbox-calls.ts';

/**
 * Events of the live inbox (issue 25 §2, §3): what arrived since main last asked the service, and
 * the notifications of a chosen saved view that the browser shell shows itself (Electron shows
 * them from main). No calls: the settings (interval, notifications, badge) are the app's settings.
 */
export const liveEvents = {
  /**
   * Interactions that arrived or got new activity on the active profile's chosen brands since the
   * last delta (each once), oldest first, with the unread counts (op 18) read at the same time
   * (null when they could not be read).
   */
  'inbox:arrived': z.object({
    profileId: z.string(),
    brandIds: z.array(idSchema),
    items: z.array(inboxItemSchema),
    unread: inboxUnreadCountsSchema.nullable(),
  }),
  /**
   * New interactions in a saved view the person chose, grouped: one notification per view and
   * delta. `itemId` is the one a click opens (the newest).
   */
  'inbox:notify': z.object({
    viewId: z.string(),
    viewName: z.string(),
    count: z.number().int().min(1),
    itemId: idSchema,
    title: z.string(),
    body: z.string(),
  }),
  /** A notification was clicked in Electron: the window opens this interaction. */
  'inbox:open-item': z.object({ id: idSchema }),
} as const;
export type InboxArrival = z.output<(typeof liveEvents)['inbox:arrived']>;
export type InboxNotification = z.output<(typeof liveEvents)['inbox:notify']>;
