import type { InteractionType } from '../../../shared/domain/index.ts';
import type { Sentiment, TextPools } from './seed-text.ts';

/**
 * The state a community seed run carries from one interaction to the next (the random source,
 * pools, id counters, the media each brand is filling) and the small builders every interaction
 * type shares: media, brand replies, tickets, activity times.
 */

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;

export interface SeedMedia {
  id: number;
  brandId: number;
  createdAt: number;
  pinnedCommentId: number | null;
  pinFirst: boolean;
  remaining: number;
  body: Record<string, unknown>;
}

/** A TikTok reply as stored; `kind` is its sentiment, or question. */
export interface CompactReply {
  id: number;
  at: number;
  owned: boolean;
  liked: boolean;
  text: string;
  author: string;
  avatar: string;
  kind: Sentiment | 'question';
}

/** A conversation message as stored; `brand` is 1 when the brand wrote it. */
export interface CompactMessage {
  at: number;
  text: string;
  author: string;
  brand: 0 | 1;
}

export interface SeedWorld {
  random: () => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
  nowMs: number;
  pools: TextPools;
  teams: Map<number, number[]>;
  handles: Map<number, string>;
  nextId: number;
  nextMediaId: number;
  nextReplyId: number;
  nextTicket: number;
  /** Every media made so far, by id; `current` is the one each brand and network is filling. */
  media: Map<number, SeedMedia>;
  current?: Map<string, SeedMedia>;
}

export const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
/** Colour pairs for the sandbox's thumbnails: calm, and told apart at a glance. */
const thumbColors = [
  ['e8a87c', 'c0392b'],
  ['85dcb0', '2a7f62'],
  ['a3b8f5', '3d5a98'],
  ['f6d186', 'd68910'],
  ['d7a9e3', '7d3c98'],
  ['9fd8df', '1f7a8c'],
  ['f4b6c2', 'b03a5b'],
  ['c5d86d', '5d7a1f'],
] as const;

/**
 * A post's thumbnail: a small picture of its own, as a data URL, so the sandbox's posts show a
 * picture where a service's would (an address on a host of its own could not be loaded here,
 * and the app's pages allow images from https and data URLs only). Its colours follow the id.
 */
export function thumb(mediaId: number): string {
  const [light, dark] = thumbColors[mediaId % thumbColors.length]!;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'>` +
    `<defs><linearGradient id='g' x2='1' y2='1'><stop stop-color='#${light}'/>` +
    `<stop offset='1' stop-color='#${dark}'/></linearGradient></defs>` +
    `<rect width='40' height='40' fill='url(#g)'/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
export const messageResource: Partial<Record<InteractionType, string>> = {
  FACEBOOK_CONVERSATION: 'FACEBOOK_MESSAGE',
  INSTAGRAM_CONVERSATION: 'INSTAGRAM_MESSAGE',
  TWITTER_CONVERSATION: 'TWITTER_MESSAGE',
};
export const mediaTypesOf: Record<string, readonly string[]> = {
  TIKTOK: ['VIDEO'],
  INSTAGRAM: ['IMAGE', 'CAROUSEL_ALBUM', 'REELS', 'VIDEO'],
  FACEBOOK: ['IMAGE', 'VIDEO'],
  YOUTUBE: ['VIDEO', 'SHORTS'],
};
export const ticketLabels = [
  'Refund request',
  'Damaged item',
  'Order status',
  'Account help',
  'Product question',
  'Complaint',
];
export const ticketStatuses = ['open', 'pending', 'solved', 'closed'];

export function sentimentFlags(sentiment: Sentiment, isQuestion: boolean) {
  return {
    is_positive: sentiment === 'positive',
    is_negative: sentiment === 'negative',
    is_neutral: sentiment === 'neutral',
    is_question: isQuestion,
  };
}

/** The media a comment hangs under: each brand fills one post per network, then starts the next. */
export function mediaFor(world: SeedWorld, brandId: number, network: string, at: number): SeedMedia {
  const key = `${brandId}:${network}`;
  world.current ??= new Map();
  let media = world.current.get(key);
  if (!media || media.remaining <= 0 || media.createdAt > at) {
    const id = world.nextMediaId++;
    const createdAt = Math.floor((at - hour - world.random() * 2 * day) / 1000) * 1000;
    media = {
      id,
      brandId,
      createdAt,
      pinnedCommentId: null,
      pinFirst: network === 'TIKTOK' && world.chance(0.3),
      remaining: 8 + Math.floor(world.random() * 25),
      body: {
        image_sizes: { default: thumb(id) },
        media_type: world.pick(mediaTypesOf[network] ?? ['IMAGE']),
        source_created_at: iso(createdAt),
        caption: world.pick(world.pools.captions),
        likes: Math.floor(world.random() * 20_000),
        user_avatar: `https://avatars.sandbox.socialdesk.invalid/brand-${brandId}.jpg`,
        user_handle: world.handles.get(brandId) ?? `brand_${brandId}`,
      },
    };
    world.current.set(key, media);
    world.media.set(id, media);
  }
  media.remaining -= 1;
  return media;
}

export function brandReply(
  world: SeedWorld,
  brandId: number,
  resourceId: number,
  resourceType: string | null,
  at: number,
) {
  const team = world.teams.get(brandId) ?? [];
  return {
    id: world.nextReplyId++,
    brand_id: brandId,
    resource_id: resourceId,
    resource_type: resourceType,
    user_id: team.length > 0 ? world.pick(team) : null,
    created_at: iso(at),
    updated_at: iso(at),
  };
}

export function ticketsFor(world: SeedWorld, id: number, createdAt: number) {
  if (!world.chance(0.05)) return [];
  const count = world.chance(0.15) ? 2 : 1;
  return Array.from({ length: count }, () => {
    const opened = Math.min(world.nowMs, createdAt + Math.floor(world.random() * 6) * hour);
    const updated = Math.min(world.nowMs, opened + Math.floor(world.random() * 3) * day);
    return {
      label: world.pick(ticketLabels),
      source_created_at: iso(opened),
      source_id: String(world.nextTicket++),
      source_updated_at: iso(updated),
      status: world.pick(ticketStatuses),
      message_id: id,
      source: world.chance(0.6) ? 'ZENDESK' : 'SALESFORCE',
    };
  });
}

/** Sorted activity times in [from, to], the last one exactly `to`. */
export function timesBetween(world: SeedWorld, count: number, from: number, to: number): number[] {
  const times = Array.from(
    { length: count - 1 },
    () => Math.floor((from + world.random() * (to - from)) / 1000) * 1000,
  );
  times.sort((a, b) => a - b);
  times.push(to);
  return times;
}
