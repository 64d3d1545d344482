import type { DatabaseSync } from 'node:sqlite';
import type { Reply } from '../../../shared/domain/index.ts';
import { transaction } from '../../sql.ts';
import { statement } from './interaction-store.ts';
import type { CompactMessage, CompactReply } from './seed-world.ts';
import { iso, messageResource } from './seed-world.ts';

/**
 * Brand replies sent through the reply extension (conventions §9). Each is kept in
 * `community_replies` and written into its interaction as the service would show it: the
 * interaction's `brand_user_reply` names it, a TikTok thread gains it as an owned reply, and a
 * conversation gains it as the brand's message. The first reply to an interaction nobody had
 * answered sets its response time (overview_stats).
 *
 * A reply's id comes after every id of the seed (interactions and the TikTok replies numbered
 * after them), so a TikTok reply sent here is a TikTok comment id like the seeded ones.
 */

export const replyTablesSql = `
    CREATE TABLE IF NOT EXISTS community_replies (
      id INTEGER PRIMARY KEY,
      interaction_id INTEGER NOT NULL,
      brand_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      text TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS community_replies_interaction ON community_replies (interaction_id);
    -- People's replies in TikTok threads that arrived after the seed (the live sandbox): numbered
    -- after the seed like the brand's, so each names its thread.
    CREATE TABLE IF NOT EXISTS community_live_replies (
      id INTEGER PRIMARY KEY,
      interaction_id INTEGER NOT NULL
    );
`;

export interface NewReply {
  interactionId: number;
  brandId: number;
  type: string;
  userId: number;
  text: string;
  now: Date;
}

/**
 * The next free id of the one sequence interactions and TikTok replies share: after the last
 * interaction and the replies numbered after it, every reply sent here and every reply that
 * arrived live.
 */
export function nextCommunityId(db: DatabaseSync): number {
  const sent = statement(
    db,
    `SELECT max(coalesce((SELECT max(id) FROM community_replies), 0),
       coalesce((SELECT max(id) FROM community_live_replies), 0)) AS id`,
  ).get();
  const seeded = statement(
    db,
    'SELECT id + reply_count AS id FROM community_interactions ORDER BY id DESC LIMIT 1',
  ).get();
  return Math.max(Number(sent?.id ?? 0), Number(seeded?.id ?? 0)) + 1;
}

/** The brand's handle on its networks, as its seeded media and replies show it. */
export function brandHandle(db: DatabaseSync, brandId: number): string {
  const media = statement(db, 'SELECT body FROM community_media WHERE brand_id = ? LIMIT 1').get(brandId);
  const handle = media
    ? (JSON.parse(String(media.body)) as { user_handle?: unknown }).user_handle
    : undefined;
  return typeof handle === 'string' ? handle : `brand_${brandId}`;
}

/** Sends a reply: stores it and writes it into its interaction, in one transaction. */
export function createReply(db: DatabaseSync, reply: NewReply): Reply {
  return transaction(db, () => {
    const id = nextCommunityId(db);
    const at = Math.floor(reply.now.getTime() / 1000) * 1000;
    statement(
      db,
      'INSERT INTO community_replies (id, interaction_id, brand_id, user_id, text, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(id, reply.interactionId, reply.brandId, reply.userId, reply.text, at);

    const row = statement(
      db,
      'SELECT b.body, ci.first_at, ci.response_seconds FROM community_interactions ci JOIN community_interaction_bodies b ON b.id = ci.id WHERE ci.id = ?',
    ).get(reply.interactionId)!;
    const body = JSON.parse(String(row.body)) as Record<string, unknown>;
    const resourceType = messageResource[reply.type as keyof typeof messageResource] ?? reply.type;
    const shape: Reply = {
      id,
      brand_id: reply.brandId,
      resource_id: reply.interactionId,
      resource_type: resourceType as Reply['resource_type'],
      user_id: reply.userId,
      created_at: iso(at),
      updated_at: iso(at),
      text: reply.text,
    };
    body.brand_user_reply = shape;
    const thread = Array.isArray(body.thread) ? (body.thread as unknown[]) : undefined;
    if (reply.type === 'TIKTOK_COMMENT') {
      const owned: CompactReply = {
        id,
        at,
        owned: true,
        liked: false,
        text: reply.text,
        author: brandHandle(db, reply.brandId),
        avatar: `https://avatars.sandbox.socialdesk.invalid/brand-${reply.brandId}.jpg`,
        kind: 'neutral',
      };
      body.thread = [...(thread ?? []), owned];
    } else if (thread) {
      const message: CompactMessage = {
        at,
        text: reply.text,
        author: brandHandle(db, reply.brandId),
        brand: 1,
      };
      body.thread = [...thread, message];
    }
    statement(db, 'UPDATE community_interaction_bodies SET body = ? WHERE id = ?').run(
      JSON.stringify(body),
      reply.interactionId,
    );
    const responseSeconds =
      row.response_seconds === null ? Math.max(0, Math.round((at - Number(row.first_at)) / 1000)) : null;
    statement(
      db,
      `UPDATE community_interactions SET updated_at = ?,
         reply_count = reply_count + ?, response_seconds = coalesce(response_seconds, ?) WHERE id = ?`,
    ).run(at, reply.type === 'TIKTOK_COMMENT' ? 1 : 0, responseSeconds, reply.interactionId);
    return shape;
  });
}

/**
 * The TikTok thread a reply sent here (or one that arrived live) belongs to, or undefined for
 * any other id.
 */
export function threadOfSentReply(db: DatabaseSync, id: number): number | undefined {
  const row = statement(
    db,
    `SELECT r.interaction_id FROM (SELECT id, interaction_id FROM community_replies
        UNION ALL SELECT id, interaction_id FROM community_live_replies) r
       JOIN community_interactions ci ON ci.id = r.interaction_id
      WHERE r.id = ? AND ci.type = 'TIKTOK_COMMENT'`,
  ).get(id);
  return row ? Number(row.interaction_id) : undefined;
}
