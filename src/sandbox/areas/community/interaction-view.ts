import type { DatabaseSync } from 'node:sqlite';
import { readMediaStats, readPageRows, tiktokCommentIdOf, type MediaStats } from './interaction-store.ts';
import type { CompactMessage, CompactReply } from './seed-world.ts';

/**
 * Interactions as the client sees them: the stored body plus what lives in columns (flags,
 * assignee, tags, sentiment, times), the computed TikTok thread fields (comment_count, replies,
 * media_comment_sentiment, the pinned comment) and post_media with comment counts taken from
 * the interactions themselves, and a search snippet when the list was searched.
 */

type Json = Record<string, unknown>;

const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

function sentimentOf(row: Json) {
  return {
    is_negative: row.is_negative === 1,
    is_neutral: row.is_neutral === 1,
    is_positive: row.is_positive === 1,
    is_question: row.is_question === 1,
  };
}

function postMediaOf(stats: MediaStats): Json {
  return {
    ...stats.body,
    comment_count: stats.withReplies,
    media_comment_sentiment: {
      negative_count: stats.negative,
      neutral_count: stats.neutral,
      positive_count: stats.positive,
    },
  };
}

function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

function expandReply(reply: CompactReply, parent: Json, isRead: boolean): Json {
  const kind = reply.kind;
  const at = iso(reply.at);
  return {
    id: reply.id,
    brand_id: parent.brand_id,
    type: 'TIKTOK_COMMENT',
    assignee_id: null,
    is_archived: false,
    is_author_blocked: false,
    is_follow_up: false,
    is_read: isRead,
    media_type: 'VIDEO',
    post_thumbnail_url: parent.post_thumbnail_url,
    search_result_snippet: null,
    source_updated_at: at,
    created_at: at,
    updated_at: at,
    tag_ids: [],
    tickets: [],
    is_hidden: false,
    is_liked: reply.liked,
    is_owned: reply.owned,
    text: reply.text,
    tiktok_comment_id: tiktokCommentIdOf(reply.id),
    tiktok_parent_comment_id: parent.tiktok_comment_id,
    tiktok_username: reply.author,
    tiktok_video_created_at: parent.tiktok_video_created_at,
    author_profile_picture_url: reply.avatar,
    author_username: reply.author,
    brand_user_reply: null,
    media_id: parent.media_id,
    sentiment: {
      is_negative: kind === 'negative',
      is_neutral: kind === 'neutral' || kind === 'question',
      is_positive: kind === 'positive',
      is_question: kind === 'question',
    },
  };
}

function expandMessage(message: CompactMessage, interactionId: number, index: number): Json {
  return {
    id: `${interactionId}-${index + 1}`,
    text: message.text,
    author_username: message.author,
    is_from_brand: message.brand === 1,
    created_at: iso(message.at),
    attachments: [],
  };
}

/** Every text of an interaction a search may have matched, in reading order. */
export function textsOf(item: Json): string[] {
  const texts: string[] = [];
  if (typeof item.text === 'string') texts.push(item.text);
  for (const list of [item.messages, item.replies]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as Json[]) if (typeof entry.text === 'string') texts.push(entry.text);
  }
  return texts;
}

/** ~120 characters around the first occurrence of a searched token; null when none occurs. */
export function snippetOf(texts: readonly string[], tokens: readonly string[]): string | null {
  for (const text of texts) {
    const lower = text.toLowerCase();
    for (const token of tokens) {
      const at = lower.indexOf(token);
      if (at < 0) continue;
      const start = Math.max(0, at - 50);
      const end = Math.min(text.length, at + token.length + 70);
      return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
    }
  }
  return null;
}

export interface RenderOptions {
  /** Lower-cased tokens of the searched text, for search_result_snippet. */
  searchTokens?: readonly string[];
}

/** Renders the interactions `ids` in that order (ids that do not exist are skipped). */
export function renderInteractions(
  db: DatabaseSync,
  ids: readonly number[],
  options: RenderOptions = {},
): Json[] {
  if (ids.length === 0) return [];
  const page = readPageRows(db, ids);
  const mediaIds = [
    ...new Set(
      [...page.rows.values()]
        .map((row) => row.media_id)
        .filter((id) => id !== null)
        .map(Number),
    ),
  ];
  const media = readMediaStats(db, mediaIds);
  const out: Json[] = [];
  for (const id of ids) {
    const row = page.rows.get(id);
    const body = page.bodies.get(id);
    if (!row || !body) continue;
    const { thread, ...rest } = body;
    const isRead = row.is_read === 1;
    const item: Json = {
      id,
      brand_id: Number(row.brand_id),
      type: row.type,
      assignee_id: row.assignee_id === null ? null : Number(row.assignee_id),
      is_archived: row.is_archived === 1,
      is_follow_up: row.is_follow_up === 1,
      is_read: isRead,
      ...rest,
      source_updated_at: iso(Number(row.source_updated_at)),
      updated_at: iso(Number(row.updated_at)),
      tag_ids: page.tags.get(id) ?? [],
      sentiment: sentimentOf(row),
      search_result_snippet: null,
    };
    const stats = row.media_id === null ? undefined : media.get(Number(row.media_id));
    if (stats) item.post_media = postMediaOf(stats);
    if (row.type === 'TIKTOK_COMMENT') {
      item.comment_count = Number(row.reply_count);
      item.replies = ((thread as CompactReply[] | undefined) ?? []).map((reply) =>
        expandReply(reply, item, isRead),
      );
      item.media_comment_sentiment = stats
        ? {
            negative_percentage: percentage(stats.negative, stats.comments),
            neutral_percentage: percentage(stats.neutral, stats.comments),
            positive_percentage: percentage(stats.positive, stats.comments),
          }
        : null;
      item.video_pinned_comment_id = stats?.pinnedCommentId ?? null;
    } else if (Array.isArray(thread)) {
      item.messages = (thread as CompactMessage[]).map((message, index) => expandMessage(message, id, index));
    }
    if (options.searchTokens && options.searchTokens.length > 0) {
      item.search_result_snippet = snippetOf(textsOf(item), options.searchTokens);
    }
    out.push(item);
  }
  return out;
}
