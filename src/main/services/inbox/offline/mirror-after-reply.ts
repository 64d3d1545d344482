import type { CommunityApi } from '../../api/community.ts';
import type { InboxMirror } from '../../mirror/inbox-mirror.ts';

/**
 * A reply the outbox sent (perhaps written offline) changes its interaction on the service: it is
 * answered now. The mirror's copy is read again at once, in the background, so that offline its
 * thread shows the reply and Needs reply no longer lists the person (rather than waiting for the
 * sweep to come by).
 */
export function mirrorAfterReply(deps: {
  communityOf: (profileId: string) => CommunityApi;
  brandIdsOf: (profileId: string) => readonly number[];
  mirror: Pick<InboxMirror, 'apply'>;
}) {
  return (profileId: string, interactionId: number): void => {
    let community: CommunityApi;
    try {
      community = deps.communityOf(profileId);
    } catch {
      return; // the profile went meanwhile
    }
    community
      .listInteractions(
        { brand_ids: [...deps.brandIdsOf(profileId)], id: interactionId, limit: 1, offset: 0 },
        { lane: 'background' },
      )
      .then((page) => deps.mirror.apply(profileId, page.data))
      .catch(() => {
        // Offline or refused: the sweep reads it later.
      });
  };
}
