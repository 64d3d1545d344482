import type { DatabaseSync } from 'node:sqlite';

/**
 * The brand answers an interaction in the sandbox's database, as a reply sent from another tool
 * would leave it: the interaction's brand reply set, and its latest activity moved to the reply.
 * (The interface has no operation to send a reply yet; until the sandbox takes one, tests set the
 * data here.) Only for the types without a thread: their brand reply alone says they are answered.
 */
export function answerInSandbox(db: DatabaseSync, id: number, atMs: number): void {
  const row = db.prepare('SELECT body FROM community_interaction_bodies WHERE id = ?').get(id) as
    { body: string } | undefined;
  if (!row) throw new Error(`no interaction ${id} in the sandbox`);
  const body = JSON.parse(row.body) as Record<string, unknown>;
  if (Array.isArray(body.thread)) throw new Error(`interaction ${id} has a thread: answer a comment`);
  const at = `${new Date(atMs).toISOString().slice(0, 19)}Z`;
  const brand = db.prepare('SELECT brand_id, type FROM community_interactions WHERE id = ?').get(id) as {
    brand_id: number;
    type: string;
  };
  body.brand_user_reply = {
    id: 900_000 + id,
    brand_id: brand.brand_id,
    resource_id: id,
    resource_type: brand.type,
    user_id: null,
    created_at: at,
    updated_at: at,
  };
  db.prepare('UPDATE community_interaction_bodies SET body = ? WHERE id = ?').run(JSON.stringify(body), id);
  db.prepare('UPDATE community_interactions SET source_updated_at = ?, updated_at = ? WHERE id = ?').run(
    Math.floor(atMs / 1000) * 1000,
    Math.floor(atMs / 1000) * 1000,
    id,
  );
}
