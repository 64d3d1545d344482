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
 * Documents are numbered brand id * 2^38 + interaction id * 64 + k, so a match finds its
 * interaction by arithmetic (`(rowid & documentIdMask) >> 6`) instead of a join, a search can be
 * limited to some brands by rowid ranges (which FTS5 seeks to, skipping other brands' documents),
 * and the seed writes them without reading ids back. Files seeded before the brand was part of
 * the id number documents interaction id * 64 + k: see documentBrandStride.
 */
export const documentsPerInteraction = 64;
export const brandStride = 2 ** 38;
export const documentIdMask = brandStride - 1;
export function documentId(brandId: number, interactionId: number, k: number): number {
  // Safe integers: brand < 2^14 and interaction id < 2^32 keep the id below 2^52.
  if (!(brandId >= 0 && brandId < 2 ** 14 && interactionId >= 0 && interactionId < 2 ** 32 && k < 64)) {
    throw new Error(`No document id for brand ${brandId}, interaction ${interactionId}, k ${k}.`);
  }
  return brandId * brandStride + interactionId * documentsPerInteraction + k;
}

/**
 * The multiple of the brand id in this database's document ids: brandStride, or 0 in a file
 * seeded before brands were part of them (every id below 2^38 then; a database whose documents
 * all belong to brand 0 reads as 0 too, which numbers them the same way).
 */
export function documentBrandStride(db: DatabaseSync): number {
  const row = statement(db, 'SELECT max(id) AS id FROM community_documents').get();
  return Number(row?.id ?? 0) >= brandStride ? brandStride : 0;
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

/**
 * FTS5 flushes its pending index to a new segment whenever a rowid is lower than the one before,
 * and document ids lead with the brand while a seed writes interactions in time order, brands
 * interleaved: written as they come, every other document would flush. During a bulk load
 * (tables.ts, withoutInteractionIndexes) documents wait and are written in id order, a batch at
 * a time. Documents are written in a bulk load only.
 */
const documentBatches = new WeakMap<DatabaseSync, { id: number; at: number; text: string }[]>();
const documentBatchSize = 50_000;

export function beginDocumentBatch(db: DatabaseSync): void {
  documentBatches.set(db, []);
}

/** Writes the documents still waiting (`write` false: drops them, the load having failed). */
export function endDocumentBatch(db: DatabaseSync, write = true): void {
  const batch = documentBatches.get(db);
  documentBatches.delete(db);
  if (batch && write) writeDocuments(db, batch);
}

function writeDocuments(db: DatabaseSync, documents: { id: number; at: number; text: string }[]): void {
  documents.sort((a, b) => a.id - b.id);
  const insertDocument = statement(db, 'INSERT INTO community_documents (id, at) VALUES (?, ?)');
  const insertFts = statement(db, 'INSERT INTO community_documents_fts (rowid, text) VALUES (?, ?)');
  for (const { id, at, text } of documents) {
    insertDocument.run(id, at);
    insertFts.run(id, text);
  }
  documents.length = 0;
}

/**
 * One interaction's row and body, written as the seed writes them and as live arrivals do
 * (live-inbox.ts): the triggers keep the summaries, the sample key orders sort=SAMPLE.
 */
export function insertInteraction(
  db: DatabaseSync,
  row: InteractionRow,
  body: Record<string, unknown>,
): void {
  statement(
    db,
    `INSERT INTO community_interactions (id, brand_id, type, is_ad, source_updated_at, first_at, is_read,
       is_archived, is_follow_up, is_positive, is_negative, is_neutral, is_question, assignee_id, media_id,
       has_text, sample_key, reply_count, response_seconds, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
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
  statement(db, 'INSERT INTO community_interaction_bodies (id, body) VALUES (?, ?)').run(
    row.id,
    JSON.stringify(body),
  );
}

/** A ticket of the interaction's; written once however often it is named. */
export function insertTicket(db: DatabaseSync, interactionId: number, sourceId: string): void {
  statement(
    db,
    'INSERT OR IGNORE INTO community_interaction_tickets (source_id, interaction_id) VALUES (?, ?)',
  ).run(sourceId, interactionId);
}

/** A keyword of the interaction's, at its latest time (top_keywords groups by it). */
export function insertKeyword(
  db: DatabaseSync,
  brandId: number,
  at: number,
  keyword: string,
  interactionId: number,
): void {
  statement(
    db,
    'INSERT OR IGNORE INTO community_interaction_keywords (brand_id, source_updated_at, keyword, interaction_id) VALUES (?, ?, ?, ?)',
  ).run(brandId, at, keyword, interactionId);
}

export function createWriter(db: DatabaseSync): Writer {
  /** The brand of each interaction written, for its documents' ids. */
  const brandOf = new Map<number, number>();
  const insertTag = db.prepare(
    'INSERT OR IGNORE INTO community_interaction_tags (tag_id, interaction_id) VALUES (?, ?)',
  );
  const insertMedia = db.prepare(
    'INSERT INTO community_media (id, brand_id, pinned_comment_id, body) VALUES (?, ?, ?, ?)',
  );
  return {
    interaction(row, body) {
      insertInteraction(db, row, body);
      brandOf.set(row.id, row.brand_id);
    },
    tag: (interactionId, tagId) => void insertTag.run(tagId, interactionId),
    ticket: (interactionId, sourceId) => insertTicket(db, interactionId, sourceId),
    keyword: (brandId, at, keyword, interactionId) => insertKeyword(db, brandId, at, keyword, interactionId),
    document(interactionId, k, at, text) {
      if (!text) return;
      const brandId = brandOf.get(interactionId);
      if (brandId === undefined)
        throw new Error(`Document of interaction ${interactionId} before the interaction.`);
      const id = documentId(brandId, interactionId, k);
      const batch = documentBatches.get(db);
      // Every document changes every bm25 score, and word-scores.ts computes them once after the
      // bulk load: a document written on its own would leave them stale.
      if (!batch)
        throw new Error('Searchable documents are written only in a bulk load (withoutInteractionIndexes).');
      batch.push({ id, at, text });
      if (batch.length >= documentBatchSize) writeDocuments(db, batch);
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

/** The columns of the narrow row a page shows (filter-only columns are left out). */
const pageColumns = [
  'id',
  'brand_id',
  'type',
  'assignee_id',
  'is_archived',
  'is_follow_up',
  'is_read',
  'source_updated_at',
  'updated_at',
  'is_positive',
  'is_negative',
  'is_neutral',
  'is_question',
  'media_id',
  'reply_count',
] as const;

/**
 * The rows, bodies and tags of a page's interactions (an interaction without a body is left
 * out). Row and body come from one join, so a page costs two statements.
 */
export function readPageRows(db: DatabaseSync, ids: readonly number[]): PageRows {
  const list = JSON.stringify(ids);
  const rows = new Map<number, Record<string, unknown>>();
  const bodies = new Map<number, Record<string, unknown>>();
  const tags = new Map<number, number[]>();
  // The body stays on the row object too: copying the row without it costs more than it saves.
  for (const row of statement(
    db,
    `SELECT ${pageColumns.map((column) => `ci.${column}`).join(', ')}, b.body
       FROM community_interactions ci JOIN community_interaction_bodies b ON b.id = ci.id
      WHERE ci.id IN (SELECT value FROM json_each(?))`,
  ).all(list)) {
    const id = Number(row.id);
    rows.set(id, row);
    bodies.set(id, JSON.parse(String(row.body)) as Record<string, unknown>);
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

/** How many interactions the brands have: the counts table's groups of those brands. */
export function brandRows(db: DatabaseSync, brandIds: readonly number[]): number {
  const row = statement(
    db,
    'SELECT coalesce(sum(n), 0) AS n FROM community_interaction_counts WHERE brand_id IN (SELECT value FROM json_each(?))',
  ).get(JSON.stringify(brandIds));
  return Number(row?.n ?? 0);
}

const madeTempTables = new WeakMap<DatabaseSync, Set<string>>();

/**
 * A temporary table of this connection, created on first use; returns its qualified name.
 * Requests take turns on a connection, so one table serves every request, each emptying it first.
 */
export function tempTable(db: DatabaseSync, name: string, columns: string): string {
  let made = madeTempTables.get(db);
  if (!made) madeTempTables.set(db, (made = new Set()));
  if (!made.has(name)) {
    db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${name} (${columns})`);
    made.add(name);
  }
  return `temp.${name}`;
}
