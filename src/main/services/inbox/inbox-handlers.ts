import type { inboxCalls, InboxItem } from '../../../shared/contract/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import { renameFieldErrors } from '../api/field-names.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { EventBus } from '../event-bus.ts';
import type { ExportsService } from '../exports/exports-service.ts';
import { pagedList } from '../lists/list-call.ts';
import type { SharedLoads } from '../lists/shared-loads.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { bulkUpdate } from './bulk-update.ts';
import { patchBodyOf } from './inbox-change.ts';
import { exportInboxList } from './inbox-export.ts';
import { serviceQueriesOf, type InboxServiceQuery, type TagsOf } from './inbox-query.ts';
import { insights, overview, unreadCounts } from './inbox-stats.ts';
import { createSavedViews } from './saved-views.ts';
import { interactionOrder, readMerged } from './merged-list.ts';
import { createTriageCapability } from './triage-capability.ts';
import { asksForWaiting, createWaitingList } from './waiting-list.ts';
import { INTERACTIONS_MAX_PAGE } from './walk-interactions.ts';

export interface InboxHandlersDeps {
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active' | 'onChange'>;
  databases: Pick<ProfileDatabases, 'open'>;
  loads: SharedLoads;
  events: Pick<EventBus, 'emit'>;
  /** The app's one export service, which saves the list's CSV. */
  exports: Pick<ExportsService, 'run'>;
  /**
   * Tells of each reply the reply outbox has sent (profile, interaction): the person answered
   * leaves the kept Needs reply rows without a walk.
   */
  onReplySent?: (listener: (profileId: string, interactionId: number) => void) => void;
  /** Milliseconds, for the bulk progress throttle; tests step their own. */
  now?: () => number;
}

/** The PATCH's field names as the call's input names them, for a 422's field errors. */
const changeFields = {
  is_read: 'change.read',
  is_archived: 'change.archived',
  is_follow_up: 'change.followUp',
  tag_ids: 'change.tagIds',
  assignee_id: 'change.assigneeId',
};

/** The Inbox area (interface.md ops 16 to 20 and the PATCH extension) on the active profile. */
export function createInboxHandlers(deps: InboxHandlersDeps): HandlerMap<typeof inboxCalls> {
  const now = deps.now ?? (() => performance.now());
  const capability = createTriageCapability();
  const views = createSavedViews(deps.databases);
  deps.profiles.onChange(() => capability.forget());

  /** The active profile: the contract's "no profile yet" error otherwise (from `active()`). */
  const profileId = () => {
    deps.clients.active();
    return deps.profiles.active()!.id;
  };
  // Lists are kept per profile: two profiles may reach the same brand ids on different services.
  const prefix = () => `inbox:${deps.profiles.active()?.id ?? ''}`;

  const list = pagedList<InboxServiceQuery, InboxItem>({
    loads: deps.loads,
    keyPrefix: prefix,
    maxPage: INTERACTIONS_MAX_PAGE,
    keyOf: (item) => item.id,
    fetchPage: async (query, offset, limit, { signal, lane }) => {
      const page = await deps.clients
        .active()
        .community.listInteractions({ ...query, offset, limit }, { signal, lane });
      return { count: page.paging.count, items: page.data };
    },
  });

  /**
   * The brands' tags, for filters that name tags: kept as the lists' pages are, so scrolling a
   * list filtered by name asks for them once.
   */
  const tagsOf =
    (signal?: AbortSignal): TagsOf =>
    (brandIds) =>
      deps.loads.get(
        `${prefix()}:tags:${brandIds.join(',')}`,
        (loadSignal) => deps.clients.active().community.listTags(brandIds, { signal: loadSignal }),
        signal,
      );

  const waiting = createWaitingList({
    community: () => deps.clients.active().community,
    keyPrefix: prefix,
    tagsOf,
  });
  deps.profiles.onChange(() => waiting.forget());
  deps.onReplySent?.((profile, interactionId) => {
    if (profile === deps.profiles.active()?.id) waiting.answered(interactionId);
  });

  /** A change makes every kept page of the lists stale (counts are not kept), and every waiting walk. */
  const changed = () => {
    deps.loads.invalidate(prefix());
    waiting.forget();
  };

  return {
    'inbox:list': async ({ query, offset, limit }, context) => {
      if (asksForWaiting(query.filter)) return waiting.list({ ...query, offset, limit }, context);
      const queries = await serviceQueriesOf(query.brandIds, query.filter, tagsOf(context.signal));
      if (queries.length === 0) return { count: 0, items: [] };
      if (queries.length === 1) return list({ query: queries[0]!, offset, limit }, context);
      // Tags by name in brands whose ids differ: one list per brand, read as one.
      return readMerged(
        {
          streams: queries.length,
          readStream: (stream, at, size) =>
            list({ query: queries[stream]!, offset: at, limit: size }, context),
          compare: interactionOrder(queries[0]!.sort),
          keyOf: (item) => item.id,
          chunk: INTERACTIONS_MAX_PAGE,
        },
        offset,
        limit,
      );
    },

    'inbox:get': async ({ brandIds, id }, context) => {
      const { community } = deps.clients.active();
      const page = await community.listInteractions({ brand_ids: brandIds, id, limit: 1 }, context);
      return page.data.find((item) => item.id === id) ?? null;
    },

    'inbox:thread': async ({ id }, context) => deps.clients.active().community.tiktokComment(id, context),

    'inbox:unread-counts': async (scope, context) =>
      unreadCounts(deps.clients.active().community, scope, context),

    'inbox:overview': async ({ brandIds }, context) =>
      overview(deps.clients.active().community, brandIds, context),

    'inbox:insights': async (scope, context) => insights(deps.clients.active().community, scope, context),

    'inbox:waiting-summary': async ({ brandIds }, context) => waiting.summary(brandIds, context),

    'inbox:capabilities': async (_input, context) => {
      const { community } = deps.clients.active();
      const profile = deps.profiles.active()!;
      return capability.get(profile.id, community, profile.brandIds, context);
    },

    'inbox:update': async ({ id, change }, context) => {
      const { community } = deps.clients.active();
      let updated: InboxItem | undefined;
      try {
        updated = await renameFieldErrors(
          community.updateInteraction(id, patchBodyOf(change), context),
          changeFields,
        );
        return updated;
      } finally {
        // One row changed, as the service answered it: the kept waiting walks are mended, not
        // walked again (a refused or unanswered change may still have landed: forget them then).
        if (updated) {
          deps.loads.invalidate(prefix());
          waiting.updated(updated, change);
        } else changed();
      }
    },

    'inbox:bulk-update': async (request, context) => {
      const { community } = deps.clients.active();
      try {
        return await bulkUpdate(
          request,
          {
            community,
            now,
            tagsOf: tagsOf(context.signal),
            onProgress: (progress) => deps.events.emit('inbox:bulk-progress', progress),
          },
          context,
        );
      } finally {
        changed();
      }
    },

    'inbox:views': async ({ brandIds }, context) => {
      const id = profileId();
      return {
        items: await views.list(
          id,
          deps.clients.active().community,
          brandIds,
          tagsOf(context.signal),
          context,
        ),
      };
    },

    'inbox:save-view': async ({ name, filter }) => views.save(profileId(), name, filter),

    'inbox:delete-view': async ({ id }) => ({ deleted: views.remove(profileId(), id) }),

    'inbox:export': async (request, { signal }) => {
      const id = profileId();
      const { community } = deps.clients.active();
      return exportInboxList(
        request,
        { profileId: id, community, exports: deps.exports, tagsOf: tagsOf() },
        signal,
      );
    },
  };
}
