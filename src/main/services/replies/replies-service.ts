import type { DatabaseSync } from 'node:sqlite';
import {
  ContractCallError,
  REPLIES_UNSUPPORTED_NOTE,
  type CannedReply,
  type CannedReplyInput,
  type ReplySupport,
  type ReplyView,
} from '../../../shared/contract/index.ts';
import { replyNetworkOf, replyTextProblem } from '../../../shared/domain/index.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';
import type { CommunityApi } from '../api/community.ts';
import type { GateClock } from '../api/gate-clock.ts';
import type { CallContext } from '../dispatch.ts';
import type { EventBus } from '../event-bus.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { createProfileOutboxSet, originOf } from '../storage/profile-outbox-set.ts';
import { deleteCanned, listCanned, saveCanned } from './canned-replies.ts';
import { ReplyOutbox } from './reply-outbox.ts';
import * as store from './reply-store.ts';
import { createReplySupport } from './reply-support.ts';

export interface RepliesServiceDeps {
  databases: Pick<ProfileDatabases, 'open'>;
  activeProfileId: () => string | undefined;
  profileIds: () => Promise<string[]> | string[];
  /** A profile's community API (its client, on its rate gate); throws once the profile is gone. */
  communityOf: (profileId: string) => CommunityApi;
  /** The community address a profile uses now: with the profile, it names the connection. */
  communityUrlOf: (profileId: string) => string;
  events: Pick<EventBus, 'emit'>;
  /** A reply reached the service: the interaction it answers is no longer waiting. */
  onSent?: (profileId: string, interactionId: number) => void;
  now?: () => number;
  /** Tests tune the outbox's timing. */
  outbox?: {
    clock?: GateClock;
    backoff?: { firstMs: number; maxMs: number };
    settleMs?: number;
    random?: () => number;
  };
}

interface ProfileReplies {
  profileId: string;
  db: DatabaseSync;
  outbox: ReplyOutbox;
}

const unsupportedError = {
  code: 'not_found' as const,
  message: REPLIES_UNSUPPORTED_NOTE,
  fieldErrors: {},
};

/**
 * Replying to interactions (issue 24 §4): each profile's reply outbox (started when its database
 * first opens, at launch for every profile, so a reply written before a quit still goes), the
 * reply extension's support per connection, and the profile's canned replies. Every change of a
 * reply of the active profile is told once, as `replies:changed`.
 */
export function createRepliesService(deps: RepliesServiceDeps) {
  const now = deps.now ?? Date.now;
  const support = createReplySupport();

  const connectionOf = (entry: ProfileReplies) => ({
    profileId: entry.profileId,
    communityUrl: deps.communityUrlOf(entry.profileId),
    db: entry.db,
  });

  const outboxes = createProfileOutboxSet<ProfileReplies>({
    what: 'replies',
    profileIds: deps.profileIds,
    make: (profileId) => {
      const db = deps.databases.open(profileId);
      const entry: ProfileReplies = {
        profileId,
        db,
        outbox: new ReplyOutbox({
          db,
          community: () => deps.communityOf(profileId),
          ...deps.outbox,
          unsupportedError,
          onChanged: (reply) => {
            if (reply.state === 'sent') deps.onSent?.(profileId, reply.interactionId);
            if (deps.activeProfileId() === profileId)
              deps.events.emit('replies:changed', store.toReplyView(reply));
          },
          onUnsupported: () => support.markUnsupported(connectionOf(entry)),
        }),
      };
      return entry;
    },
  });
  const { forProfile } = outboxes;

  function active(): ProfileReplies {
    const id = deps.activeProfileId();
    if (id === undefined) throw noActiveProfile();
    return forProfile(id);
  }

  function refuse(message: string, field?: string): never {
    throw new ContractCallError({
      code: 'invalid_input',
      message,
      fieldErrors: field ? { [field]: [message] } : {},
    });
  }

  return {
    forProfile,

    /** Whether the active connection's service takes replies (asked once per connection). */
    support(input: { interactionId: number }, context: CallContext): Promise<ReplySupport> {
      const entry = active();
      return support.get(
        connectionOf(entry),
        deps.communityOf(entry.profileId),
        input.interactionId,
        context,
      );
    },

    list(interactionId: number): ReplyView[] {
      return store.repliesOf(active().db, interactionId).map(store.toReplyView);
    },

    /** Puts a reply in line and wakes the outbox; the same id twice is the same reply. */
    send(input: {
      id: string;
      interactionId: number;
      brandId: number;
      type: string;
      text: string;
    }): ReplyView {
      const entry = active();
      const network = replyNetworkOf(input.type);
      if (network === null) refuse('This kind of interaction cannot be answered.');
      if (input.text.trim().length === 0) refuse('Write the reply first.', 'text');
      const problem = replyTextProblem(network, input.text);
      if (problem !== null) refuse(problem, 'text');
      const reply = store.enqueueReply(entry.db, input, now());
      entry.outbox.kick();
      return store.toReplyView(reply);
    },

    retry(id: string): ReplyView {
      const entry = active();
      const reply = store.requeue(entry.db, id, now());
      if (!reply) {
        const current = store.getReply(entry.db, id);
        if (!current) {
          throw new ContractCallError({
            code: 'not_found',
            message: 'This reply is no longer here.',
            fieldErrors: {},
          });
        }
        return store.toReplyView(current);
      }
      entry.outbox.kick({ now: true });
      return store.toReplyView(reply);
    },

    cannedList(): CannedReply[] {
      return listCanned(active().db);
    },
    cannedSave(input: CannedReplyInput & { title: string; text: string }): CannedReply {
      return saveCanned(active().db, input, now());
    },
    cannedDelete(id: string): boolean {
      return deleteCanned(active().db, id);
    },

    /** At launch: every profile's outbox starts, so replies written before a quit or crash go on. */
    resume: outboxes.resume,

    /**
     * A call elsewhere in the app got an answer from `url`: outboxes of that service waiting
     * offline try now. Without a url (a profile's addresses or token changed): every one.
     */
    nudge(url?: string): void {
      const origin = originOf(url);
      for (const { profileId, outbox } of outboxes.entries()) {
        if (origin !== undefined && originOf(safely(() => deps.communityUrlOf(profileId))) !== origin)
          continue;
        outbox.nudge();
      }
    },

    /** Profiles left after a change: the outboxes of the others stop. */
    retain: outboxes.retain,
    close: outboxes.close,
  };
}

export type RepliesService = ReturnType<typeof createRepliesService>;

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined; // the profile is gone
  }
}
