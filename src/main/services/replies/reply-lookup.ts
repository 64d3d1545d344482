import type { CommunityInteraction, Reply } from '../../../shared/domain/index.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';
import type { StoredReply } from './reply-store.ts';

/**
 * Looking up before resending, for replies (the drafts outbox's rule, lookup-before-resend.ts):
 * the interface has no idempotency key for a reply, so before another POST of a reply whose
 * earlier POST may have reached the service, the interaction is read and searched for it. The
 * service shows the newest brand reply as `brand_user_reply` (with its text, conventions §9) and
 * a TikTok thread lists every owned reply, so a reply of ours is recognised by its text, written
 * no earlier than we wrote it. (A teammate's newer reply hides ours from `brand_user_reply` on
 * other networks; that window is the time between our lost answer and the lookup.)
 */
export async function findEarlierSend(
  community: CommunityApi,
  reply: StoredReply,
  request: CallContext,
): Promise<Reply | undefined> {
  const interaction = await community.getInteraction([reply.brandId], reply.interactionId, request);
  return interaction ? ourReplyIn(interaction, reply) : undefined;
}

/**
 * Whether the service no longer lists the reply's interaction (deleted at its source, or removed
 * there). A service with the reply extension answers 404 for a reply to such an interaction, as a
 * service without it does for every reply: only reading the interaction tells the two apart.
 */
export async function interactionGone(
  community: CommunityApi,
  reply: StoredReply,
  request: CallContext,
): Promise<boolean> {
  return (await community.getInteraction([reply.brandId], reply.interactionId, request)) === undefined;
}

/** Our reply as the interaction shows it, if it does. */
export function ourReplyIn(interaction: CommunityInteraction, reply: StoredReply): Reply | undefined {
  const newest = interaction.brand_user_reply as (Reply & Record<string, unknown>) | null | undefined;
  if (newest && newest.text === reply.text && notBefore(newest.created_at, reply.createdAt)) {
    return newest;
  }
  const replies = (interaction as { replies?: Array<Record<string, unknown>> }).replies ?? [];
  const owned = replies.find(
    (item) =>
      item.is_owned === true &&
      item.text === reply.text &&
      notBefore(item.created_at as string | undefined, reply.createdAt),
  );
  if (!owned) return undefined;
  return {
    id: owned.id as number,
    brand_id: reply.brandId,
    resource_id: reply.interactionId,
    resource_type: 'TIKTOK_COMMENT',
    user_id: null,
    created_at: (owned.created_at as string | undefined) ?? null,
    updated_at: (owned.updated_at as string | undefined) ?? null,
    text: reply.text,
  };
}

/**
 * Written at or after `writtenAt` (local ms), with a minute's grace for a service clock behind
 * ours: the service's times are to the second, and clocks of two machines disagree a little.
 */
function notBefore(at: string | null | undefined, writtenAt: number): boolean {
  if (!at) return true;
  const ms = Date.parse(at);
  return Number.isNaN(ms) || ms >= writtenAt - 60_000;
}
