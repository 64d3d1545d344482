import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SchedulerChannel } from '../../../shared/domain/index.ts';

/**
 * Storage of scheduled posts: the post's whole JSON as written (`body`) plus copies of the
 * fields the list filters and sorts on, kept in step by `savePost`. Twitter replies live inside
 * their post's body; their ids come from the same sequence as posts, so no two ids clash.
 */

/** A post as stored: the response object minus computed fields (media, subtitle_upload_status). */
export type StoredPost = Record<string, unknown> & {
  id: number;
  brand_id: number;
  status: string;
  timestamp: string | null;
  created_at: string;
  updated_at: string;
};

export function createSchedulerTables(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS scheduled_posts (
      id INTEGER PRIMARY KEY,
      channel TEXT NOT NULL,
      brand_id INTEGER NOT NULL,
      status TEXT NOT NULL,
      -- epoch ms; null for an unscheduled post
      timestamp INTEGER,
      has_scheduled_time INTEGER NOT NULL,
      sort_index INTEGER,
      source_id TEXT,
      updated_at INTEGER NOT NULL,
      body TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS scheduled_posts_channel_brand_time
      ON scheduled_posts (channel, brand_id, timestamp);
    CREATE INDEX IF NOT EXISTS scheduled_posts_due
      ON scheduled_posts (status, timestamp);
    CREATE INDEX IF NOT EXISTS scheduled_posts_source
      ON scheduled_posts (source_id) WHERE source_id IS NOT NULL;
    CREATE TABLE IF NOT EXISTS scheduler_sequence (
      name TEXT PRIMARY KEY,
      value INTEGER NOT NULL
    );
  `);
}

const statements = new WeakMap<DatabaseSync, Record<string, StatementSync>>();

function prepared(db: DatabaseSync) {
  let found = statements.get(db);
  if (!found) {
    found = {
      get: db.prepare('SELECT channel, body FROM scheduled_posts WHERE id = ?'),
      upsert: db.prepare(
        `INSERT INTO scheduled_posts
           (id, channel, brand_id, status, timestamp, has_scheduled_time, sort_index, source_id, updated_at, body)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET
           channel = excluded.channel, brand_id = excluded.brand_id, status = excluded.status,
           timestamp = excluded.timestamp, has_scheduled_time = excluded.has_scheduled_time,
           sort_index = excluded.sort_index, source_id = excluded.source_id,
           updated_at = excluded.updated_at, body = excluded.body`,
      ),
      remove: db.prepare('DELETE FROM scheduled_posts WHERE id = ? AND channel = ?'),
      nextId: db.prepare(
        `INSERT INTO scheduler_sequence (name, value) VALUES ('ids', 1)
         ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value`,
      ),
    };
    statements.set(db, found);
  }
  return found;
}

/** The next free id for a post or a Twitter reply. */
export function nextId(db: DatabaseSync): number {
  return Number(prepared(db).nextId.get()?.value);
}

export function getPost(db: DatabaseSync, channel: SchedulerChannel, id: number): StoredPost | null {
  const row = prepared(db).get.get(id);
  if (!row || row.channel !== channel) return null;
  return JSON.parse(String(row.body)) as StoredPost;
}

export function parseStoredBody(body: unknown): StoredPost {
  return JSON.parse(String(body)) as StoredPost;
}

const ms = (iso: unknown) => (typeof iso === 'string' ? Date.parse(iso) : null);

/** Inserts or replaces a post, refreshing the filter columns from the body. */
export function savePost(db: DatabaseSync, channel: SchedulerChannel, post: StoredPost): void {
  prepared(db).upsert.run(
    post.id,
    channel,
    post.brand_id,
    post.status,
    ms(post.timestamp),
    post.has_scheduled_time === true ? 1 : 0,
    typeof post.sort_index === 'number' ? post.sort_index : null,
    typeof post.source_id === 'string' ? post.source_id : null,
    ms(post.updated_at) ?? 0,
    JSON.stringify(post),
  );
}

export function deletePost(db: DatabaseSync, channel: SchedulerChannel, id: number): boolean {
  return Number(prepared(db).remove.run(id, channel).changes) > 0;
}

/** ISO 8601 at whole seconds, the way the sandbox writes every date-time. */
export function isoSeconds(time: number | Date): string {
  const value = typeof time === 'number' ? time : time.getTime();
  return `${new Date(Math.floor(value / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}
