import type { BrandUserReply, ConversationMessage, TiktokCommentReply } from './community.ts';

/**
 * Who is waiting for an answer, written once for every place that asks (the row's label, the
 * Needs reply filter and its order, the overview's queue).
 *
 * An interaction is read as a timeline of messages, each the person's or the brand's:
 * - a conversation: its `messages`, `is_from_brand` telling whose;
 * - a TikTok comment: the comment itself, then its `replies`, `is_owned` marking the brand's own
 *   (a reply by anyone else on the thread is someone the brand has not answered yet);
 * - any other type (a comment, a mention): the interaction itself, at its `created_at`.
 * `brand_user_reply` is always a brand message at its `created_at`. In the sandbox's seed (and
 * as the interface shows it, one object per interaction) it is the brand's *first* reply, not its
 * latest: so it answers a lone comment, but in a thread the messages themselves say whether the
 * person wrote again after it. A brand reply without a date still says the brand answered: it is
 * read as after every message (we cannot tell when, and showing someone as waiting when the
 * brand has replied would send a second answer).
 *
 * The person waits from their **first** message after the brand's last one, not from their
 * latest: a nudge ("any news?") does not restart the wait they feel, and the service's average
 * response time shown beside the queue counts from the first unanswered message too. With no
 * message of theirs after the brand's last one, nobody waits.
 */

export interface WaitingShape {
  type: string;
  created_at?: string | null;
  brand_user_reply?: Pick<BrandUserReply, 'created_at'> | null;
  messages?: readonly Pick<ConversationMessage, 'is_from_brand' | 'created_at'>[] | null;
  is_owned?: boolean | null;
  replies?: readonly Pick<TiktokCommentReply, 'is_owned' | 'created_at'>[] | null;
}

interface Turn {
  at: number;
  fromBrand: boolean;
}

const timeOf = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

function turnsOf(item: WaitingShape): Turn[] {
  const turns: Turn[] = [];
  const push = (iso: string | null | undefined, fromBrand: boolean) => {
    const at = timeOf(iso);
    // An undated message cannot be placed: it neither starts nor ends a wait.
    if (at !== null) turns.push({ at, fromBrand });
  };
  if (Array.isArray(item.messages) && item.messages.length > 0) {
    for (const message of item.messages) push(message.created_at, message.is_from_brand === true);
  } else {
    push(item.created_at, item.type === 'TIKTOK_COMMENT' && item.is_owned === true);
    if (item.type === 'TIKTOK_COMMENT')
      for (const reply of item.replies ?? []) push(reply.created_at, reply.is_owned === true);
  }
  const reply = item.brand_user_reply;
  if (reply) turns.push({ at: timeOf(reply.created_at) ?? Number.POSITIVE_INFINITY, fromBrand: true });
  // Stable: a brand reply at the very second of a message counts as after it (it answers it).
  return turns.sort((a, b) => a.at - b.at);
}

/** Since when (ms) the person has been waiting for the brand's answer; null when nobody waits. */
export function waitingSince(item: WaitingShape): number | null {
  // A repost says nothing to answer (and the brand never replies to one: the sandbox's seed gives
  // reposts no brand reply): nobody waits on it.
  if (item.type === 'TWITTER_RETWEET') return null;
  const turns = turnsOf(item);
  let since: number | null = null;
  for (const turn of turns) {
    if (turn.fromBrand) since = null;
    else since ??= turn.at;
  }
  return since;
}

/** How long they have waited at `now` (ms, never negative); null when nobody waits. */
export function waitedMs(item: WaitingShape, now: number): number | null {
  const since = waitingSince(item);
  return since === null ? null : Math.max(0, now - since);
}

/** The three colour steps of a wait: below the first threshold a wait is still `fresh`. */
export type WaitingLevel = 'fresh' | 'due' | 'late' | 'overdue';

/** Thresholds in minutes, ascending: at `due` a wait turns amber, then red, then deep red. */
export interface WaitingThresholds {
  dueMinutes: number;
  lateMinutes: number;
  overdueMinutes: number;
}

export const defaultWaitingThresholds: WaitingThresholds = {
  dueMinutes: 60,
  lateMinutes: 4 * 60,
  overdueMinutes: 24 * 60,
};

export function waitingLevel(waited: number, thresholds: WaitingThresholds): WaitingLevel {
  const minutes = waited / 60_000;
  if (minutes >= thresholds.overdueMinutes) return 'overdue';
  if (minutes >= thresholds.lateMinutes) return 'late';
  if (minutes >= thresholds.dueMinutes) return 'due';
  return 'fresh';
}

/** A wait said short, as a row has room for: "Waiting 12 min", "Waiting 3 h", "Waiting 5 d". */
export function waitingWords(waited: number): string {
  const minutes = Math.floor(waited / 60_000);
  if (minutes < 1) return 'Waiting < 1 min';
  if (minutes < 60) return `Waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Waiting ${hours} h`;
  return `Waiting ${Math.floor(hours / 24)} d`;
}
