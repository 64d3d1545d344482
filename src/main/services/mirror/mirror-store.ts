import { hash } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { InboxItem } from '../../../shared/contract/index.ts';
import { transaction } from '../storage/transaction.ts';
import { BodyPacker, dictionaryOf } from './mirror-bodies.ts';
import { createMirrorTables, dropMirrorTables, mirrorIsSound } from './mirror-schema.ts';
import { documentsOf, msOf, rowOf, ticketIdsOf } from './mirror-rows.ts';

/** One brand's sync state (see mirror-schema.ts). */
export interface MirrorBrandState {
  brandId: number;
  /** Epoch ms: the mirror holds this brand's interactions last active from here on. */
  windowStart: number;
  /** Epoch ms of the last row the first fill stored in order (null: none yet); resumed from there. */
  filledTo: number | null;
  /** Epoch ms at which the first fill ended; null while it runs. */
  filledAt: number | null;
  /** How many of the brand's interactions the service held before `windowStart` at the fill. */
  olderCount: number | null;
  /** Epoch ms up to which the background sweep has re-read the period in its current round. */
  sweptTo: number | null;
}

export interface MirrorTag {
  id: number;
  brand_id: number;
  name: string;
}

/** Interactions' bodies deflated ahead of `apply` (`packBodies`), with the JSON they came from. */
export type PackedBodies = ReadonlyMap<InboxItem, { json: string; body: Uint8Array }>;

/** Documents are numbered interaction id * 64 + k (k < 64): a match finds its interaction by a shift. */
export const DOCUMENTS_PER_INTERACTION = 64;

const stateOf = (row: Record<string, unknown>): MirrorBrandState => ({
  brandId: Number(row.brand_id),
  windowStart: Number(row.window_start),
  filledTo: row.filled_to === null ? null : Number(row.filled_to),
  filledAt: row.filled_at === null ? null : Number(row.filled_at),
  olderCount: row.older_count === null ? null : Number(row.older_count),
  sweptTo: row.swept_to === null ? null : Number(row.swept_to),
});

/**
 * The mirror of one profile, in its database: written only as the service answered (`apply`),
 * read by mirror-query.ts. At first use it is checked (mirror-schema.ts, `mirrorIsSound`); an
 * unsound mirror is dropped and made anew, empty, so the fill starts again rather than anything
 * being answered from it.
 */
/** A kept count's key: the condition and its values. */
const countKey = (sql: string, params: readonly (string | number)[]) =>
  `${sql}\u0000${JSON.stringify(params)}`;

export class MirrorStore {
  readonly db: DatabaseSync;
  /** Whether the check at open found the mirror unsound and rebuilt it. */
  readonly rebuilt: boolean;
  readonly #statements = new Map<string, StatementSync>();
  /**
   * Counts the rows that came into the mirror from before their brand's retention period (created
   * before it, not held until now: older rows with new activity). Each changes how many of a
   * query's rows are older than the period, so counts of those kept elsewhere are re-read.
   */
  olderRowsEntered = 0;
  /** The bodies' packer, once the mirror has its dictionary (made from the first rows stored). */
  #packer: BodyPacker | null = null;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.rebuilt = !mirrorIsSound(db);
    if (this.rebuilt) {
      transaction(db, () => {
        dropMirrorTables(db);
        createMirrorTables(db);
      });
    }
  }

  /** Counts answered since the rows they read last changed (`#rowsChanged` then). */
  #counts = new Map<string, number>();
  #countsAt = -1;
  /**
   * Bumped by every write that may change what a count reads: a row stored anew or removed. A
   * row read again unchanged is not one: the re-reading of shown rows and the sweep mark dozens
   * checked every few seconds, and each mark used to throw every count away while a person
   * filtered (a count over most of the mirror costs 5-30 ms).
   */
  #rowsChanged = 0;

  /**
   * How many mirrored interactions match a condition: kept until a row changes, since a screen
   * asks the same count for its first rows and again for the rest of the page, and a person goes
   * back and forth between a few filters.
   */
  countWhere(sql: string, params: readonly (string | number)[]): number {
    const key = countKey(sql, params);
    let count = this.#kept(key);
    if (count === undefined) {
      count = Number(
        (
          this.statement(`SELECT count(*) AS n FROM mirror_interactions ci WHERE ${sql}`).get(...params) as {
            n: number;
          }
        ).n,
      );
      if (this.#counts.size > 200) this.#counts.clear();
      this.#counts.set(key, count);
    }
    return count;
  }

  /** The count `countWhere` kept for a condition, or undefined when it would have to count. */
  keptCount(sql: string, params: readonly (string | number)[]): number | undefined {
    return this.#kept(countKey(sql, params));
  }

  #kept(key: string): number | undefined {
    if (this.#rowsChanged !== this.#countsAt) {
      this.#counts.clear();
      this.#countsAt = this.#rowsChanged;
    }
    return this.#counts.get(key);
  }

  /** Prepared once per SQL text: the mirror's reads repeat a handful of shapes. */
  statement(sql: string): StatementSync {
    let found = this.#statements.get(sql);
    if (!found) {
      found = this.db.prepare(sql);
      if (this.#statements.size > 300) this.#statements.clear();
      this.#statements.set(sql, found);
    }
    return found;
  }

  /**
   * Runs the mirror's writes without waiting for the disk at their commit (SQLite's NORMAL
   * synchronous level; the profile's connection is FULL for everything else, and goes back to it).
   * Each commit's sync blocked main's thread (node:sqlite is synchronous): during a fill or a
   * sweep, over a second in eight while a person filtered. In WAL mode a commit not synced is
   * still all or nothing; a power cut may lose the last ones, which the mirror reads again from
   * the service, and the next commit synced by anyone syncs them too.
   */
  #unsynced<T>(work: () => T): T {
    if (this.db.isTransaction) return work();
    const level = Number((this.statement('PRAGMA synchronous').get() as { synchronous: number }).synchronous);
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      return work();
    } finally {
      this.db.exec(`PRAGMA synchronous = ${level}`);
    }
  }

  /**
   * Stores interactions as the service answered them: each replaces the row of its id (flags,
   * tags, tickets, texts and all), in one transaction. Rows of brands the mirror does not hold
   * are left out (another profile's brand, a brand removed meanwhile). Bodies `packed` beforehand
   * are written as they are; the others are deflated here.
   */
  apply(items: readonly InboxItem[], checkedAt = Date.now(), packed?: PackedBodies): number {
    if (items.length === 0) return 0;
    const periods = new Map(this.brandStates().map((state) => [state.brandId, state.windowStart]));
    let stored = 0;
    this.#unsynced(() =>
      transaction(this.db, () => {
        const packer = this.#packerFor(items);
        for (const item of items) {
          const windowStart = periods.get(item.brand_id);
          if (windowStart === undefined) continue;
          const wasHeld = this.#write(item, checkedAt, packer, packed?.get(item));
          const created = msOf(item.created_at);
          if (!wasHeld && (created === null || created < windowStart)) this.olderRowsEntered++;
          stored++;
        }
        if (stored > 0)
          this.statement(
            "INSERT INTO mirror_meta (key, value) VALUES ('synced_at', ?) ON CONFLICT (key) DO UPDATE SET value = max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))",
          ).run(String(checkedAt));
      }),
    );
    return stored;
  }

  /**
   * A page's bodies deflated ahead of `apply`, off main's thread and through the deflate streams
   * the packer keeps (mirror-bodies.ts, `packAll`): for the first fill, where every row is new.
   */
  async packBodies(items: readonly InboxItem[]): Promise<PackedBodies> {
    if (items.length === 0) return new Map();
    const jsons = items.map((item) => JSON.stringify(item));
    const bodies = await this.#packerFor(items).packAll(jsons);
    return new Map(items.map((item, k) => [item, { json: jsons[k]!, body: bodies[k]! }]));
  }

  /** The packer, making the dictionary from `items` when the mirror has none yet. */
  #packerFor(items: readonly InboxItem[]): BodyPacker {
    if (this.#packer) return this.#packer;
    const kept = this.statement("SELECT value FROM mirror_meta WHERE key = 'dictionary'").get() as
      { value: string } | undefined;
    const dictionary = kept?.value ?? dictionaryOf(items);
    if (!kept)
      this.statement("INSERT INTO mirror_meta (key, value) VALUES ('dictionary', ?)").run(dictionary);
    this.#packer = new BodyPacker(dictionary);
    return this.#packer;
  }

  /** The bodies of some interactions, by id (those the mirror holds). */
  bodies(ids: readonly number[]): Map<number, InboxItem> {
    const found = new Map<number, InboxItem>();
    if (ids.length === 0) return found;
    const rows = this.statement(
      `SELECT id, body FROM mirror_bodies WHERE id IN (${ids.map(() => '?').join(',')})`,
    ).all(...ids) as { id: number; body: Uint8Array }[];
    // No dictionary yet means no body yet: a body is only ever written with it.
    if (rows.length === 0) return found;
    const packer = this.#packerFor([]);
    for (const row of rows) found.set(Number(row.id), packer.unpack(row.body));
    return found;
  }

  /**
   * Writes one row (replacing the one held, if any); answers whether one was held. A row held
   * with the same body is only marked checked: the sweep and the revalidation read rows again
   * that mostly did not change, and writing each anew (its body deflated, its search texts
   * deleted and indexed again) kept main's thread busy while a person filtered.
   */
  #write(
    item: InboxItem,
    checkedAt: number,
    packer: BodyPacker,
    packed?: { json: string; body: Uint8Array },
  ): boolean {
    const json = packed?.json ?? JSON.stringify(item);
    const digest = hash('sha1', json).slice(0, 16);
    const kept = this.statement('SELECT digest FROM mirror_interactions WHERE id = ?').get(item.id) as
      { digest: string } | undefined;
    if (kept?.digest === digest) {
      this.statement('UPDATE mirror_interactions SET checked_at = ? WHERE id = ?').run(checkedAt, item.id);
      return true;
    }
    const row = rowOf(item);
    this.#rowsChanged++;
    const wasHeld = kept !== undefined && this.#forget(item.id);
    const documents = documentsOf(item).slice(0, DOCUMENTS_PER_INTERACTION);
    this.statement(
      `INSERT INTO mirror_interactions (id, brand_id, type, is_ad, source_updated_at, is_read, is_archived,
         is_follow_up, is_positive, is_negative, is_neutral, is_question, assignee_id, media_id, has_text,
         waiting_since, documents, digest, checked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.id,
      row.brand_id,
      row.type,
      row.is_ad,
      row.source_updated_at,
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
      row.waiting_since,
      documents.length,
      digest,
      checkedAt,
    );
    this.statement('INSERT INTO mirror_bodies (id, body) VALUES (?, ?)').run(
      item.id,
      packed?.body ?? packer.pack(json),
    );
    const insertTag = this.statement(
      'INSERT OR IGNORE INTO mirror_interaction_tags (tag_id, interaction_id) VALUES (?, ?)',
    );
    for (const tagId of item.tag_ids ?? []) insertTag.run(tagId, item.id);
    const insertTicket = this.statement(
      'INSERT OR IGNORE INTO mirror_interaction_tickets (source_id, interaction_id) VALUES (?, ?)',
    );
    for (const ticket of ticketIdsOf(item)) insertTicket.run(ticket, item.id);
    const insertDocument = this.statement('INSERT INTO mirror_documents (rowid, text) VALUES (?, ?)');
    documents.forEach((text, k) => {
      if (text !== '') insertDocument.run(item.id * DOCUMENTS_PER_INTERACTION + k, text);
    });
    return wasHeld;
  }

  /**
   * Removes one interaction's row, tags, tickets and documents; nothing for a row not held (the
   * first fill's rows, every one). Documents go one by one, by their numbers: the full-text
   * index answers a range of rowids by reading all of itself, which made each write cost more
   * the more the mirror held.
   */
  #forget(id: number): boolean {
    const held = this.statement('SELECT documents FROM mirror_interactions WHERE id = ?').get(id) as
      { documents: number } | undefined;
    if (!held) return false;
    this.#rowsChanged++;
    this.statement('DELETE FROM mirror_interactions WHERE id = ?').run(id);
    this.statement('DELETE FROM mirror_bodies WHERE id = ?').run(id);
    this.statement('DELETE FROM mirror_interaction_tags WHERE interaction_id = ?').run(id);
    this.statement('DELETE FROM mirror_interaction_tickets WHERE interaction_id = ?').run(id);
    const deleteDocument = this.statement('DELETE FROM mirror_documents WHERE rowid = ?');
    for (let k = 0; k < Number(held.documents); k++) deleteDocument.run(id * DOCUMENTS_PER_INTERACTION + k);
    return true;
  }

  /** The brands' tags as op 15 answered them, replacing those kept for these brands. */
  replaceTags(brandIds: readonly number[], tags: readonly MirrorTag[]): void {
    this.#unsynced(() =>
      transaction(this.db, () => {
        for (const brandId of brandIds)
          this.statement('DELETE FROM mirror_tags WHERE brand_id = ?').run(brandId);
        const insert = this.statement(
          'INSERT OR REPLACE INTO mirror_tags (id, brand_id, name) VALUES (?, ?, ?)',
        );
        for (const tag of tags)
          if (brandIds.includes(tag.brand_id)) insert.run(tag.id, tag.brand_id, tag.name);
      }),
    );
  }

  tags(brandIds: readonly number[]): MirrorTag[] {
    return brandIds.flatMap((brandId) =>
      (
        this.statement('SELECT id, brand_id, name FROM mirror_tags WHERE brand_id = ? ORDER BY id').all(
          brandId,
        ) as {
          id: number;
          brand_id: number;
          name: string;
        }[]
      ).map((tag) => ({ id: Number(tag.id), brand_id: Number(tag.brand_id), name: String(tag.name) })),
    );
  }

  brandStates(): MirrorBrandState[] {
    return (
      this.statement('SELECT * FROM mirror_brands ORDER BY brand_id').all() as Record<string, unknown>[]
    ).map(stateOf);
  }

  brandState(brandId: number): MirrorBrandState | undefined {
    const row = this.statement('SELECT * FROM mirror_brands WHERE brand_id = ?').get(brandId);
    return row ? stateOf(row as Record<string, unknown>) : undefined;
  }

  /**
   * Starts (or keeps) a brand's mirror from `windowStart`. A brand already filling keeps where it
   * got to; rows older than the new start are dropped (the retention period moved on or shrank).
   */
  holdBrand(brandId: number, windowStart: number): MirrorBrandState {
    transaction(this.db, () => {
      const current = this.brandState(brandId);
      if (!current) {
        this.statement('INSERT INTO mirror_brands (brand_id, window_start) VALUES (?, ?)').run(
          brandId,
          windowStart,
        );
        return;
      }
      if (windowStart > current.windowStart) {
        // What leaves the period is now older than it: counted, so a query with no range is no
        // longer taken as covered once rows were dropped.
        const pruned = this.#pruneBefore(brandId, windowStart);
        this.statement(
          'UPDATE mirror_brands SET window_start = ?, older_count = older_count + ? WHERE brand_id = ?',
        ).run(windowStart, pruned, brandId);
      } else if (windowStart < current.windowStart) {
        // A longer period: the older rows must be read, so the fill starts again from the new start.
        this.statement(
          'UPDATE mirror_brands SET window_start = ?, filled_to = NULL, filled_at = NULL, older_count = NULL WHERE brand_id = ?',
        ).run(windowStart, brandId);
      }
    });
    return this.brandState(brandId)!;
  }

  /** Drops the brand's rows last active before `before`; answers how many. */
  #pruneBefore(brandId: number, before: number): number {
    const ids = this.statement(
      'SELECT id FROM mirror_interactions WHERE brand_id = ? AND (source_updated_at IS NULL OR source_updated_at < ?)',
    ).all(brandId, before) as { id: number }[];
    for (const { id } of ids) this.#forget(Number(id));
    return ids.length;
  }

  fillProgress(brandId: number, filledTo: number): void {
    this.#unsynced(() =>
      this.statement(
        'UPDATE mirror_brands SET filled_to = max(coalesce(filled_to, 0), ?) WHERE brand_id = ?',
      ).run(filledTo, brandId),
    );
  }

  fillDone(brandId: number, olderCount: number, at: number): void {
    this.#packer?.release();
    this.statement('UPDATE mirror_brands SET filled_at = ?, older_count = ? WHERE brand_id = ?').run(
      at,
      olderCount,
      brandId,
    );
    this.#analyze();
  }

  /**
   * Tells SQLite's planner how the rows spread (ANALYZE, a tenth of a second for 85,000 rows),
   * once a fill has ended. Without it the planner takes the brands for a selective filter: a type
   * or a flag over three brands' rows read each row through the brand index, several times slower
   * than reading the narrow table through. Statements prepared before are prepared again.
   */
  #analyze(): void {
    this.db.exec('ANALYZE mirror_interactions');
    this.#statements.clear();
  }

  sweepProgress(brandId: number, sweptTo: number | null): void {
    this.#unsynced(() =>
      this.statement('UPDATE mirror_brands SET swept_to = ? WHERE brand_id = ?').run(sweptTo, brandId),
    );
  }

  /**
   * The rows of a brand strictly between two times that are not among `ids`: a page of the
   * service read oldest first lists every row of that span, so any other is gone from it.
   */
  dropMissingBetween(brandId: number, after: number, before: number, ids: readonly number[]): void {
    const keep = new Set(ids);
    const rows = this.statement(
      'SELECT id FROM mirror_interactions WHERE brand_id = ? AND source_updated_at > ? AND source_updated_at < ?',
    ).all(brandId, after, before) as { id: number }[];
    const gone = rows.map((row) => Number(row.id)).filter((id) => !keep.has(id));
    if (gone.length > 0)
      this.#unsynced(() => transaction(this.db, () => gone.forEach((id) => this.#forget(id))));
  }

  /** A brand no longer chosen: its rows, tags and state go. */
  removeBrand(brandId: number): void {
    transaction(this.db, () => {
      const ids = this.statement('SELECT id FROM mirror_interactions WHERE brand_id = ?').all(brandId) as {
        id: number;
      }[];
      for (const { id } of ids) this.#forget(Number(id));
      this.statement('DELETE FROM mirror_tags WHERE brand_id = ?').run(brandId);
      this.statement('DELETE FROM mirror_brands WHERE brand_id = ?').run(brandId);
    });
  }

  /** The row of one interaction as last stored; null when the mirror does not hold it. */
  get(id: number): InboxItem | null {
    return this.bodies([id]).get(id) ?? null;
  }

  /** When the mirror last heard from the service about any brand (epoch ms), null if never. */
  lastSyncedAt(): number | null {
    const row = this.statement("SELECT value FROM mirror_meta WHERE key = 'synced_at'").get() as
      { value: string } | undefined;
    return row ? Number(row.value) : null;
  }

  /**
   * A row changed here before the service took it (triage done offline, in line): written as the
   * service's rows are, but it says nothing of when the mirror last heard from the service. Null:
   * the service no longer has the row (its change was refused as gone), so it leaves.
   */
  writeLocal(id: number, item: InboxItem | null): void {
    const checked = this.statement('SELECT checked_at FROM mirror_interactions WHERE id = ?').get(id) as
      { checked_at: number } | undefined;
    transaction(this.db, () =>
      item ? this.#write(item, Number(checked?.checked_at ?? 0), this.#packerFor([item])) : this.#forget(id),
    );
  }
}
