import type { ImportProblem } from '../../../../../shared/contract/index.ts';
import { channelNames, countLabel } from '../../../lib/labels/index.ts';
import { formatWhole } from '../../../lib/number-format.ts';
import { timeFromNow, type TimeWords } from '../../../lib/time-words.ts';

/** `"value"`, or "nothing" for an empty cell. */
function quoted(value: string): string {
  return value ? `“${value}”` : 'nothing';
}

/** A past time as a person says it: "09:00 today" when recent, with its date and year when not. */
function pastTime(iso: string, now: Date, words: TimeWords): string {
  if (now.getTime() - Date.parse(iso) < 6 * 86_400_000) return timeFromNow(iso, now, words);
  return new Intl.DateTimeFormat(words.locale, {
    timeZone: words.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * Why a row of an import was refused, in a sentence the person can act on: what is wrong with
 * which column, and what would be taken instead.
 */
export function problemWords(problem: ImportProblem, now: Date, words: TimeWords = {}): string {
  switch (problem.kind) {
    case 'unknown_channel':
      return `Channel: ${quoted(problem.value)} is not a channel the app posts to (Threads, Instagram, X, LinkedIn or Snapchat).`;
    case 'unknown_brand':
      return `Brand: ${quoted(problem.value)} is not a brand of this profile (write its number, such as 101, or “Brand 101”).`;
    case 'missing_time':
      return 'Time: the row has none; give the time to post.';
    case 'bad_time':
      return `Time: ${quoted(problem.value)} is not a time the app can read (write 2026-12-01 09:00).`;
    case 'past_time':
      return `Time: ${pastTime(problem.at, now, words)} has already passed.`;
    case 'text_too_long':
      return `Text: ${countLabel(problem.length, 'character', 'characters')} as ${channelNames[problem.channel]} counts them; at most ${formatWhole(problem.max)}.`;
    case 'text_not_taken':
      return `Text: ${channelNames[problem.channel]} posts carry no text; leave the text empty.`;
    case 'link_not_taken':
      return `Link: ${channelNames[problem.channel]} posts cannot carry a link; leave the link empty.`;
    case 'bad_media_id':
      return `Media ids: ${quoted(problem.value)} is not a media id (ids are whole numbers, such as 1024).`;
    case 'nothing_to_post':
      return 'The row has no text, link or media: there is nothing to post.';
    case 'extra_cells':
      return `The row has ${countLabel(problem.count, 'cell', 'cells')} more than the header names: put texts with commas in quotes.`;
    case 'refused':
      return `${problem.field}: ${problem.message}`;
  }
}
