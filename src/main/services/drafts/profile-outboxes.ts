import type { DatabaseSync } from 'node:sqlite';
import type { ScheduledPost, SchedulerChannel } from '../../../shared/domain/index.ts';
import type { SchedulerApi } from '../api/scheduler.ts';
import type { EventBus } from '../event-bus.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { createProfileOutboxSet, originOf } from '../storage/profile-outbox-set.ts';
import { Outbox, type OutboxOptions } from './outbox.ts';

export interface ProfileOutboxesDeps {
  databases: Pick<ProfileDatabases, 'open' | 'pathOf'>;
  /** The active profile's id: the drafts calls and events are about its drafts. */
  activeProfileId: () => string | undefined;
  /** Every profile's id, to resume their outboxes at launch. */
  profileIds: () => Promise<string[]> | string[];
  /** A profile's scheduler API (its client, on its rate gate); throws once the profile is gone. */
  schedulerOf: (profileId: string) => SchedulerApi;
  /** The origins of a profile's service, so an answer from there can wake its outbox. */
  originsOf: (profileId: string) => string[];
  events: Pick<EventBus, 'emit'>;
  /** The outbox changed a draft of a profile (a step of its sync): the drafts service tells. */
  onDraftChanged: (profile: ProfileDrafts, id: string) => void;
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
 * The outbox of every profile, each started when its database is first opened (at launch for
 * those with drafts in line, or at the first drafts call), so drafts of a profile that is not the
 * active one still reach its service. Its progress and connection go to the renderer for the
 * active profile only, as that is whose drafts it shows; its changes of drafts go to the drafts
 * service, which tells of every change of a draft.
 */
export function createProfileOutboxes(deps: ProfileOutboxesDeps) {
  const outboxes = createProfileOutboxSet<ProfileDrafts>({
    what: 'drafts',
    profileIds: deps.profileIds,
    make: (profileId) => {
      const db = deps.databases.open(profileId);
      const isActive = () => deps.activeProfileId() === profileId;
      const outbox = new Outbox({
        db,
        scheduler: () => deps.schedulerOf(profileId),
        ...deps.outbox,
        onDraftChanged: (id) => deps.onDraftChanged(entry, id),
        onPostChanged: (channel, post) => deps.onPostChanged?.(profileId, channel, post),
        onProgress: (progress) => {
          if (isActive()) deps.events.emit('sync:progress', progress);
        },
        onConnection: (connection) => {
          if (isActive()) deps.events.emit('drafts:connection', connection);
        },
      });
      const entry: ProfileDrafts = { profileId, db, outbox };
      return entry;
    },
  });
  const { forProfile } = outboxes;

  return {
    forProfile,

    /** The active profile's drafts; undefined without a profile. */
    active(): ProfileDrafts | undefined {
      const id = deps.activeProfileId();
      return id === undefined ? undefined : forProfile(id);
    },

    /** At launch: every profile's outbox starts, so drafts queued before a quit or crash go on. */
    resume: outboxes.resume,

    /**
     * A call elsewhere in the app got an answer from `url`: outboxes of that service that had
     * not tried it yet know it is online, and those waiting because it seemed offline try again
     * now. Without a url (a profile's addresses or token changed): every such outbox, and those
     * held for want of a token try again too.
     */
    nudge(url?: string): void {
      const origin = originOf(url);
      for (const { profileId, outbox } of outboxes.entries()) {
        if (url === undefined) {
          outbox.nudge('profile');
          continue;
        }
        const { state } = outbox.connection();
        // Asked on every answer of the app: an outbox already online looks no further.
        if (state === 'online') continue;
        // An answer says the service is reachable, not that this profile has its token back
        // (it may be another profile's call); retrying on each one would only write the draft's
        // state again and again. Only a change of the profiles (no url) or Sync wakes it.
        if (state === 'no_token') continue;
        if (origin !== undefined && !safeOrigins(deps, profileId).includes(origin)) continue;
        outbox.nudge();
      }
    },

    retain: outboxes.retain,
    close: outboxes.close,
  };
}

export type ProfileOutboxes = ReturnType<typeof createProfileOutboxes>;

function safeOrigins(deps: ProfileOutboxesDeps, profileId: string): string[] {
  try {
    return deps.originsOf(profileId);
  } catch {
    return []; // the profile is gone
  }
}
