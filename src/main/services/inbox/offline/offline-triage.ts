import type { DatabaseSync } from 'node:sqlite';
import {
  applyChange,
  ContractCallError,
  type InboxBulkChange,
  type InboxChange,
  type InboxItem,
  type QueuedTriageList,
} from '../../../../shared/contract/index.ts';
import { noActiveProfile } from '../../accounts/profile-clients.ts';
import type { CommunityApi } from '../../api/community.ts';
import type { GateClock } from '../../api/gate-clock.ts';
import type { EventBus } from '../../event-bus.ts';
import type { InboxMirror } from '../../mirror/inbox-mirror.ts';
import type { ProfileDatabases } from '../../storage/profile-databases.ts';
import { createProfileOutboxSet } from '../../storage/profile-outbox-set.ts';
import { queuedChangeOf } from './queued-change.ts';
import { TriageOutbox } from './triage-outbox.ts';
import * as store from './triage-queue-store.ts';

export interface OfflineTriageDeps {
  databases: Pick<ProfileDatabases, 'open'>;
  activeProfileId: () => string | undefined;
  profileIds: () => Promise<string[]> | string[];
  communityOf: (profileId: string) => CommunityApi;
  mirror: Pick<InboxMirror, 'apply' | 'applyLocal' | 'get'>;
  events: Pick<EventBus, 'emit'>;
  now?: () => number;
  /** Tests tune the outbox's timing. */
  outbox?: { clock?: GateClock; backoff?: { firstMs: number; maxMs: number }; random?: () => number };
}

interface ProfileTriage {
  profileId: string;
  db: DatabaseSync;
  outbox: TriageOutbox;
}

const notInCopy = (id: number) =>
  new ContractCallError({
    code: 'offline',
    message: `The service could not be reached, and interaction ${id} is not in this computer's copy of the inbox: try again once it is back.`,
    fieldErrors: {},
  });

/**
 * Triage done while the service cannot be reached (issue 25 §4): the change is written into the
 * mirror at once (lists, counts and the pane read as if it had gone through) and put in line in
 * the profile's database; each profile's outbox (started at launch for every profile) sends the
 * line when the service answers again. The line of the active profile is told as
 * `inbox:queued-changes` each time it changes.
 */
export function createOfflineTriage(deps: OfflineTriageDeps) {
  const now = deps.now ?? Date.now;

  const outboxes = createProfileOutboxSet<ProfileTriage>({
    what: 'triage changes',
    profileIds: deps.profileIds,
    make: (profileId) => {
      const db = deps.databases.open(profileId);
      const entry: ProfileTriage = {
        profileId,
        db,
        outbox: new TriageOutbox({
          db,
          community: () => deps.communityOf(profileId),
          ...deps.outbox,
          onServiceRow: (id, item) => serviceRow(entry, id, item ?? null, item === null),
          onChanged: () => told(entry),
        }),
      };
      return entry;
    },
  });

  function active(): ProfileTriage {
    const id = deps.activeProfileId();
    if (id === undefined) throw noActiveProfile();
    return outboxes.forProfile(id);
  }

  const listOf = (entry: ProfileTriage): QueuedTriageList => ({
    items: store.allQueued(entry.db).map(({ seq, interactionId, change, state, error, queuedAt }) => ({
      seq,
      interactionId,
      change,
      state,
      error,
      queuedAt,
    })),
  });

  function told(entry: ProfileTriage): void {
    if (deps.activeProfileId() === entry.profileId) deps.events.emit('inbox:queued-changes', listOf(entry));
  }

  /**
   * The service's row into the mirror, with the changes still in line for it laid over it;
   * `gone`: the service no longer has it, so neither does the mirror.
   */
  function serviceRow(entry: ProfileTriage, id: number, item: InboxItem | null, gone = false): void {
    if (gone) {
      deps.mirror.applyLocal(entry.profileId, id, () => null);
      return;
    }
    if (item) deps.mirror.apply(entry.profileId, [item]);
    const waiting = store.waitingFor(entry.db, id);
    if (waiting.length > 0)
      deps.mirror.applyLocal(entry.profileId, id, (row) =>
        waiting.reduce((changed, queued) => applyChange(changed, queued.change), row),
      );
  }

  /**
   * Puts changes in line for rows of the mirror, written into it at once; answers the rows as
   * they now read. A row the mirror does not hold cannot be changed offline (nothing would show
   * it): refused as offline, before anything is put in line. `mayHaveReached`: the service was
   * asked and did not answer, so each is looked for there before it is sent again.
   */
  function queue(
    ids: readonly number[],
    change: InboxChange | InboxBulkChange,
    options: { mayHaveReached?: boolean } = {},
  ): InboxItem[] {
    const entry = active();
    const rows = ids.map((id) => deps.mirror.get(entry.profileId, id) ?? notInCopyThrown(id));
    const queued = rows.map((row) => ({
      interactionId: row.id,
      brandId: row.brand_id,
      change: queuedChangeOf(row, change),
    }));
    store.enqueueAll(entry.db, queued, now(), { sendPending: options.mayHaveReached === true });
    const changed = rows.map(
      (row, k) =>
        deps.mirror.applyLocal(entry.profileId, row.id, (item) => applyChange(item, queued[k]!.change)) ??
        applyChange(row, queued[k]!.change),
    );
    told(entry);
    entry.outbox.kick();
    return changed;
  }

  return {
    queue,

    /** Whether a change of this row must go behind others in line (sent in the order made). */
    hasWaiting(interactionId: number): boolean {
      return store.hasWaiting(active().db, interactionId);
    },

    /** Rows the service answered, with the active profile's changes in line laid over them. */
    overlay<T extends InboxItem>(items: T[]): T[] {
      const id = deps.activeProfileId();
      if (id === undefined) return items;
      const waiting = store.allQueued(outboxes.forProfile(id).db).filter((q) => q.state === 'waiting');
      if (waiting.length === 0) return items;
      return items.map((item) =>
        waiting.reduce(
          (row, q) => (q.interactionId === row.id ? (applyChange(row, q.change) as T) : row),
          item,
        ),
      );
    },

    /** Rows the service just wrote into the mirror (a delta): the changes in line go back over them. */
    relay(profileId: string, items: readonly InboxItem[]): void {
      const entry = outboxes.forProfile(profileId);
      for (const item of items) if (store.hasWaiting(entry.db, item.id)) serviceRow(entry, item.id, null);
    },

    list(): QueuedTriageList {
      return listOf(active());
    },

    retry(seq: number): QueuedTriageList {
      const entry = active();
      const found = store.retry(entry.db, seq);
      if (found) {
        serviceRow(entry, found.interactionId, null);
        told(entry);
        entry.outbox.kick();
      }
      return listOf(entry);
    },

    drop(seq: number): QueuedTriageList {
      const entry = active();
      if (store.drop(entry.db, seq)) told(entry);
      return listOf(entry);
    },

    /** The service answered something, or a profile changed: outboxes waiting for it try now. */
    nudge(): void {
      for (const entry of outboxes.entries()) entry.outbox.nudge();
    },

    resume: outboxes.resume,
    retain: outboxes.retain,
    close: outboxes.close,
  };
}

function notInCopyThrown(id: number): never {
  throw notInCopy(id);
}

export type OfflineTriage = ReturnType<typeof createOfflineTriage>;
