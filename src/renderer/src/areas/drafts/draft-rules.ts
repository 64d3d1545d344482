import { fieldErrorsFromZod, type DraftFields } from '../../../../shared/contract/index.ts';
import {
  limitProblems,
  MAX_DUPLICATE_TO_BRAND_IDS,
  scheduledPostSchemas,
  withLimitProblems,
  type SchedulerChannel,
} from '../../../../shared/domain/index.ts';

/**
 * What a draft's fields mean before they reach the service: the shared schemas' verdict on the
 * body its sync would send, with the networks' limits (shared/domain/post-limits.ts, which main
 * applies too) in their words, so the composer shows as you type what the outbox would refuse.
 */

// The thread's parts and numbering are the limits' own: read from there, never restated.
export { numberingOf, threadParts, tweetLength } from '../../../../shared/domain/index.ts';

export type FieldErrors = Record<string, string[]>;

export interface DraftTarget {
  channel: SchedulerChannel;
  brandId: number;
  /** Null for a post the draft will create. */
  postId: number | null;
  draftId: string;
}

/** The shared schema's errors for the fields, keyed by path (`text`, `replies.1.text`), limits first. */
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
  return withLimitProblems(plain, limitProblems(target.channel, fields));
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
