import twitterText from 'twitter-text';
import { fieldErrorsFromZod, type DraftFields } from '../../../../shared/contract/index.ts';
import {
  LINKEDIN_TEXT_MAX,
  MAX_DUPLICATE_TO_BRAND_IDS,
  scheduledPostSchemas,
  THREADS_TEXT_MAX,
  TWITTER_TEXT_MAX,
  type SchedulerChannel,
} from '../../../../shared/domain/index.ts';
import { channelNames, countLabel } from '../../lib/labels/index.ts';

/**
 * What a draft's fields mean before they reach the service: the shared schemas' verdict on the
 * body its sync would send (so the composer shows as you type what the outbox would refuse), X's
 * weighted length of a tweet, and the numbering of a thread.
 */

export type FieldErrors = Record<string, string[]>;

export interface DraftTarget {
  channel: SchedulerChannel;
  brandId: number;
  /** Null for a post the draft will create. */
  postId: number | null;
  draftId: string;
}

/** The shared schema's errors for the fields, keyed by path (`text`, `replies.1.text`). */
export function schemaErrors(target: DraftTarget, fields: DraftFields): FieldErrors {
  const schemas = scheduledPostSchemas[target.channel];
  const result =
    target.postId === null
      ? schemas.create.safeParse({ ...fields, brand_id: target.brandId, source_id: target.draftId })
      : schemas.update.safeParse(fields);
  const errors = result.success ? {} : fieldErrorsFromZod(result.error);
  const plain = Object.fromEntries(
    Object.entries(errors).map(([path, messages]) => [path, messages.map(inPlainWords)]),
  );
  return { ...plain, ...twitterErrors(target.channel, fields) };
}

/** zod's default messages, said the way the rest of the app speaks. */
function inPlainWords(message: string): string {
  if (/^Too small: expected string to have >=1 characters?$/.test(message)) return 'Fill this in.';
  if (/expected number, received (null|NaN|undefined)/.test(message)) return 'Enter a number.';
  if (/^Too small: expected number to be >=0$/.test(message)) return 'Must be 0 or more.';
  if (/expected int/.test(message)) return 'Must be a whole number.';
  if (/^Unrecognized key/.test(message)) return 'This channel does not take this field.';
  if (/^Too big: expected string to have <=(\d+) characters?$/.test(message)) {
    return `Must be at most ${/<=(\d+)/.exec(message)![1]} characters.`;
  }
  return message;
}

/** X counts characters by weight (a URL is 23, most emoji 2): over 280 is refused at publish. */
function twitterErrors(channel: SchedulerChannel, fields: DraftFields): FieldErrors {
  if (channel !== 'twitter') return {};
  const errors: FieldErrors = {};
  const parts = threadParts(fields);
  parts.forEach((text, index) => {
    const length = tweetLength(text, numberingOf(fields, index, parts.length));
    if (length > TWITTER_TEXT_MAX) {
      errors[index === 0 ? 'text' : `replies.${index - 1}.text`] = [
        `${channelNames.twitter} counts this as ${countLabel(length, 'character', 'characters')}: at most ${TWITTER_TEXT_MAX}.`,
      ];
    }
  });
  return errors;
}

/** The post's text followed by each reply's: the parts of a thread in order. */
export function threadParts(fields: DraftFields): string[] {
  const replies = Array.isArray(fields.replies) ? (fields.replies as Array<{ text?: unknown }>) : [];
  return [fields.text, ...replies.map((reply) => reply?.text)].map((t) => (typeof t === 'string' ? t : ''));
}

/** " 1/3" after each part when auto numbering is on and there is more than one part. */
export function numberingOf(fields: DraftFields, index: number, count: number): string {
  return fields.auto_numbering_enabled === true && count > 1 ? ` ${index + 1}/${count}` : '';
}

/** X's weighted length of a part as it will be posted (with its numbering). */
export function tweetLength(text: string, numbering = ''): number {
  return twitterText.parseTweet(`${text}${numbering}`).weightedLength;
}

/** The text limit a channel's counter shows; undefined where the channel has no text field. */
export const textLimits: Partial<Record<SchedulerChannel, number>> = {
  threads: THREADS_TEXT_MAX,
  twitter: TWITTER_TEXT_MAX,
  linkedin: LINKEDIN_TEXT_MAX,
};

export const maxDuplicateBrands = MAX_DUPLICATE_TO_BRAND_IDS;

/** The value at a path such as `replies.1.text`. */
export function valueAt(fields: unknown, path: string): unknown {
  let value = fields;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A field's value as an input shows it: '' for anything not a string. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
