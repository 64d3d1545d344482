import {
  inboxFilterSchema,
  type InboxFilter,
  type InboxItem,
  type InboxNotification,
} from '../../../shared/contract/index.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { CallContext } from '../dispatch.ts';
import { INBOX_VIEW_KIND } from '../inbox/saved-views.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { createSavedItems } from '../storage/saved-items.ts';
import { activityOf, type Delta } from './delta-poller.ts';

/**
 * Notifications of the saved views a person chose (issue 25 §3): for each delta with arrivals,
 * each chosen view of the active profile asks the inbox's own list, its filter bounded to the
 * arrivals' times, which of them it holds: the very meaning the view's list has (tags by name,
 * search, Needs reply), not a second matcher here. One notification per view and delta, grouped
 * ("5 new in Spam watch"); a click opens the newest.
 */

export interface ViewNotifierDeps {
  databases: Pick<ProfileDatabases, 'open'>;
  settings: () => Pick<Settings, 'notifyNewInViews' | 'notifyViewIds'>;
  /** The inbox's list call (the same handler the renderer's lists use). */
  list: (
    input: {
      query: { brandIds: number[]; filter: InboxFilter };
      offset: number;
      limit: number;
      countLater: boolean;
    },
    context: CallContext,
  ) => Promise<{ count: number; items: InboxItem[] }>;
}

/** The most a notification's check reads of a view: more arrivals than this in one delta read as "100 new". */
const checkLimit = 100;

export function createViewNotifier(deps: ViewNotifierDeps) {
  const views = createSavedItems<{ filter: InboxFilter }>(deps.databases, INBOX_VIEW_KIND, (body) => ({
    filter: inboxFilterSchema.parse((body as { filter?: unknown } | null)?.filter),
  }));

  /** The notifications a delta raises, one per chosen view that holds some of its arrivals. */
  async function notificationsOf(delta: Delta, signal: AbortSignal): Promise<InboxNotification[]> {
    const settings = deps.settings();
    if (!settings.notifyNewInViews || delta.items.length === 0) return [];
    const chosen = views.list(delta.profileId).filter((view) => settings.notifyViewIds.includes(view.id));
    if (chosen.length === 0) return [];
    const arrived = new Map(delta.items.map((item) => [item.id, item]));
    const earliest = Math.min(...delta.items.map(activityOf));
    const notifications: InboxNotification[] = [];
    for (const view of chosen) {
      const from = view.body.filter.from;
      const bounded: InboxFilter = {
        ...view.body.filter,
        from: new Date(Math.max(earliest, from ? Date.parse(from) : 0)).toISOString(),
      };
      let page;
      try {
        page = await deps.list(
          {
            query: { brandIds: delta.brandIds, filter: bounded },
            offset: 0,
            limit: checkLimit,
            countLater: false,
          },
          { signal, lane: 'background' },
        );
      } catch {
        continue; // this view's check failed: the others still notify
      }
      const matches = page.items.filter((item) => arrived.has(item.id));
      if (matches.length === 0) continue;
      const newest = matches.reduce((a, b) => (activityOf(b) > activityOf(a) ? b : a));
      notifications.push({
        viewId: view.id,
        viewName: view.name,
        count: matches.length,
        itemId: newest.id,
        title: matches.length === 1 ? `New in ${view.name}` : `${matches.length} new in ${view.name}`,
        body: summaryOf(newest, matches.length),
      });
    }
    return notifications;
  }

  return { notificationsOf };
}

/** What a notification says of the newest arrival: its author and the start of its text. */
function summaryOf(item: InboxItem, count: number): string {
  const record = item as Record<string, unknown>;
  const author = typeof record.author_username === 'string' ? `@${record.author_username}` : 'Someone';
  const text = typeof record.text === 'string' ? record.text : '';
  const short = text.length > 120 ? `${text.slice(0, 117)}…` : text;
  const line = short ? `${author}: ${short}` : `${author} wrote`;
  return count > 1 ? `Newest: ${line}` : line;
}
