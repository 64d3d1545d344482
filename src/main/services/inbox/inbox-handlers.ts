import {
  ContractCallError,
  INBOX_BULK_MAX,
  type InboxFilter,
  type inboxCalls,
  type InboxItem,
  type ListAnswer,
} from '../../../shared/contract/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import { isApiError } from '../api/api-error.ts';
import { renameFieldErrors } from '../api/field-names.ts';
import type { CallContext, HandlerMap } from '../dispatch.ts';
import type { EventBus } from '../event-bus.ts';
import type { ExportsService } from '../exports/exports-service.ts';
import { pagedList } from '../lists/list-call.ts';
import type { SharedLoads } from '../lists/shared-loads.ts';
import type { InboxMirror } from '../mirror/inbox-mirror.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { bulkUpdate } from './bulk-update.ts';
import { patchBodyOf } from './inbox-change.ts';
import { exportInboxList } from './inbox-export.ts';
import type { OfflineTriage } from './offline/offline-triage.ts';
import { recalledCapability, rememberCapability } from './offline/remembered-capability.ts';
import { serviceQueriesOf, type InboxServiceQuery, type TagsOf } from './inbox-query.ts';
import { insights, overview, UNREAD_TYPES, unreadCounts } from './inbox-stats.ts';
import { createSavedViews } from './saved-views.ts';
import { interactionOrder, readMerged } from './merged-list.ts';
import { createTriageCapability } from './triage-capability.ts';
import { asksForWaiting, createWaitingList, joinWaiting } from './waiting-list.ts';
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
  /**
   * The profile's local copy of the inbox: lists, counts and Needs reply answer from it where it
   * covers the query, and every interaction the service answers is stored in it.
   */
  mirror?: Pick<
    InboxMirror,
    | 'noteActivity'
    | 'apply'
    | 'list'
    | 'waitingSummary'
    | 'heldWaitingSummary'
    | 'unreadCounts'
    | 'get'
    | 'offlineOverview'
  >;
  /**
   * Triage done while the service cannot be reached: applied to the mirror at once and put in
   * line, sent when it answers again (offline/offline-triage.ts).
   */
  triage?: Pick<OfflineTriage, 'queue' | 'hasWaiting' | 'overlay'>;
  /** Whether the service is known to be unreachable now (the app's one connection state). */
  offline?: () => boolean;
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

/** A first screen read ahead would need the service: it is not asked (`inbox:first-screen`). */
class NotAskedAhead extends Error {}

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

  const mirror = deps.mirror;
  const offline = () => deps.offline?.() ?? false;
  /**
   * The service's answer about some interactions, kept in the mirror too; triage still in line
   * for any of them is laid over them, as the mirror has them.
   */
  const mirrored = <T extends { items: InboxItem[] }>(answer: T): T => {
    mirror?.apply(deps.profiles.active()!.id, answer.items);
    return withQueued(answer);
  };
  /**
   * Rows with triage still in line read as the person left them, wherever they come from (the
   * mirror's own rows too: a sweep may have written the service's over them meanwhile).
   */
  const withQueued = <T extends { items: InboxItem[] }>(answer: T): T =>
    deps.triage ? { ...answer, items: deps.triage.overlay(answer.items) } : answer;
  /**
   * Whether triage may be put in line when the service does not answer: only where the service
   * is known to take the PATCH extension (conventions §9), so nothing waits that could never go.
   */
  const mayQueue = () => {
    const profile = deps.profiles.active();
    if (deps.triage === undefined || mirror === undefined || !profile) return false;
    const known = capability.known(profile.id);
    if (known !== undefined) return known;
    return recalledCapability(deps.databases.open(profile.id), profile.baseUrls.community)?.triage === true;
  };
  /** No answer from the service at all (offline, unreachable): the mirror's copy may stand in. */
  const unanswered = (error: unknown) =>
    isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');

  /** The list from the service (as before the mirror), for queries the mirror does not cover. */
  async function serviceList(
    query: { brandIds: number[]; filter: InboxFilter },
    offset: number,
    limit: number,
    context: CallContext,
  ): Promise<ListAnswer<InboxItem>> {
    if (asksForWaiting(query.filter)) return waiting.list({ ...query, offset, limit }, context);
    const queries = await serviceQueriesOf(query.brandIds, query.filter, tagsOf(context.signal));
    if (queries.length === 0) return { count: 0, items: [] };
    if (queries.length === 1) return list({ query: queries[0]!, offset, limit }, context);
    // Tags by name in brands whose ids differ: one list per brand, read as one.
    return readMerged(
      {
        streams: queries.length,
        readStream: (stream, at, size) => list({ query: queries[stream]!, offset: at, limit: size }, context),
        compare: interactionOrder(queries[0]!.sort),
        keyOf: (item) => item.id,
        chunk: INTERACTIONS_MAX_PAGE,
      },
      offset,
      limit,
    );
  }

  /** The rows a bulk action offline runs over: those picked, or those the mirror lists for the filter. */
  async function offlineTargetIds(request: {
    brandIds: number[];
    target: { ids: number[] } | { filter: InboxFilter };
  }) {
    if ('ids' in request.target) return request.target.ids;
    const answer = await mirror?.list(
      profileId(),
      request.brandIds,
      request.target.filter,
      0,
      INBOX_BULK_MAX,
      {
        offline: true,
      },
    );
    if (!answer)
      throw new ContractCallError({
        code: 'offline',
        message:
          "The service could not be reached, and this computer's copy of the inbox does not hold these interactions: try again once it is back.",
        fieldErrors: {},
      });
    if (answer.count > INBOX_BULK_MAX)
      throw new ContractCallError({
        code: 'invalid_input',
        message: `${answer.count.toLocaleString('en')} interactions match; a bulk action takes at most ${INBOX_BULK_MAX.toLocaleString('en')}. Narrow the filters first.`,
        fieldErrors: {},
      });
    return answer.items.map((item) => item.id);
  }

  return {
    'inbox:list': async ({ query, offset, limit, countLater }, context) => {
      const id = profileId();
      // A person at work holds background work back; a list read ahead or on the way is not one.
      if (context.lane === 'interactive') mirror?.noteActivity();
      // Where the mirror covers the query, its answer is the service's (mirror-query.ts); with
      // the service known to be unreachable, its copy is the answer there is, without waiting.
      // Rows older than its period are only counted, by the service (inbox-mirror.ts, `list`); a
      // walk for the waiting ones among them reads in the person's pauses (waiting-list.ts).
      const countOlder = async (filter: InboxFilter) =>
        asksForWaiting(filter)
          ? (await waiting.list({ brandIds: query.brandIds, filter, offset: 0, limit: 0 }, context, 'idle'))
              .count
          : (await serviceList({ brandIds: query.brandIds, filter }, 0, 0, context)).count;
      try {
        const local = await mirror?.list(id, query.brandIds, query.filter, offset, limit, {
          offline: offline(),
          countOlder,
          countLater,
        });
        if (local) return withQueued(local);
        return mirrored(await serviceList(query, offset, limit, context));
      } catch (error) {
        const kept = unanswered(error)
          ? await mirror?.list(id, query.brandIds, query.filter, offset, limit, { offline: true })
          : null;
        if (kept) return withQueued(kept);
        throw error;
      }
    },

    'inbox:first-screen': async ({ brandIds, filter, limit }) => {
      // Older rows the service would have to count: not this call's to ask (null, as uncovered).
      const noService = () => Promise.reject(new NotAskedAhead());
      try {
        const local = await mirror?.list(profileId(), brandIds, filter, 0, limit, {
          offline: offline(),
          countOlder: noService,
          countLater: true,
          ahead: true,
        });
        return local ? withQueued(local) : null;
      } catch (error) {
        if (error instanceof NotAskedAhead) return null;
        throw error;
      }
    },

    'inbox:get': async ({ brandIds, id }, context) => {
      mirror?.noteActivity();
      const { community } = deps.clients.active();
      const known = offline() ? mirror?.get(profileId(), id) : null;
      if (known && brandIds.includes(known.brand_id)) return known;
      try {
        const found = await community.getInteraction(brandIds, id, context);
        mirrored({ items: found ? [found] : [] });
        return found ?? null;
      } catch (error) {
        // The open item offline: as the mirror last had it.
        const kept = unanswered(error) ? mirror?.get(profileId(), id) : null;
        if (kept && brandIds.includes(kept.brand_id)) return kept;
        throw error;
      }
    },

    'inbox:thread': async ({ id }, context) => {
      mirror?.noteActivity();
      const known = offline() ? mirror?.get(profileId(), id) : null;
      if (known?.type === 'TIKTOK_COMMENT') return known;
      try {
        return await deps.clients.active().community.tiktokComment(id, context);
      } catch (error) {
        // Offline, a mirrored TikTok comment carries its replies: the thread as last read.
        const kept = unanswered(error) ? mirror?.get(profileId(), id) : null;
        if (kept?.type === 'TIKTOK_COMMENT') return kept;
        throw error;
      }
    },

    'inbox:unread-counts': async (scope, context) => {
      const id = profileId();
      const types = UNREAD_TYPES.split(',');
      const local = mirror?.unreadCounts(id, scope, types, { offline: offline() });
      if (local) return local;
      try {
        return await unreadCounts(deps.clients.active().community, scope, context);
      } catch (error) {
        const kept = unanswered(error) ? mirror?.unreadCounts(id, scope, types, { offline: true }) : null;
        if (kept) return kept;
        throw error;
      }
    },

    'inbox:overview': async ({ brandIds }, context) => {
      const id = profileId();
      const local = offline() ? mirror?.offlineOverview(id, brandIds) : null;
      if (local) return local;
      try {
        return await overview(deps.clients.active().community, brandIds, context);
      } catch (error) {
        const kept = unanswered(error) ? mirror?.offlineOverview(id, brandIds) : null;
        if (kept) return kept;
        throw error;
      }
    },

    'inbox:insights': async (scope, context) => insights(deps.clients.active().community, scope, context),

    'inbox:waiting-summary': async ({ brandIds }, context) => {
      const id = profileId();
      const local = mirror?.waitingSummary(id, brandIds, { offline: offline() });
      if (local) return local;
      // The rows the mirror holds whole from it, and only the older ones walked at the service:
      // at 90 days kept, half the pages of a walk that competes with everything the person does
      // in the app's first seconds.
      const held = offline() ? null : mirror?.heldWaitingSummary(id, brandIds);
      try {
        if (held)
          return joinWaiting(
            held.summary,
            await waiting.summary(brandIds, context, new Date(held.since).toISOString()),
          );
        return await waiting.summary(brandIds, context);
      } catch (error) {
        const kept = unanswered(error) ? mirror?.waitingSummary(id, brandIds, { offline: true }) : null;
        if (kept) return kept;
        throw error;
      }
    },

    'inbox:capabilities': async (_input, context) => {
      const { community } = deps.clients.active();
      const profile = deps.profiles.active()!;
      const db = deps.databases.open(profile.id);
      try {
        const answer = await capability.get(profile.id, community, profile.brandIds, context);
        // Kept where it is known for good (not "nothing to check with yet").
        if (capability.known(profile.id) !== undefined)
          rememberCapability(db, profile.baseUrls.community, answer);
        return answer;
      } catch (error) {
        // Offline: the answer last had from this service, so triage is offered (and queued) or
        // hidden as it was online.
        const kept = unanswered(error) ? recalledCapability(db, profile.baseUrls.community) : null;
        if (kept) return kept;
        throw error;
      }
    },

    'inbox:update': async ({ id, change }, context) => {
      const { community } = deps.clients.active();
      // Offline, or behind a change of this row still in line: in line too, in the order made.
      if (mayQueue() && (offline() || deps.triage!.hasWaiting(id))) {
        changed();
        return deps.triage!.queue([id], change)[0]!;
      }
      let updated: InboxItem | undefined;
      try {
        updated = await renameFieldErrors(
          community.updateInteraction(id, patchBodyOf(change), context),
          changeFields,
        );
        return updated;
      } catch (error) {
        // No answer: the change may have reached the service, so it goes in line to be looked
        // for there before it is sent again.
        if (mayQueue() && unanswered(error))
          return deps.triage!.queue([id], change, { mayHaveReached: true })[0]!;
        throw error;
      } finally {
        // One row changed, as the service answered it: the kept waiting walks are mended, not
        // walked again (a refused or unanswered change may still have landed: forget them then).
        if (updated) {
          mirrored({ items: [updated] });
          deps.loads.invalidate(prefix());
          waiting.updated(updated, change);
        } else changed();
      }
    },

    'inbox:bulk-update': async (request, context) => {
      const { community } = deps.clients.active();
      if (mayQueue() && offline()) {
        changed();
        return { updated: deps.triage!.queue(await offlineTargetIds(request), request.change), failed: [] };
      }
      try {
        const result = await bulkUpdate(
          request,
          {
            community,
            now,
            tagsOf: tagsOf(context.signal),
            onProgress: (progress) => deps.events.emit('inbox:bulk-progress', progress),
          },
          context,
        );
        const { items: updated } = mirrored({ items: result.updated });
        // Rows the service did not answer for go in line (they may have reached it: looked for first).
        const unansweredIds = result.failed.filter((f) => f.error.code === 'offline').map((f) => f.id);
        if (unansweredIds.length === 0 || !mayQueue()) return { ...result, updated };
        const queued = deps.triage!.queue(unansweredIds, request.change, { mayHaveReached: true });
        return {
          updated: [...updated, ...queued],
          failed: result.failed.filter((f) => !unansweredIds.includes(f.id)),
        };
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
