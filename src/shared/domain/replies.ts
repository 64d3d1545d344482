import twitterText from 'twitter-text';
import { z } from 'zod';
import { brandUserReplySchema } from './community.ts';
import type { InteractionType } from './enums.ts';

/**
 * The reply extension (conventions §9): `POST /community_interactions/{id}/replies`. Its rules
 * live here once, for the sandbox that enforces them and the app that counts them as you type.
 */

/** Interactions nobody can answer: a retweet has no text to answer, the generic type no network. */
export const unanswerableTypes: readonly InteractionType[] = ['TWITTER_RETWEET', 'COMMUNITY_INTERACTION'];

/** The networks a reply goes out on, each with its own length limit. */
export type ReplyNetwork = 'TIKTOK' | 'INSTAGRAM' | 'FACEBOOK' | 'YOUTUBE' | 'TWITTER';

export const replyTextLimits: Readonly<Record<ReplyNetwork, number>> = {
  TIKTOK: 150,
  INSTAGRAM: 2_200,
  FACEBOOK: 8_000,
  YOUTUBE: 10_000,
  TWITTER: 280,
};

/** The network an interaction of this type is answered on; null when it cannot be answered. */
export function replyNetworkOf(type: string): ReplyNetwork | null {
  if ((unanswerableTypes as readonly string[]).includes(type)) return null;
  const network = type.split('_')[0] as ReplyNetwork;
  return network in replyTextLimits ? network : null;
}

/**
 * A reply's length as its network counts it: X by twitter-text's weighted length (a link is 23,
 * most emoji 2), the others by user-perceived characters (an emoji is one, as people count).
 */
export function replyTextLength(network: ReplyNetwork, text: string): number {
  if (network === 'TWITTER') return twitterText.parseTweet(text).weightedLength;
  return [...text].length;
}

/** Why a reply's text cannot go out on this network, in plain words; null when it can. */
export function replyTextProblem(network: ReplyNetwork, text: string): string | null {
  if (text.length === 0) return 'Write at least one character.';
  const limit = replyTextLimits[network];
  const length = replyTextLength(network, text);
  if (length > limit) {
    const counted = network === 'TWITTER' ? ' as X counts them' : '';
    return `At most ${limit.toLocaleString('en-US')} characters${counted}; this reply has ${length.toLocaleString('en-US')}.`;
  }
  return null;
}

export const replyCreateSchema = z.strictObject({
  text: z.string(),
  user_id: z.number().int().min(0).optional(),
});
export type ReplyCreate = z.infer<typeof replyCreateSchema>;

/** The answer's `data`: a brand user reply (interface.md) plus its text. */
export const replySchema = brandUserReplySchema.extend({ text: z.string() });
export type Reply = z.infer<typeof replySchema>;
export const replyResponseSchema = z.looseObject({ data: replySchema });
