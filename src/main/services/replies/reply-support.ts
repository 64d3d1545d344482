import type { DatabaseSync } from 'node:sqlite';
import { REPLIES_UNSUPPORTED_NOTE, type ReplySupport } from '../../../shared/contract/index.ts';
import { isApiError, isMissingFeature } from '../api/api-error.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';
import { untilAborted } from '../inbox/triage-capability.ts';
import { prepared } from '../drafts/draft-store.ts';

const supported: ReplySupport = { supported: true, note: null };
const unsupported: ReplySupport = { supported: false, note: REPLIES_UNSUPPORTED_NOTE };

/**
 * Whether a connection's service takes replies (an extension, conventions §9: a 404 or 405 on its
 * path hides the feature), asked once per connection: a profile and the community address it
 * uses. "No" is kept in the profile's database, so the app does not ask again after a restart
 * either; a new address is a new connection and is asked again.
 *
 * The probe is a POST of an empty body to the interaction the person opened: a service with the
 * extension refuses it (422: no text), one without it answers 404 or 405 before reading any body;
 * nothing can be written either way. The interaction is a real one, because a 404 for a made-up
 * id cannot be told from a 404 for a missing route. Failures that say nothing either way
 * (offline, 401, 5xx) are thrown and not remembered, so the next call asks again.
 */
export function createReplySupport() {
  const known = new Map<string, Promise<ReplySupport>>();
  const keyOf = (profileId: string, communityUrl: string) => `${profileId} ${communityUrl}`;
  const metaKey = (communityUrl: string) => `replies_unsupported ${communityUrl}`;

  function rememberedNo(db: DatabaseSync, communityUrl: string): boolean {
    return prepared(db, 'SELECT 1 AS found FROM meta WHERE key = ?').get(metaKey(communityUrl)) !== undefined;
  }

  async function probe(community: CommunityApi, interactionId: number, context: CallContext) {
    try {
      await community.createReply(interactionId, {} as never, context);
    } catch (error) {
      if (isMissingFeature(error)) return unsupported;
      if (!(isApiError(error) && error.kind === 'http' && [400, 422].includes(error.status))) throw error;
    }
    return supported;
  }

  return {
    /** The connection's answer, asking the service the first time (callers at once share one probe). */
    get(
      connection: { profileId: string; communityUrl: string; db: DatabaseSync },
      community: CommunityApi,
      interactionId: number,
      context: CallContext,
    ): Promise<ReplySupport> {
      const key = keyOf(connection.profileId, connection.communityUrl);
      let asking = known.get(key);
      if (!asking) {
        if (rememberedNo(connection.db, connection.communityUrl)) {
          asking = Promise.resolve(unsupported);
        } else {
          // Nobody's in particular: a caller who goes away does not abort it under the others.
          asking = probe(community, interactionId, {
            lane: context.lane,
            signal: new AbortController().signal,
          });
          asking.then(
            (answer) => {
              if (!answer.supported) this.markUnsupported(connection);
            },
            () => known.delete(key),
          );
        }
        known.set(key, asking);
      }
      return untilAborted(asking, context.signal);
    },

    /** The service said 404/405 on the replies path (a probe, or a reply the outbox sent). */
    markUnsupported(connection: { profileId: string; communityUrl: string; db: DatabaseSync }): void {
      known.set(keyOf(connection.profileId, connection.communityUrl), Promise.resolve(unsupported));
      if (!connection.db.isOpen) return;
      prepared(connection.db, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, 'no')").run(
        metaKey(connection.communityUrl),
      );
    },
  };
}

export type ReplySupportRegistry = ReturnType<typeof createReplySupport>;
