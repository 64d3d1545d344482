import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  ContractCallError,
  type ContractError,
  type DraftFields,
  type DraftState,
} from '../../../shared/contract/index.ts';
import type { SchedulerChannel } from '../../../shared/domain/index.ts';
import { transaction } from '../storage/transaction.ts';
import { normalizeForSearch, searchText } from './post-fields.ts';

/**
 * The drafts table of a profile's database: a draft's fields as last saved, its state, and the
 * service's version it started from. Every write is one transaction (synchronous = FULL), so a
 * save that returned is on the disk. The outbox's own table is in outbox-queue.ts.
 */

export interface StoredDraft {
  id: string;
  channel: SchedulerChannel;
  brandId: number;
  fields: DraftFields;
  revision: number;
  state: DraftState;
  error: ContractError | null;
  postId: number | null;
  baseUpdatedAt: string | null;
  baseFields: DraftFields | null;
  /** In conflict: the service's copy as read (null: deleted there). Undefined otherwise. */
  remote: Record<string, unknown> | null | undefined;
  createdAt: number;
  updatedAt: number;
  syncedAt: number | null;
}

interface DraftRow {
  id: string;
  channel: string;
  brand_id: number;
  fields: string;
  revision: number;
  state: string;
  error: string | null;
  post_id: number | null;
  base_updated_at: string | null;
  base_fields: string | null;
  remote: string | null;
  created_at: number;
  updated_at: number;
  synced_at: number | null;
}

/** A draft's fields are bounded: a post's texts are a few KB; this leaves room for long threads. */
export const MAX_FIELDS_BYTES = 512 * 1024;

/**
 * Why a draft call could not be done, already as the contract's error (with the field at fault),
 * so the handlers just let it go and dispatch answers it like every other refusal.
 */
export class DraftRefusal extends ContractCallError {
  constructor(code: 'not_found' | 'invalid_input' | 'conflict', message: string, field?: string) {
    super({ code, message, fieldErrors: field ? { [field]: [message] } : {} });
    this.name = 'DraftRefusal';
  }
}

const columns =
  'id, channel, brand_id, fields, revision, state, error, post_id, base_updated_at, base_fields, remote, created_at, updated_at, synced_at';

const statements = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/** One prepared statement per SQL text and connection: a save must not compile SQL each time. */
export function prepared(db: DatabaseSync, sql: string): StatementSync {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

function fromRow(row: DraftRow): StoredDraft {
  return {
    id: row.id,
    channel: row.channel as SchedulerChannel,
    brandId: row.brand_id,
    fields: JSON.parse(row.fields) as DraftFields,
    revision: row.revision,
    state: row.state as DraftState,
    error: row.error === null ? null : (JSON.parse(row.error) as ContractError),
    postId: row.post_id,
    baseUpdatedAt: row.base_updated_at,
    baseFields: row.base_fields === null ? null : (JSON.parse(row.base_fields) as DraftFields),
    remote:
      row.state !== 'conflict'
        ? undefined
        : row.remote === null
          ? null
          : (JSON.parse(row.remote) as Record<string, unknown>),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    syncedAt: row.synced_at,
  };
}

function fieldsJson(fields: DraftFields): string {
  const json = JSON.stringify(fields);
  if (Buffer.byteLength(json) > MAX_FIELDS_BYTES) {
    throw new DraftRefusal('invalid_input', 'This draft is too large to save.', 'fields');
  }
  return json;
}

export function getDraft(db: DatabaseSync, id: string): StoredDraft | undefined {
  const row = prepared(db, `SELECT ${columns} FROM drafts WHERE id = ?`).get(id) as DraftRow | undefined;
  return row && fromRow(row);
}

export function requireDraft(db: DatabaseSync, id: string): StoredDraft {
  const draft = getDraft(db, id);
  if (!draft) throw new DraftRefusal('not_found', 'This draft does not exist (it may have been deleted).');
  return draft;
}

/** The latest draft of a post still being worked on (not synced), if any. */
export function workingDraftOfPost(
  db: DatabaseSync,
  channel: SchedulerChannel,
  postId: number,
): StoredDraft | undefined {
  const row = prepared(
    db,
    `SELECT ${columns} FROM drafts WHERE channel = ? AND post_id = ? AND state != 'synced'
     ORDER BY updated_at DESC LIMIT 1`,
  ).get(channel, postId) as DraftRow | undefined;
  return row && fromRow(row);
}

export interface NewDraft {
  id: string;
  channel: SchedulerChannel;
  brandId: number;
  fields: DraftFields;
  /** A draft of an existing post: its id, `updated_at` and fields as read. */
  base?: { postId: number; updatedAt: string; fields: DraftFields };
}

export function insertDraft(db: DatabaseSync, draft: NewDraft, now: number): StoredDraft {
  transaction(db, () => {
    prepared(
      db,
      `INSERT INTO drafts (id, channel, brand_id, fields, search_text, revision, state, post_id,
         base_updated_at, base_fields, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 1, 'local', ?, ?, ?, ?, ?)`,
    ).run(
      draft.id,
      draft.channel,
      draft.brandId,
      fieldsJson(draft.fields),
      searchText(draft.fields),
      draft.base?.postId ?? null,
      draft.base?.updatedAt ?? null,
      draft.base ? JSON.stringify(draft.base.fields) : null,
      now,
      now,
    );
  });
  return requireDraft(db, draft.id);
}

/**
 * Saves a draft's fields (and brand) in one transaction. A synced draft becomes local (it has
 * changes the service has not); the other states stay, so a queued or syncing draft is sent with
 * the newest fields, and a failed or conflicting one keeps its reason until retried or resolved.
 */
export function saveDraft(
  db: DatabaseSync,
  id: string,
  change: { fields: DraftFields; brandId?: number },
  now: number,
): StoredDraft {
  const json = fieldsJson(change.fields);
  return transaction(db, () => {
    const current = prepared(db, 'SELECT state, brand_id, post_id, fields FROM drafts WHERE id = ?').get(
      id,
    ) as Pick<DraftRow, 'state' | 'brand_id' | 'post_id' | 'fields'> | undefined;
    if (!current)
      throw new DraftRefusal('not_found', 'This draft does not exist (it may have been deleted).');
    const brandId = change.brandId ?? current.brand_id;
    if (brandId !== current.brand_id && (current.post_id !== null || createPending(db, id))) {
      throw new DraftRefusal(
        'invalid_input',
        'This draft already has a post on the service, so its brand cannot change.',
        'brandId',
      );
    }
    const state = current.state === 'synced' && json !== current.fields ? 'local' : current.state;
    prepared(
      db,
      `UPDATE drafts SET fields = ?, search_text = ?, brand_id = ?, state = ?, revision = revision + 1,
         updated_at = ? WHERE id = ?`,
    ).run(json, searchText(change.fields), brandId, state, now, id);
    return requireDraft(db, id);
  });
}

function createPending(db: DatabaseSync, id: string): boolean {
  const row = prepared(db, 'SELECT create_pending FROM outbox WHERE draft_id = ?').get(id) as
    { create_pending: number } | undefined;
  return row?.create_pending === 1;
}

export function deleteDraft(db: DatabaseSync, id: string): boolean {
  return transaction(db, () => prepared(db, 'DELETE FROM drafts WHERE id = ?').run(id).changes > 0);
}

export interface DraftListQuery {
  search: string;
  states?: readonly DraftState[];
  channels?: readonly SchedulerChannel[];
  brandIds?: readonly number[];
}

/** A page of drafts, most recently saved first, and how many match in all. */
export function listDrafts(
  db: DatabaseSync,
  query: DraftListQuery,
  offset: number,
  limit: number,
): { count: number; items: StoredDraft[] } {
  const conditions: string[] = [];
  const params: Array<string | number> = [];
  // Every word must appear; instr() rather than LIKE, so % and _ in a search are plain text.
  for (const word of normalizeForSearch(query.search).split(/\s+/).filter(Boolean)) {
    conditions.push('instr(search_text, ?) > 0');
    params.push(word);
  }
  const anyOf = (column: string, values: readonly (string | number)[] | undefined) => {
    if (!values) return;
    conditions.push(values.length ? `${column} IN (${values.map(() => '?').join(', ')})` : '0');
    params.push(...values);
  };
  anyOf('state', query.states);
  anyOf('channel', query.channels);
  anyOf('brand_id', query.brandIds);
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const { count } = db.prepare(`SELECT count(*) AS count FROM drafts ${where}`).get(...params) as {
    count: number;
  };
  const rows = db
    .prepare(`SELECT ${columns} FROM drafts ${where} ORDER BY updated_at DESC, id LIMIT ? OFFSET ?`)
    .all(...params, limit, offset) as unknown as DraftRow[];
  return { count, items: rows.map(fromRow) };
}

export function countByState(db: DatabaseSync): Record<DraftState, number> {
  const counts: Record<DraftState, number> = {
    local: 0,
    queued: 0,
    syncing: 0,
    synced: 0,
    conflict: 0,
    failed: 0,
  };
  const rows = prepared(db, 'SELECT state, count(*) AS n FROM drafts GROUP BY state').all() as Array<{
    state: DraftState;
    n: number;
  }>;
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}
