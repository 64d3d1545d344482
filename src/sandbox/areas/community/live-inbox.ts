import type { DatabaseSync } from 'node:sqlite';
import type { InteractionType } from '../../../shared/domain/index.ts';
import type { SandboxClock } from '../../clock.ts';
import { seededFaker } from '../../db.ts';
import { hashString, seededRandom } from '../../random.ts';
import { foreignBrandId } from '../../seed/core.ts';
import { transaction } from '../../sql.ts';
import {
  documentBrandStride,
  documentId,
  insertInteraction,
  insertKeyword,
  insertTicket,
  statement,
} from './interaction-store.ts';
import { brandHandle, nextCommunityId } from './reply-store.ts';
import { teams } from './seed.ts';
import { buildBodies, type Draft } from './seed-bodies.ts';
import { buildPools, composeText, type Sentiment, type TextPools } from './seed-text.ts';
import type { CompactReply, SeedMedia, SeedWorld } from './seed-world.ts';

/**
 * A sandbox that lives (`--live N`): each minute of the sandbox clock, N interactions arrive
 * (new comments on the brands' posts, mentions, people's replies in TikTok threads already
 * there), spread over the reachable brands and over their types, and teammates triage a few
 * existing rows (read, archived, a tag, an assignee), which does not move `source_updated_at`.
 *
 * A minute happens once the clock has passed its end; its arrivals are spread over it. What a
 * minute brings depends only on `--seed`, how many minutes came before (kept in `meta`) and the
 * rows already there, so the same seed and the same minutes give the same inbox. Rows are written
 * as the seed writes them (the same builders, the summaries kept by the triggers, the searchable
 * documents and keywords), so every operation answers them as it answers seeded rows.
 */

const minuteMs = 60_000;
/** Minutes skipped while the sandbox stood still (a clock moved by days) bring nothing. */
const maxCatchUpMinutes = 60;

type ArrivalKind = InteractionType | 'TIKTOK_REPLY';
const arrivalWeights: [ArrivalKind, number][] = [
  ['TIKTOK_COMMENT', 28],
  ['TIKTOK_REPLY', 20],
  ['INSTAGRAM_COMMENT', 18],
  ['FACEBOOK_COMMENT', 12],
  ['YOUTUBE_COMMENT', 8],
  ['TWITTER_MENTION', 14],
];
const arrivalSlots = arrivalWeights.flatMap(([kind, weight]) => Array<ArrivalKind>(weight).fill(kind));

/** What one minute brought. */
export interface LiveMinute {
  /** The minute, as its start time (UTC, whole seconds). */
  minute: string;
  /** New interactions, in the order they arrived. */
  created: number[];
  /** TikTok threads that got a new reply (their `source_updated_at` moved). */
  replied: number[];
  /** Rows a teammate triaged (their `source_updated_at` did not move). */
  triaged: number[];
}

export interface LiveInbox {
  /** Interactions per minute. */
  readonly perMinute: number;
  /**
   * Makes the clock's next minute happen now: moves the sandbox clock to its end (never back)
   * and writes what it brings. For tests and scripts, so nobody waits a real minute.
   */
  nextMinute(): LiveMinute;
  /** Writes every minute the clock has passed since the last one (the timer calls this). */
  catchUp(): LiveMinute[];
  stop(): void;
}

export interface LiveInboxOptions {
  db: DatabaseSync;
  clock: SandboxClock;
  perMinute: number;
  seed: number;
  /** How often (real ms) to look whether the clock passed a minute; 0: never (tests call catchUp). */
  tickMs?: number;
}

const minutesDoneKey = 'live:minutes';

export function startLiveInbox(options: LiveInboxOptions): LiveInbox {
  const { db, clock, perMinute, seed } = options;
  const brandIds = db
    .prepare('SELECT id FROM brands WHERE id <> ? ORDER BY id')
    .all(foreignBrandId)
    .map((row) => Number(row.id));
  const pools: TextPools = buildPools(seededFaker(seed, 'community-live', clock.now()));
  const team = teams(db, brandIds);
  const handles = new Map(brandIds.map((id) => [id, brandHandle(db, id)]));
  // The post each brand is filling on each network, kept while the sandbox runs.
  const current = new Map<string, SeedMedia>();
  /** The last minute written (epoch minutes); none before the start. */
  let lastMinute = Math.floor(clock.nowMs() / minuteMs) - 1;

  const minutesDone = () =>
    Number(statement(db, 'SELECT value FROM meta WHERE key = ?').get(minutesDoneKey)?.value ?? 0);

  function writeMinute(minute: number): LiveMinute {
    return transaction(db, () => {
      const sequence = minutesDone();
      const random = seededRandom(hashString(`${seed}:live:${sequence}`));
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
      const result: LiveMinute = {
        minute: new Date(minute * minuteMs).toISOString().replace('.000Z', 'Z'),
        created: [],
        replied: [],
        triaged: [],
      };
      const world: SeedWorld = {
        random,
        pick,
        chance: (p) => random() < p,
        nowMs: (minute + 1) * minuteMs,
        pools,
        teams: team,
        handles,
        nextId: nextCommunityId(db),
        nextMediaId: Number(statement(db, 'SELECT max(id) AS id FROM community_media').get()?.id ?? 0) + 1,
        nextReplyId: 1,
        nextTicket: nextTicket(db),
        media: new Map(),
        current,
      };
      for (let k = 0; k < perMinute; k++) {
        // Spread over the minute, whole seconds.
        const at = Math.floor((minute * minuteMs + ((k + 0.5) / perMinute) * minuteMs) / 1000) * 1000;
        const brandId = pick(brandIds);
        const kind = pick(arrivalSlots);
        const thread = kind === 'TIKTOK_REPLY' ? replyInThread(db, world, brandId, at) : undefined;
        if (thread !== undefined) {
          result.replied.push(thread);
          continue;
        }
        const type: InteractionType = kind === 'TIKTOK_REPLY' ? 'TIKTOK_COMMENT' : kind;
        const draw = random();
        const sentiment: Sentiment = draw < 0.4 ? 'positive' : draw < 0.65 ? 'negative' : 'neutral';
        const draft = buildBodies(world, {
          type,
          brandId,
          at,
          sentiment,
          isQuestion: world.chance(0.2),
          state: { is_read: 0, is_archived: 0, is_follow_up: 0, assignee_id: null },
          tagIds: [],
          fresh: true,
        });
        writeDraft(db, draft);
        result.created.push(draft.row.id);
      }
      for (const media of world.media.values()) writeMedia(db, media);
      const triages = Math.max(1, Math.round(perMinute / 3));
      for (let k = 0; k < triages; k++) {
        const id = triageOne(db, world, pick(brandIds), world.nowMs);
        if (id !== undefined) result.triaged.push(id);
      }
      statement(
        db,
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ).run(minutesDoneKey, String(sequence + 1));
      return result;
    });
  }

  function catchUp(): LiveMinute[] {
    const passed = Math.floor(clock.nowMs() / minuteMs) - 1;
    if (passed - lastMinute > maxCatchUpMinutes) lastMinute = passed - maxCatchUpMinutes;
    const written: LiveMinute[] = [];
    while (lastMinute < passed) {
      lastMinute += 1;
      written.push(writeMinute(lastMinute));
    }
    return written;
  }

  const timer =
    options.tickMs === 0
      ? undefined
      : setInterval(() => {
          try {
            catchUp();
          } catch (error) {
            process.stderr.write(`sandbox: a live minute was not written: ${(error as Error).message}\n`);
          }
        }, options.tickMs ?? 1000);
  timer?.unref();

  return {
    perMinute,
    nextMinute() {
      // Told minute by minute (no timer): minutes the clock passed unasked bring nothing, so each
      // call brings exactly one.
      if (options.tickMs === 0) lastMinute = Math.max(lastMinute, Math.floor(clock.nowMs() / minuteMs) - 1);
      else catchUp();
      const target = (lastMinute + 2) * minuteMs;
      if (clock.nowMs() < target) clock.advance(target - clock.nowMs());
      const written = catchUp();
      return (
        written[written.length - 1] ?? {
          minute: new Date(target).toISOString(),
          created: [],
          replied: [],
          triaged: [],
        }
      );
    },
    catchUp,
    stop: () => clearInterval(timer),
  };
}

function nextTicket(db: DatabaseSync): number {
  const row = statement(
    db,
    'SELECT max(CAST(source_id AS INTEGER)) AS n FROM community_interaction_tickets',
  ).get();
  return Math.max(40_000, Number(row?.n ?? 0) + 1);
}

/**
 * Searchable documents change every word's bm25 score, which word-scores.ts computed once after
 * the seed: from the first live document on, the kept scores are dropped and every search is
 * scored when asked (its path for a file without scores), so a search finds live rows and ranks
 * them as the service would.
 */
function writeDocument(
  db: DatabaseSync,
  brandId: number,
  interactionId: number,
  k: number,
  at: number,
  text: string,
) {
  if (statement(db, 'SELECT 1 AS kept FROM community_words LIMIT 1').get()) {
    db.exec(
      'DELETE FROM community_word_counts; DELETE FROM community_word_scores; DELETE FROM community_words',
    );
  }
  const id = documentBrandStride(db) === 0 ? interactionId * 64 + k : documentId(brandId, interactionId, k);
  statement(db, 'INSERT INTO community_documents (id, at) VALUES (?, ?)').run(id, at);
  statement(db, 'INSERT INTO community_documents_fts (rowid, text) VALUES (?, ?)').run(id, text);
}

function writeDraft(db: DatabaseSync, draft: Draft): void {
  const { row, body } = draft;
  insertInteraction(db, row, body);
  for (const ticket of draft.ticketIds) insertTicket(db, row.id, ticket);
  for (const keyword of draft.keywords)
    insertKeyword(db, row.brand_id, row.source_updated_at, keyword, row.id);
  draft.documents.forEach((document, k) => {
    if (document.text) writeDocument(db, row.brand_id, row.id, k, document.at, document.text);
  });
}

function writeMedia(db: DatabaseSync, media: SeedMedia): void {
  statement(
    db,
    'INSERT OR REPLACE INTO community_media (id, brand_id, pinned_comment_id, body) VALUES (?, ?, ?, ?)',
  ).run(media.id, media.brandId, media.pinnedCommentId, JSON.stringify(media.body));
}

/** Threads a live reply may join: the brand's recent TikTok comments with room for documents. */
const recentThreads = 50;

/**
 * A person replies in one of the brand's recent TikTok threads: the reply joins the thread (an id
 * of the shared sequence, noted in `community_live_replies`), the thread's latest activity moves
 * to it and the thread is unread again. Answers the thread, or undefined when the brand has none.
 */
function replyInThread(db: DatabaseSync, world: SeedWorld, brandId: number, at: number): number | undefined {
  const threads = statement(
    db,
    `SELECT ci.id, ci.source_updated_at, b.body FROM community_interactions ci
       JOIN community_interaction_bodies b ON b.id = ci.id
      WHERE ci.brand_id = ? AND ci.type = 'TIKTOK_COMMENT' AND ci.reply_count < 40 AND ci.source_updated_at <= ?
      ORDER BY ci.source_updated_at DESC, ci.id DESC LIMIT ${recentThreads}`,
  ).all(brandId, at);
  if (threads.length === 0) return undefined;
  const thread = world.pick(threads);
  const threadId = Number(thread.id);
  const body = JSON.parse(String(thread.body)) as Record<string, unknown>;
  const replies = Array.isArray(body.thread) ? (body.thread as CompactReply[]) : [];
  const kind = world.pick(['positive', 'negative', 'neutral', 'neutral', 'question'] as const);
  const composed = composeText(
    world.random,
    kind,
    world.handles.get(brandId) ?? `brand_${brandId}`,
    world.pick(world.pools.tails),
  );
  const reply: CompactReply = {
    id: world.nextId++,
    at,
    owned: false,
    liked: world.chance(0.2),
    text: composed.text,
    author: world.pick(world.pools.usernames),
    avatar: world.pick(world.pools.avatars),
    kind,
  };
  body.thread = [...replies, reply];
  statement(db, 'INSERT INTO community_live_replies (id, interaction_id) VALUES (?, ?)').run(
    reply.id,
    threadId,
  );
  statement(db, 'UPDATE community_interaction_bodies SET body = ? WHERE id = ?').run(
    JSON.stringify(body),
    threadId,
  );
  const before = Number(thread.source_updated_at);
  statement(
    db,
    `UPDATE community_interactions SET source_updated_at = ?, updated_at = ?, reply_count = reply_count + 1,
       is_read = 0 WHERE id = ?`,
  ).run(at, at, threadId);
  // Keywords carry their interaction's latest time (top_keywords groups by it).
  statement(
    db,
    'UPDATE community_interaction_keywords SET source_updated_at = ? WHERE brand_id = ? AND source_updated_at = ? AND interaction_id = ?',
  ).run(at, brandId, before, threadId);
  for (const keyword of composed.keywords) insertKeyword(db, brandId, at, keyword, threadId);
  const k = (body.thread as unknown[]).length;
  if (k < 64) writeDocument(db, brandId, threadId, k, at, composed.text);
  return threadId;
}

type Triage = 'read' | 'archive' | 'assign' | 'tag';
const triages: readonly Triage[] = ['read', 'read', 'archive', 'assign', 'tag'];

/**
 * A teammate triages one of the brand's recent open rows, elsewhere than in this app: its
 * `updated_at` moves, its `source_updated_at` does not (nothing new happened on the network).
 */
function triageOne(db: DatabaseSync, world: SeedWorld, brandId: number, now: number): number | undefined {
  const rows = statement(
    db,
    `SELECT id FROM community_interactions WHERE brand_id = ? AND is_archived = 0 AND source_updated_at < ?
      ORDER BY source_updated_at DESC, id DESC LIMIT 100`,
  ).all(brandId, now - minuteMs);
  if (rows.length === 0) return undefined;
  const id = Number(world.pick(rows).id);
  const triage = world.pick(triages);
  if (triage === 'read') {
    statement(db, 'UPDATE community_interactions SET is_read = 1, updated_at = ? WHERE id = ?').run(now, id);
  } else if (triage === 'archive') {
    statement(
      db,
      'UPDATE community_interactions SET is_archived = 1, is_read = 1, updated_at = ? WHERE id = ?',
    ).run(now, id);
  } else if (triage === 'assign') {
    const members = world.teams.get(brandId) ?? [];
    if (members.length === 0) return undefined;
    statement(db, 'UPDATE community_interactions SET assignee_id = ?, updated_at = ? WHERE id = ?').run(
      world.pick(members),
      now,
      id,
    );
  } else {
    const tags = statement(db, 'SELECT id FROM community_tags WHERE brand_id = ? ORDER BY id').all(brandId);
    if (tags.length === 0) return undefined;
    statement(
      db,
      'INSERT OR IGNORE INTO community_interaction_tags (tag_id, interaction_id) VALUES (?, ?)',
    ).run(Number(world.pick(tags).id), id);
    statement(db, 'UPDATE community_interactions SET updated_at = ? WHERE id = ?').run(now, id);
  }
  return id;
}
