import twitterText from 'twitter-text';
import type { SchedulerChannel } from './enums.ts';
import { replyTextLimits } from './replies.ts';
import { LINKEDIN_TEXT_MAX, THREADS_TEXT_MAX, TWITTER_TEXT_MAX } from './scheduled-posts.ts';

/**
 * The networks' limits on a post's text, written once: the composer's counters show them as you
 * type, and main refuses to send a draft past them, in the same words. The interface bounds only
 * Threads, LinkedIn and X text (the schemas hold those); Instagram's bounds are the network's own,
 * so they live here and not in the request schemas the sandbox enforces.
 */

/** Instagram's caption: 2,200 characters, 30 hashtags, 20 @mentions. */
export const INSTAGRAM_CAPTION_MAX = 2_200;
export const INSTAGRAM_HASHTAGS_MAX = 30;
export const INSTAGRAM_MENTIONS_MAX = 20;
/** The first comment is a comment: the same length as a reply to one, and 30 hashtags. */
export const INSTAGRAM_FIRST_COMMENT_MAX = replyTextLimits.INSTAGRAM;

export type LimitUnit = 'character' | 'hashtag' | 'mention';

/** One counter: what a field of the post holds of one thing, against the network's bound. */
export interface LimitCount {
  /** The field, as the contract's field errors name it: `caption`, `replies.0.text`. */
  path: string;
  unit: LimitUnit;
  count: number;
  max: number;
  /** Counted as X counts (a link is 23, most emoji 2), with the part's numbering. */
  weighted: boolean;
}

/** The fields a draft holds, as the limits read them. */
type Fields = Readonly<Record<string, unknown>>;

/** The post's text followed by each reply's: the parts of an X thread in order. */
export function threadParts(fields: Fields): string[] {
  const replies = Array.isArray(fields.replies) ? (fields.replies as Array<{ text?: unknown }>) : [];
  return [fields.text, ...replies.map((reply) => reply?.text)].map((t) => (typeof t === 'string' ? t : ''));
}

/** " 1/3" after each part when auto numbering is on and there is more than one part. */
export function numberingOf(fields: Fields, index: number, count: number): string {
  return fields.auto_numbering_enabled === true && count > 1 ? ` ${index + 1}/${count}` : '';
}

/**
 * The last few answers of a count over a text. The composer counts each text twice a keystroke
 * (its checks, then its counters), on captions of up to 2,200 characters: the second is free.
 */
function remembered<T>(count: (text: string) => T, size = 16): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    if (answers.has(text)) return answers.get(text)!;
    const answer = count(text);
    if (answers.size >= size) answers.delete(answers.keys().next().value!);
    answers.set(text, answer);
    return answer;
  };
}

const weightedLength = remembered((text) => twitterText.parseTweet(text).weightedLength);
const hashtagCount = remembered((text) => twitterText.extractHashtags(text).length);
const mentionCount = remembered((text) => twitterText.extractMentions(text).length);

/** X's weighted length of a part as it will be posted (with its numbering). */
export function tweetLength(text: string, numbering = ''): number {
  return weightedLength(`${text}${numbering}`);
}

/** The path of part `index` of a thread: the post's text, then each reply's. */
export function threadPartPath(index: number): string {
  return index === 0 ? 'text' : `replies.${index - 1}.text`;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Characters as people count them: an emoji is one. */
const characters = (text: string): number => [...text].length;

function counts(path: string, text: string, bounds: Partial<Record<LimitUnit, number>>): LimitCount[] {
  const found: LimitCount[] = [];
  const of = (unit: LimitUnit, count: number, max: number) =>
    found.push({ path, unit, count, max, weighted: false });
  if (bounds.character !== undefined) of('character', characters(text), bounds.character);
  if (bounds.hashtag !== undefined) of('hashtag', hashtagCount(text), bounds.hashtag);
  if (bounds.mention !== undefined) of('mention', mentionCount(text), bounds.mention);
  return found;
}

/**
 * Every counter of a post of this channel, over and under alike, in the order the fields show.
 * Threads and LinkedIn count UTF-16 units, as the interface's schemas do, so a counter never
 * says "fits" of a text the service refuses.
 */
export function limitCounts(channel: SchedulerChannel, fields: Fields): LimitCount[] {
  switch (channel) {
    case 'threads':
    case 'linkedin': {
      const max = channel === 'threads' ? THREADS_TEXT_MAX : LINKEDIN_TEXT_MAX;
      return [{ path: 'text', unit: 'character', count: str(fields.text).length, max, weighted: false }];
    }
    case 'twitter': {
      const parts = threadParts(fields);
      return parts.map((text, index) => ({
        path: threadPartPath(index),
        unit: 'character',
        count: tweetLength(text, numberingOf(fields, index, parts.length)),
        max: TWITTER_TEXT_MAX,
        weighted: true,
      }));
    }
    case 'instagram':
      return [
        ...counts('caption', str(fields.caption), {
          character: INSTAGRAM_CAPTION_MAX,
          hashtag: INSTAGRAM_HASHTAGS_MAX,
          mention: INSTAGRAM_MENTIONS_MAX,
        }),
        ...counts('first_comment', str(fields.first_comment), {
          character: INSTAGRAM_FIRST_COMMENT_MAX,
          hashtag: INSTAGRAM_HASHTAGS_MAX,
        }),
      ];
    case 'snapchat':
      return [];
  }
}

const figure = (n: number) => n.toLocaleString('en-US');
const units = (n: number, unit: LimitUnit) => `${figure(n)} ${unit}${n === 1 ? '' : 's'}`;

/**
 * What is over and by how much, in words: "31 hashtags, 1 more than the 30 allowed."; null
 * within the bound. The counter says it, and main's refusal to send says it the same way.
 */
export function overLimitSentence(limit: LimitCount): string | null {
  if (limit.count <= limit.max) return null;
  const counted = limit.weighted ? ' as X counts them' : '';
  return `${units(limit.count, limit.unit)}${counted}, ${figure(limit.count - limit.max)} more than the ${figure(limit.max)} allowed.`;
}

/** The sentences of every bound the post is past, by field path (empty when none is). */
export function limitProblems(channel: SchedulerChannel, fields: Fields): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const limit of limitCounts(channel, fields)) {
    const sentence = overLimitSentence(limit);
    if (sentence) (problems[limit.path] ??= []).push(sentence);
  }
  return problems;
}

/** The schemas' "at most N characters", which a limit's sentence says better where both apply. */
const schemaLengthMessage = /^Must be at most [\d,]+ characters\.$/;

/**
 * Field errors with the limits' sentences: at a path past a limit they come first, in place of
 * the schemas' own "at most N characters" for it, so a person reads one sentence about one bound.
 */
export function withLimitProblems(
  errors: Readonly<Record<string, string[]>>,
  problems: Readonly<Record<string, string[]>>,
): Record<string, string[]> {
  const merged: Record<string, string[]> = { ...errors };
  for (const [path, sentences] of Object.entries(problems)) {
    const others = (errors[path] ?? []).filter((message) => !schemaLengthMessage.test(message));
    merged[path] = [...sentences, ...others];
  }
  return merged;
}
