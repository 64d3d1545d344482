import type { InboxItem } from '../../../shared/contract/index.ts';
import { waitingSince } from '../../../shared/domain/index.ts';

/** An interaction as the mirror's columns (see mirror-schema.ts). */
export interface MirrorRow {
  id: number;
  brand_id: number;
  type: string;
  is_ad: number;
  source_updated_at: number | null;
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
  waiting_since: number | null;
}

type Loose = Record<string, unknown>;

const flag = (value: unknown) => (value === true ? 1 : 0);

/** Epoch ms of a service time; null where it has none (such a row sorts as the oldest). */
export function msOf(iso: unknown): number | null {
  if (typeof iso !== 'string' || iso === '') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The texts a search can match, one document each, in reading order: a conversation's messages,
 * a TikTok comment's replies, any other interaction's own text. The service searches each on its
 * own, so the mirror indexes them apart.
 */
export function documentsOf(item: InboxItem): string[] {
  const loose = item as Loose;
  const texts = (list: unknown) =>
    Array.isArray(list)
      ? (list as Loose[])
          .map((entry) => entry.text)
          .filter((text): text is string => typeof text === 'string')
      : [];
  if (Array.isArray(loose.messages)) return texts(loose.messages);
  const own = typeof loose.text === 'string' ? [loose.text] : [];
  if (item.type === 'TIKTOK_COMMENT') return [...own, ...texts(loose.replies)];
  return own;
}

/** Every text of an interaction in reading order (its own, then messages, then replies), for a snippet. */
export function textsOf(item: InboxItem): string[] {
  const loose = item as Loose;
  const out: string[] = [];
  if (typeof loose.text === 'string') out.push(loose.text);
  for (const list of [loose.messages, loose.replies]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as Loose[]) if (typeof entry.text === 'string') out.push(entry.text);
  }
  return out;
}

export function rowOf(item: InboxItem): MirrorRow {
  const loose = item as Loose;
  const sentiment = (loose.sentiment ?? {}) as Loose;
  const text = typeof loose.text === 'string' ? loose.text : null;
  return {
    id: item.id,
    brand_id: item.brand_id,
    type: item.type,
    is_ad: flag(loose.is_ad_comment),
    source_updated_at: msOf(item.source_updated_at),
    is_read: flag(item.is_read),
    is_archived: flag(item.is_archived),
    is_follow_up: flag(item.is_follow_up),
    is_positive: flag(sentiment.is_positive),
    is_negative: flag(sentiment.is_negative),
    is_neutral: flag(sentiment.is_neutral),
    is_question: flag(sentiment.is_question),
    assignee_id: typeof item.assignee_id === 'number' ? item.assignee_id : null,
    media_id: typeof loose.media_id === 'number' ? loose.media_id : null,
    has_text: text !== null || documentsOf(item).some((document) => document !== '') ? 1 : 0,
    waiting_since: waitingSince(item),
  };
}

/** The ticket ids an interaction carries (the ticket filter matches any of them). */
export function ticketIdsOf(item: InboxItem): string[] {
  const tickets = (item as Loose).tickets;
  if (!Array.isArray(tickets)) return [];
  return (tickets as Loose[])
    .map((ticket) => ticket.source_id)
    .filter((id): id is string => typeof id === 'string');
}
