import type { DatabaseSync } from 'node:sqlite';
import { statement } from './interaction-store.ts';
import { renderInteractions } from './interaction-view.ts';
import { threadOfSentReply } from './reply-store.ts';

/**
 * TikTok replies by their own id. A reply is not an interaction of its own (the list never
 * returns one): it lives inside its top-level comment's thread, with an id from the same
 * sequence. The seed numbers a comment's replies right after the comment, so a reply's thread is
 * the interaction with the greatest id below it; the thread is then read to make sure it does
 * hold that reply, so an id that falls between interactions for any other reason is no reply.
 */

export interface FoundReply {
  /** The top-level TikTok comment (community interaction) the reply belongs to. */
  threadId: number;
  brandId: number;
  /** The reply exactly as its thread's `replies` shows it. */
  reply: Record<string, unknown>;
}

export function findTiktokReply(db: DatabaseSync, id: number): FoundReply | null {
  // A reply sent through the reply extension is numbered after the whole seed: it names its thread.
  const sentIn = threadOfSentReply(db, id);
  const thread = statement(
    db,
    sentIn === undefined
      ? 'SELECT id, brand_id, type FROM community_interactions WHERE id < ? ORDER BY id DESC LIMIT 1'
      : 'SELECT id, brand_id, type FROM community_interactions WHERE id = ?',
  ).get(sentIn ?? id);
  if (!thread || thread.type !== 'TIKTOK_COMMENT') return null;
  const [comment] = renderInteractions(db, [Number(thread.id)]);
  const replies = (comment?.replies ?? []) as Record<string, unknown>[];
  const reply = replies.find((item) => item.id === id);
  return reply ? { threadId: Number(thread.id), brandId: Number(thread.brand_id), reply } : null;
}
