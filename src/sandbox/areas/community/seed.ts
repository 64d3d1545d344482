import type { DatabaseSync } from 'node:sqlite';
import type { InteractionType } from '../../../shared/domain/index.ts';
import type { SeedContext } from '../../area.ts';
import { seededRandom } from '../../random.ts';
import { foreignBrandId } from '../../seed/core.ts';
import { createWriter, type InteractionRow, type Writer } from './interaction-store.ts';
import { buildBodies, type Draft } from './seed-bodies.ts';
import type { SeedWorld } from './seed-world.ts';
import { buildPools, type Sentiment } from './seed-text.ts';
import { withoutInteractionIndexes } from './tables.ts';
import { seedTags } from './tag-store.ts';

/**
 * ~5,000 interactions per sandbox (times `--scale`) of every type, spread over the last six
 * months and over every brand (the foreign one too), with sentiment, tags, tickets, assignees,
 * read/archived/follow-up flags and brand replies; 26% are TikTok comments, half of them with
 * replies. Per row the work is a few draws from a seeded PRNG and pool look-ups (see
 * seed-text.ts); faker only fills the pools.
 */

const day = 86_400_000;
const spanDays = 180;

/**
 * 100 slots in the proportions of the inbox; TikTok comments are the largest share. 26% of 5,000
 * is 1,300, of which the three reachable brands hold about 6/7 (the foreign brand draws half a
 * share): ~1,110, so a token reaches over a thousand TikTok threads at scale 1.
 */
const typeWeights: [InteractionType, number][] = [
  ['TIKTOK_COMMENT', 26],
  ['INSTAGRAM_COMMENT', 16],
  ['FACEBOOK_COMMENT', 10],
  ['YOUTUBE_COMMENT', 8],
  ['INSTAGRAM_CONVERSATION', 8],
  ['FACEBOOK_CONVERSATION', 6],
  ['TWITTER_CONVERSATION', 5],
  ['TWITTER_MENTION', 8],
  ['TWITTER_QUOTE', 5],
  ['TWITTER_RETWEET', 5],
  ['COMMUNITY_INTERACTION', 3],
];

function typeSchedule(random: () => number): InteractionType[] {
  const slots = typeWeights.flatMap(([type, weight]) => Array<InteractionType>(weight).fill(type));
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j] as InteractionType, slots[i] as InteractionType];
  }
  return slots;
}

/** Teammates (not service accounts) per brand: assignees and brand repliers. */
export function teams(db: DatabaseSync, brandIds: readonly number[]): Map<number, number[]> {
  const rows = db
    .prepare(
      `SELECT ub.brand_id, ub.user_id FROM user_brands ub JOIN users u ON u.id = ub.user_id
        WHERE u.is_application_user = 0 ORDER BY ub.brand_id, ub.user_id`,
    )
    .all();
  const map = new Map<number, number[]>(brandIds.map((id) => [id, []]));
  for (const row of rows) map.get(Number(row.brand_id))?.push(Number(row.user_id));
  return map;
}

function writeDraft(writer: Writer, draft: Draft): void {
  const { row, body } = draft;
  writer.interaction(row, body);
  for (const tagId of draft.tagIds) writer.tag(row.id, tagId);
  for (const ticket of draft.ticketIds) writer.ticket(row.id, ticket);
  for (const keyword of draft.keywords) writer.keyword(row.brand_id, row.source_updated_at, keyword, row.id);
  draft.documents.forEach((document, k) => writer.document(row.id, k, document.at, document.text));
}

export function seedCommunity(ctx: SeedContext): void {
  const { db, faker, now } = ctx;
  const random = seededRandom(faker.number.int({ min: 1, max: 2 ** 31 - 1 }));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  const tagsByBrand = seedTags(db, faker, ctx.brandIds, nowMs - (spanDays + 10) * day);
  const world: SeedWorld = {
    random,
    pick,
    chance,
    nowMs,
    pools: buildPools(faker),
    teams: teams(db, ctx.brandIds),
    handles: new Map(
      ctx.brandIds.map((id) => [
        id,
        `${faker.word.adjective().toLowerCase()}${faker.word.noun().toLowerCase()}_${id}`,
      ]),
    ),
    nextId: 1,
    nextMediaId: 50_000,
    nextReplyId: 1,
    nextTicket: 40_000,
    media: new Map(),
  };
  const writer = createWriter(db);
  const schedule = typeSchedule(random);
  // The reachable brands share most of the volume; the foreign brand has a smaller share.
  const brandWeights = ctx.brandIds.map((id) => (id === foreignBrandId ? 0.5 : 1));
  const weightTotal = brandWeights.reduce((a, b) => a + b, 0);
  const pickBrand = () => {
    let draw = random() * weightTotal;
    for (let i = 0; i < ctx.brandIds.length; i++) {
      draw -= brandWeights[i] ?? 0;
      if (draw < 0) return ctx.brandIds[i] as number;
    }
    return ctx.brandIds[0] as number;
  };

  const total = Math.max(1, Math.round(5000 * ctx.scale));
  const start = nowMs - spanDays * day;
  withoutInteractionIndexes(db, () => {
    for (let i = 0; i < total; i++) {
      // Times rise with the index (so ids rise with time, as a real inbox's do), with jitter.
      const at = Math.min(
        nowMs - 60_000,
        Math.floor((start + ((i + random()) / total) * spanDays * day) / 1000) * 1000,
      );
      const brandId = pickBrand();
      const draw = random();
      const sentiment: Sentiment = draw < 0.4 ? 'positive' : draw < 0.6 ? 'negative' : 'neutral';
      const type = schedule[i % schedule.length] as InteractionType;
      const ageDays = (nowMs - at) / day;
      const tags = tagsByBrand.get(brandId) ?? [];
      const tagCount = chance(0.35) ? 1 : chance(0.2) ? 2 + (chance(0.3) ? 1 : 0) : 0;
      const tagIds = new Set<number>();
      while (tagIds.size < Math.min(tagCount, tags.length)) tagIds.add(pick(tags));
      const team = world.teams.get(brandId) ?? [];
      const state: Partial<InteractionRow> = {
        is_read: chance(ageDays > 3 ? 0.92 : 0.45) ? 1 : 0,
        is_archived: chance(ageDays > 14 ? 0.25 : 0.05) ? 1 : 0,
        is_follow_up: chance(0.06) ? 1 : 0,
        assignee_id: team.length > 0 && chance(0.25) ? pick(team) : null,
      };
      const draft = buildBodies(world, {
        type,
        brandId,
        at,
        sentiment,
        isQuestion: chance(0.15),
        state,
        tagIds: [...tagIds],
      });
      writeDraft(writer, draft);
    }
  });
  for (const media of world.media.values())
    writer.media(media.id, media.brandId, media.pinnedCommentId, media.body);
}
