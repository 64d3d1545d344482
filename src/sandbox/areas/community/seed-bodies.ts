import type { InteractionType } from '../../../shared/domain/index.ts';
import { tiktokCommentIdOf, type InteractionRow } from './interaction-store.ts';
import { composeText, type Sentiment } from './seed-text.ts';
import {
  minute,
  hour,
  day,
  iso,
  thumb,
  messageResource,
  sentimentFlags,
  mediaFor,
  brandReply,
  ticketsFor,
  timesBetween,
  type CompactReply,
  type CompactMessage,
  type SeedWorld,
} from './seed-world.ts';

/**
 * One seeded interaction of any type: its narrow row, the immutable part of its JSON shape, and
 * what goes into the join tables (tags, tickets, keywords, searchable documents). The mutable and
 * filterable fields (flags, assignee, tags, sentiment, source_updated_at) are not in the body:
 * the reader composes them from the row, so a PATCH changes one place only.
 */

export interface DraftInput {
  type: InteractionType;
  brandId: number;
  /** source_updated_at: the interaction's latest activity. */
  at: number;
  sentiment: Sentiment;
  isQuestion: boolean;
  state: Partial<InteractionRow>;
  tagIds: number[];
  /**
   * Just arrived (the live sandbox): no replies yet, from the brand or anyone, and created at
   * `at`. The seed leaves it out, so its draws stay as they were.
   */
  fresh?: boolean;
}

export interface Draft {
  row: InteractionRow;
  body: Record<string, unknown>;
  tagIds: number[];
  ticketIds: string[];
  keywords: string[];
  documents: { at: number; text: string | null }[];
}

export function buildBodies(world: SeedWorld, input: DraftInput): Draft {
  const { type, brandId, at } = input;
  const id = world.nextId++;
  const handle = world.handles.get(brandId) ?? `brand_${brandId}`;
  const author = world.pick(world.pools.usernames);
  const avatar = world.pick(world.pools.avatars);
  const kind = input.isQuestion ? 'question' : input.sentiment;
  const keywords = new Set<string>();
  const documents: Draft['documents'] = [];
  const compose = (k: Sentiment | 'question') => {
    const composed = composeText(world.random, k, handle, world.pick(world.pools.tails));
    for (const keyword of composed.keywords) keywords.add(keyword);
    return composed.text;
  };
  let sentiment = input.sentiment;
  let isQuestion = input.isQuestion;
  let text: string | null = null;
  let createdAt = at;
  let mediaId: number | null = null;
  let replyCount = 0;
  let responseSeconds: number | null = null;
  let isAd = false;
  const body: Record<string, unknown> = {
    type,
    is_author_blocked: world.chance(0.01),
    author_username: author,
    author_profile_picture_url: avatar,
  };

  if (type === 'TIKTOK_COMMENT') {
    const media = mediaFor(world, brandId, 'TIKTOK', at);
    mediaId = media.id;
    if (media.pinFirst && media.pinnedCommentId === null) media.pinnedCommentId = id;
    const userReplies = input.fresh ? 0 : world.chance(0.5) ? 1 + Math.floor(world.random() * 4) : 0;
    const brandReplied = !input.fresh && world.chance(0.3);
    const replyTotal = userReplies + (brandReplied ? 1 : 0);
    createdAt =
      replyTotal > 0
        ? Math.max(media.createdAt + minute, at - 10 * minute - Math.floor(world.random() * 3 * day))
        : at;
    createdAt = Math.min(createdAt, at);
    text = compose(kind);
    const commentId = tiktokCommentIdOf(id);
    const times = replyTotal > 0 ? timesBetween(world, replyTotal, createdAt, at) : [];
    const videoCreated = iso(media.createdAt);
    const replies = times.map((time, index) => {
      const owned = brandReplied && index === 0;
      const replyKind: Sentiment | 'question' = owned
        ? 'positive'
        : world.pick(['positive', 'negative', 'neutral', 'neutral', 'question'] as const);
      const replyText = owned ? world.pick(world.pools.brandReplies) : compose(replyKind);
      const replyAuthor = owned ? handle : world.pick(world.pools.usernames);
      documents.push({ at: time, text: replyText });
      // Stored compact: the reader expands a reply to the full comment shape (interaction-view.ts).
      const reply: CompactReply = {
        id: world.nextId++,
        at: time,
        owned,
        liked: owned || world.chance(0.2),
        text: replyText,
        author: replyAuthor,
        avatar: owned
          ? `https://avatars.sandbox.socialdesk.invalid/brand-${brandId}.jpg`
          : world.pick(world.pools.avatars),
        kind: replyKind,
      };
      return reply;
    });
    replyCount = replies.length;
    if (brandReplied && times[0] !== undefined) {
      responseSeconds = Math.round((times[0] - createdAt) / 1000);
      body.brand_user_reply = brandReply(world, brandId, id, 'TIKTOK_COMMENT', times[0]);
    } else {
      body.brand_user_reply = null;
    }
    Object.assign(body, {
      media_type: 'VIDEO',
      post_thumbnail_url: thumb(media.id),
      is_hidden: world.chance(0.02),
      is_liked: world.chance(0.2),
      is_owned: false,
      tiktok_comment_id: commentId,
      tiktok_parent_comment_id: null,
      tiktok_username: author,
      tiktok_video_created_at: videoCreated,
      thread: replies,
    });
    documents.unshift({ at: createdAt, text });
  } else if (messageResource[type]) {
    const count = 2 + Math.floor(world.random() * 6);
    createdAt = Math.floor((at - 10 * minute - world.random() * 5 * day) / 1000) * 1000;
    const times = timesBetween(world, count, createdAt, at);
    times[0] = createdAt;
    let brandTurn = false;
    let firstBrand: number | null = null;
    const messages = times.map((time, index) => {
      const fromBrand = index > 0 && (brandTurn ? world.chance(0.8) : world.chance(0.3));
      brandTurn = !fromBrand;
      const messageText = fromBrand
        ? world.pick(world.pools.brandReplies)
        : compose(index === 0 ? kind : world.pick(['neutral', 'question'] as const));
      if (fromBrand && firstBrand === null) firstBrand = time;
      documents.push({ at: time, text: messageText });
      // Stored compact: the reader expands a message (interaction-view.ts).
      const message: CompactMessage = {
        at: time,
        text: messageText,
        author: fromBrand ? handle : author,
        brand: fromBrand ? 1 : 0,
      };
      return message;
    });
    text = messages[messages.length - 1]?.text ?? null;
    if (firstBrand !== null) {
      responseSeconds = Math.round((firstBrand - createdAt) / 1000);
      body.brand_user_reply = brandReply(world, brandId, id, messageResource[type] ?? null, firstBrand);
    } else {
      body.brand_user_reply = null;
    }
    Object.assign(body, { media_type: null, post_thumbnail_url: null, thread: messages });
  } else {
    const network = type.startsWith('INSTAGRAM')
      ? 'INSTAGRAM'
      : type.startsWith('FACEBOOK')
        ? 'FACEBOOK'
        : type.startsWith('YOUTUBE')
          ? 'YOUTUBE'
          : null;
    const isRetweet = type === 'TWITTER_RETWEET';
    const attachmentOnly = (network === 'INSTAGRAM' || network === 'FACEBOOK') && world.chance(0.05);
    if (network) {
      const media = mediaFor(world, brandId, network, at);
      mediaId = media.id;
      body.media_type = media.body.media_type;
      body.post_thumbnail_url = thumb(media.id);
      isAd = network !== 'YOUTUBE' && world.chance(0.2);
      body.is_ad_comment = isAd;
    } else {
      body.media_type = null;
      body.post_thumbnail_url = null;
    }
    if (!isRetweet && !attachmentOnly) text = compose(kind);
    body.attachments = attachmentOnly
      ? [
          {
            src: `https://media.sandbox.socialdesk.invalid/attachments/${id}.jpg`,
            type: 'image',
            height: 1080,
            width: 1080,
          },
        ]
      : [];
    const replies = !input.fresh && !isRetweet && type !== 'COMMUNITY_INTERACTION' && world.chance(0.25);
    if (replies) {
      const delay = 5 * minute + Math.floor(world.random() * 36 * hour);
      responseSeconds = Math.round(delay / 1000);
      body.brand_user_reply = brandReply(world, brandId, id, type, Math.min(world.nowMs, at + delay));
    } else {
      body.brand_user_reply = null;
    }
    documents.push({ at, text });
  }
  if (text === null && type !== 'TIKTOK_COMMENT' && !messageResource[type]) {
    // Nothing to read: no sentiment, no question.
    sentiment = 'neutral';
    isQuestion = false;
  }

  body.text = text;
  body.media_id = mediaId;
  body.created_at = iso(createdAt);
  body.tickets = ticketsFor(world, id, createdAt);
  const flags = sentimentFlags(sentiment, isQuestion);
  const row: InteractionRow = {
    id,
    brand_id: brandId,
    type,
    is_ad: isAd ? 1 : 0,
    source_updated_at: at,
    first_at: Math.min(at, ...documents.map((document) => document.at)),
    is_read: input.state.is_read ?? 0,
    is_archived: input.state.is_archived ?? 0,
    is_follow_up: input.state.is_follow_up ?? 0,
    is_positive: flags.is_positive ? 1 : 0,
    is_negative: flags.is_negative ? 1 : 0,
    is_neutral: flags.is_neutral ? 1 : 0,
    is_question: flags.is_question ? 1 : 0,
    assignee_id: input.state.assignee_id ?? null,
    media_id: mediaId,
    has_text: text !== null || documents.some((document) => document.text) ? 1 : 0,
    reply_count: replyCount,
    response_seconds: responseSeconds,
    updated_at: at,
  };
  return {
    row,
    body,
    tagIds: input.tagIds,
    ticketIds: (body.tickets as { source_id: string }[]).map((ticket) => ticket.source_id),
    keywords: [...keywords],
    documents,
  };
}
