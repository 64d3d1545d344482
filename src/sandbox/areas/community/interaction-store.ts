import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * Writing interactions in bulk (the seed) and reading a page of them back. One `Writer` holds
 * the prepared statements of a seed run; `ids` are the interaction ids of one page.
 */

/** The narrow row: filter columns and mutable state (see tables.ts). */
export interface InteractionRow {
  id: number;
  brand_id: number;
  type: string;
  is_ad: number;
  source_updated_at: number;
  first_at: number;
  is_read: number;
  is_archived: number;
  is_follow_up: number;
  is_positive: number;
  is_negative: number;
  is_neutral: number;
  is_question: number;
  assignee_id: number | null;
  media_id: number | null;
  has_text: number;
  reply_count: number;
  response_seconds: number | null;
  updated_at: number;
}

/** A deterministic scramble of the id: the order of sort=SAMPLE, stable across pages and runs. */
export function sampleKey(id: number): number {
  let hash = Math.imul(id ^ 0x5bd1e995, 0x9e3779b1);
  hash ^= hash >>> 15;
  return Math.imul(hash, 0x85ebca6b) >>> 0;
}

/**
 * Documents are numbered interaction id * 64 + k, so a match finds its interaction by a shift
 * (rowid >> 6) instead of a join, and the seed writes them without reading ids back.
 */
export const documentsPerInteraction = 64;
export function documentId(interactionId: number, k: number): number {
  return interactionId * documentsPerInteraction + k;
}

/** TikTok's own comment id (a long numeric string) for a sandbox comment id. */
export function tiktokCommentIdOf(id: number): string {
  return `73${String(id).padStart(17, '0')}`;
}

export interface Writer {
  interaction(row: InteractionRow, body: Record<string, unknown>): void;
  tag(interactionId: number, tagId: number): void;
  ticket(interactionId: number, sourceId: string): void;
  keyword(brandId: number, at: number, keyword: string, interactionId: number): void;
  /** The k-th searchable document of an interaction (k < 64; see documentId). */
  document(interactionId: number, k: number, at: number, text: string | null): void;
  media(id: number, brandId: number, pinnedCommentId: number | null, body: Record<string, unknown>): void;
}

export function createWriter(db: DatabaseSync): Writer {
  const insertInteraction = db.prepare(
    `INSERT INTO community_interactions (id, brand_id, type, is_ad, source_updated_at, first_at, is_read,
       is_archived, is_follow_up, is_positive, is_negative, is_neutral, is_question, assignee_id, media_id,
       has_text, sample_key, reply_count, response_seconds, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBody = db.prepare('INSERT INTO community_interaction_bodies (id, body) VALUES (?, ?)');
  const insertTag = db.prepare(
    'INSERT OR IGNORE INTO community_interaction_tags (tag_id, interaction_id) VALUES (?, ?)',
  );
  const insertTicket = db.prepare(
    'INSERT OR IGNORE INTO community_interaction_tickets (source_id, interaction_id) VALUES (?, ?)',
  );
  const insertKeyword = db.prepare(
    'INSERT OR IGNORE INTO community_interaction_keywords (brand_id, source_updated_at, keyword, interaction_id) VALUES (?, ?, ?, ?)',
  );
  const insertDocument = db.prepare('INSERT INTO community_documents (id, at) VALUES (?, ?)');
  const insertFts = db.prepare('INSERT INTO community_documents_fts (rowid, text) VALUES (?, ?)');
  const insertMedia = db.prepare(
    'INSERT INTO community_media (id, brand_id, pinned_comment_id, body) VALUES (?, ?, ?, ?)',
  );
  return {
    interaction(row, body) {
      insertInteraction.run(
        row.id,
        row.brand_id,
        row.type,
        row.is_ad,
        row.source_updated_at,
        row.first_at,
        row.is_read,
        row.is_archived,
        row.is_follow_up,
        row.is_positive,
        row.is_negative,
        row.is_neutral,
        row.is_question,
        row.assignee_id,
        row.media_id,
        row.has_text,
        sampleKey(row.id),
        row.reply_count,
        row.response_seconds,
        row.updated_at,
      );
      insertBody.run(row.id, JSON.stringify(body));
    },
    tag: (interactionId, tagId) => void insertTag.run(tagId, interactionId),
    ticket: (interactionId, sourceId) => void insertTicket.run(sourceId, interactionId),
    keyword: (brandId, at, keyword, interactionId) =>
      void insertKeyword.run(brandId, at, keyword, interactionId),
    document(interactionId, k, at, text) {
      if (!text) return;
      const id = documentId(interactionId, k);
      insertDocument.run(id, at);
      insertFts.run(id, text);
    },
    media: (id, brandId, pinnedCommentId, body) =>
      void insertMedia.run(id, brandId, pinnedCommentId, JSON.stringify(body)),
  };
}

// ---- reading a page ----

const cache = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/** Prepared once per database and SQL text: list queries repeat a handful of shapes. */
export function statement(db: DatabaseSync, sql: string): StatementSync {
  let map = cache.get(db);
  if (!map) cache.set(db, (map = new Map()));
  let found = map.get(sql);
  if (!found) {
    found = db.prepare(sql);
    if (map.size > 500) map.clear();
    map.set(sql, found);
  }
  return found;
}

export interface PageRows {
  rows: Map<number, Record<string, unknown>>;
  bodies: Map<number, Record<string, unknown>>;
  tags: Map<number, number[]>;
}

export function readPageRows(db: DatabaseSync, ids: readonly number[]): PageRows {
  const list = JSON.stringify(ids);
  const rows = new Map<number, Record<string, unknown>>();
  const bodies = new Map<number, Record<string, unknown>>();
  const tags = new Map<number, number[]>();
  for (const row of statement(
    db,
    'SELECT * FROM community_interactions WHERE id IN (SELECT value FROM json_each(?))',
  ).all(list)) {
    rows.set(Number(row.id), row);
  }
  for (const row of statement(
    db,
    'SELECT id, body FROM community_interaction_bodies WHERE id IN (SELECT value FROM json_each(?))',
  ).all(list)) {
    bodies.set(Number(row.id), JSON.parse(String(row.body)) as Record<string, unknown>);
  }
  const tagRows = statement(
    db,
    'SELECT interaction_id, tag_id FROM community_interaction_tags WHERE interaction_id IN (SELECT value FROM json_each(?)) ORDER BY tag_id',
  ).all(list);
  for (const row of tagRows) {
    const id = Number(row.interaction_id);
    const found = tags.get(id) ?? [];
    found.push(Number(row.tag_id));
    tags.set(id, found);
  }
  return { rows, bodies, tags };
}

export interface MediaStats {
  body: Record<string, unknown>;
  pinnedCommentId: number | null;
  /** Top-level comments on the media, by sentiment, and all comments with replies. */
  comments: number;
  positive: number;
  negative: number;
  neutral: number;
  withReplies: number;
}

/** The media behind a page's comments, with comment counts computed from the interactions. */
export function readMediaStats(db: DatabaseSync, mediaIds: readonly number[]): Map<number, MediaStats> {
  const result = new Map<number, MediaStats>();
  if (mediaIds.length === 0) return result;
  const list = JSON.stringify(mediaIds);
  const media = statement(
    db,
    'SELECT id, pinned_comment_id, body FROM community_media WHERE id IN (SELECT value FROM json_each(?))',
  ).all(list);
  const counts = statement(
    db,
    `SELECT media_id, count(*) AS n, sum(is_positive) AS p, sum(is_negative) AS ng, sum(is_neutral) AS nu, sum(reply_count) AS r
       FROM community_interactions WHERE media_id IN (SELECT value FROM json_each(?)) GROUP BY media_id`,
  ).all(list);
  const byMedia = new Map(counts.map((row) => [Number(row.media_id), row]));
  for (const row of media) {
    const id = Number(row.id);
    const count = byMedia.get(id);
    result.set(id, {
      body: JSON.parse(String(row.body)) as Record<string, unknown>,
      pinnedCommentId: row.pinned_comment_id === null ? null : Number(row.pinned_comment_id),
      comments: Number(count?.n ?? 0),
      positive: Number(count?.p ?? 0),
      negative: Number(count?.ng ?? 0),
      neutral: Number(count?.nu ?? 0),
      withReplies: Number(count?.n ?? 0) + Number(count?.r ?? 0),
    });
  }
  return result;
}
