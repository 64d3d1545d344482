import { formatWhole } from '../number-format.ts';

/**
 * Counts in words: "1 reply", "2 replies". The app's words are English, so English plural rules
 * pick the form, whatever language the computer runs in; the number itself is written the
 * computer's way ("1,200 rows").
 */
const rules = new Intl.PluralRules('en');

/** The form of a word that goes with `count`: `plural(1, 'reply', 'replies')` is "reply". */
export function plural(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}

/** A count and its word: `countLabel(1200, 'row', 'rows')` is "1,200 rows". */
export function countLabel(count: number, one: string, other: string): string {
  return `${formatWhole(count)} ${plural(count, one, other)}`;
}
