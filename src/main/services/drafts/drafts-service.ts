import { existsSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { UnsyncedDrafts } from '../../../shared/contract/index.ts';
import type { ScheduledPost, SchedulerChannel } from '../../../shared/domain/index.ts';
import type { SchedulerApi } from '../api/scheduler.ts';
import type { EventBus } from '../event-bus.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { countByState, getDraft } from './draft-store.ts';
import { toSummary } from './draft-views.ts';
import { Outbox, type OutboxOptions } from './outbox.ts';

export interface DraftsServiceDeps {
  databases: Pick<ProfileDatabases, 'open' | 'pathOf'>;
  /** The active profile's id: the drafts calls and events are about its drafts. */
  activeProfileId: () => string | undefined;
  /** Every profile's id, to resume their outboxes at launch (and to refuse an unknown one). */
  profileIds: () => Promise<string[]> | string[];
  /** A profile's scheduler API (its client, on its rate gate); throws once the profile is gone. */
  schedulerOf: (profileId: string) => SchedulerApi;
  /** The origins of a profile's service, so an answer from there can wake its outbox. */
  originsOf: (profileId: string) => string[];
  events: Pick<EventBus, 'emit'>;
  /** A profile's draft reached the service as `post` (the Scheduler's lists are out of date). */
  onPostChanged?: (profileId: string, channel: SchedulerChannel, post: ScheduledPost) => void;
  /** Tests and benchmarks tune the outbox's timing. */
  outbox?: Pick<OutboxOptions, 'clock' | 'backoff' | 'settleMs' | 'random'>;
}

/** A profile's drafts: its database, and the outbox sending from it. */
export interface ProfileDrafts {
  profileId: string;
  db: DatabaseSync;
  outbox: Outbox;
}

/**
 * The drafts of every profile: one outbox per profile, each started when its database is first
 * opened (at launch for those with drafts in line, or at the first drafts call), so drafts of a
 * profile that is not the active one still reach its service. Events go to the renderer for the
 * active profile only, as that is whose drafts it shows.
 */
export function createDraftsService(deps: DraftsServiceDeps) {
  const opened = new Map<string, ProfileDrafts>();
  let closed = false;

  function forProfile(profileId: string): ProfileDrafts {
    let entry = opened.get(profileId);
    if (entry) return entry;
    if (closed) throw new Error('The drafts are closed: the app is shutting down.');
    const db = deps.databases.open(profileId);
    const isActive = () => deps.activeProfileId() === profileId;
    const outbox = new Outbox({
      db,
      scheduler: () => deps.schedulerOf(profileId),
      ...deps.outbox,
      onDraftChanged: (id) => {
        if (!isActive() || !db.isOpen) return;
        const draft = getDraft(db, id);
        deps.events.emit('drafts:changed', { id, draft: draft ? toSummary(draft) : null });
      },
      onPostChanged: (channel, post) => deps.onPostChanged?.(profileId, channel, post),
      onProgress: (progress) => {
        if (isActive()) deps.events.emit('sync:progress', progress);
      },
      onConnection: (connection) => {
        if (isActive()) deps.events.emit('drafts:connection', connection);
      },
    });
    entry = { profileId, db, outbox };
    opened.set(profileId, entry);
    outbox.start();
    return entry;
  }

  return {
    forProfile,

    /** The active profile's drafts; undefined without a profile. */
    active(): ProfileDrafts | undefined {
      const id = deps.activeProfileId();
      return id === undefined ? undefined : forProfile(id);
    },

    /**
     * The drafts of any profile that the service does not have yet; undefined for a profile that
     * does not exist. Its outbox is not started for this, and a profile that never had a database
     * answers zeros rather than getting an empty one.
     */
    async unsynced(profileId: string): Promise<UnsyncedDrafts | undefined> {
      if (!(await deps.profileIds()).includes(profileId)) return undefined;
      if (!existsSync(deps.databases.pathOf(profileId))) return { count: 0, failed: 0, conflict: 0 };
      const { local, queued, syncing, conflict, failed } = countByState(deps.databases.open(profileId));
      return { count: local + queued + syncing + conflict + failed, failed, conflict };
    },

    /** A profile's scheduler API (interactive reads for the drafts calls). */
    schedulerOf(profileId: string): SchedulerApi {
      return deps.schedulerOf(profileId);
    },

    /** At launch: every profile's outbox starts, so drafts queued before a quit or crash go on. */
    async resume(): Promise<void> {
      for (const id of await deps.profileIds()) {
        if (closed) return;
        forProfile(id);
      }
    },

    /**
     * A call elsewhere in the app got an answer from `url`: outboxes of that service that had
     * not tried it yet know it is online, and those waiting because it seemed offline try again
     * now. Without a url (a profile's addresses or token changed): every such outbox, and those
     * held for want of a token try again too.
     */
    nudge(url?: string): void {
      const origin = url === undefined ? undefined : originOf(url);
      for (const { profileId, outbox } of opened.values()) {
        const { state } = outbox.connection();
        // Asked on every answer of the app: an outbox already online looks no further.
        if (state === 'online') continue;
        // An answer says the service is reachable, not that this profile has its token back
        // (it may be another profile's call); retrying on each one would only write the draft's
        // state again and again. Only a change of the profiles (no url) or Sync wakes it.
        if (state === 'no_token' && url !== undefined) continue;
        if (origin !== undefined && !safeOrigins(deps, profileId).includes(origin)) continue;
        outbox.nudge();
      }
    },

    /** Profiles left after a change: the outboxes of the others stop (before their files go). */
    retain(profileIds: readonly string[]): void {
      for (const [id, entry] of opened) {
        if (profileIds.includes(id)) continue;
        opened.delete(id);
        void entry.outbox.close();
      }
    },

    /** Stops every outbox. Its synchronous part runs first, so the databases may close right after. */
    close(): Promise<void> {
      closed = true;
      const closing = [...opened.values()].map((entry) => entry.outbox.close());
      opened.clear();
      return Promise.all(closing).then(() => undefined);
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function safeOrigins(deps: DraftsServiceDeps, profileId: string): string[] {
  try {
    return deps.originsOf(profileId);
  } catch {
    return []; // the profile is gone
  }
}
