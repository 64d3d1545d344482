import { toCallError } from '../../lib/call-error.ts';

/** Where and how times are said; the person's own locale and time zone unless a test names one. */
export interface TimeWords {
  locale?: string;
  timeZone?: string;
}

/** The calendar day of `at` in the time zone, as a number of days (for "today", "tomorrow"). */
function dayNumber(at: Date, { timeZone }: TimeWords): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/**
 * An instant as a person says it from `now`: "12:48 today", "09:00 tomorrow", "09:00 on Fri, 27
 * Nov", in their time zone and their way of writing hours.
 */
export function timeFromNow(iso: string, now: Date, words: TimeWords = {}): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat(words.locale, {
    timeZone: words.timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  const days = dayNumber(at, words) - dayNumber(now, words);
  if (days === 0) return `${time} today`;
  if (days === 1) return `${time} tomorrow`;
  if (days === -1) return `${time} yesterday`;
  const day = new Intl.DateTimeFormat(words.locale, {
    timeZone: words.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(at);
  return `${time} on ${day}`;
}

/**
 * Why a move was refused, in a sentence. A publish time that has passed says the earliest time
 * to pick, in the person's time zone (main hands over the service's instant as a rule); other
 * refusals of the time give the service's words, and anything else the error's message.
 */
export function moveRefusal(error: unknown, now: Date = new Date(), words: TimeWords = {}): string {
  const failure = toCallError(error);
  const after = failure.fieldRules.find((rule) => rule.field === 'timestamp' && rule.rule === 'after');
  if (after) return `The post stays where it was. Pick a time after ${timeFromNow(after.bound, now, words)}.`;
  const atTime = failure.fieldErrors.timestamp?.[0];
  return atTime
    ? `The post stays where it was: ${atTime}`
    : `The post stays where it was. ${failure.message}`;
}
