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
