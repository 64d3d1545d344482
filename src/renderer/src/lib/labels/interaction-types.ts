import { channelNames, type Network } from './channels.ts';
import { sentenceCase } from './words.ts';

/** What kind of interaction a `type` is, drawn as an icon: a comment, a direct message, … */
export type InteractionKind = 'comment' | 'message' | 'mention' | 'quote' | 'retweet' | 'ad' | 'other';

export interface InteractionTypeInfo {
  /** The network it happened on, or 'other' for the service's own kind of interaction. */
  channel: Network | 'other';
  kind: InteractionKind;
  /** How a person names it: "TikTok comment", "X (Twitter) repost". */
  label: string;
}

const kindWords: Record<InteractionKind, string> = {
  comment: 'comment',
  message: 'message',
  mention: 'mention',
  quote: 'quote',
  retweet: 'repost',
  ad: 'ad comment',
  other: 'interaction',
};

const info = (channel: Network, kind: InteractionKind): InteractionTypeInfo => ({
  channel,
  kind,
  label: `${channelNames[channel]} ${kindWords[kind]}`,
});

/** Every interaction type of the inbox's list and filters, with the two ads-comment kinds. */
const types: Record<string, InteractionTypeInfo> = {
  TIKTOK_COMMENT: info('tiktok', 'comment'),
  INSTAGRAM_COMMENT: info('instagram', 'comment'),
  INSTAGRAM_CONVERSATION: info('instagram', 'message'),
  INSTAGRAM_ADS_COMMENT: info('instagram', 'ad'),
  FACEBOOK_COMMENT: info('facebook', 'comment'),
  FACEBOOK_CONVERSATION: info('facebook', 'message'),
  FACEBOOK_ADS_COMMENT: info('facebook', 'ad'),
  TWITTER_CONVERSATION: info('twitter', 'message'),
  TWITTER_MENTION: info('twitter', 'mention'),
  TWITTER_QUOTE: info('twitter', 'quote'),
  TWITTER_RETWEET: info('twitter', 'retweet'),
  YOUTUBE_COMMENT: info('youtube', 'comment'),
  COMMUNITY_INTERACTION: { channel: 'other', kind: 'other', label: 'Interaction' },
};

/** An interaction's network, kind and name, from its `type` (a type not known here in words). */
export function interactionTypeOf(type: string): InteractionTypeInfo {
  return types[type] ?? { channel: 'other', kind: 'other', label: sentenceCase(type) };
}
