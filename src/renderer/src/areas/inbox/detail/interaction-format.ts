import { formatCompact } from '../../../lib/number-format.ts';

/** How the detail pane dates and counts what the service sends (its names: lib/labels). */

const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const short = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "12 Mar, 14:05": compact enough for a comment header; `exactTime` gives the hover text. */
export function shortTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? short.format(date) : '';
}

export function exactTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? exact.format(date) : '';
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 12.3K: counts on a card, where the exact figure matters less than its size. */
export function compactCount(value: number | null | undefined): string {
  return typeof value === 'number' ? formatCompact(value) : '–';
}

/** Two letters for an avatar that could not be loaded. */
export function initialsOf(name: string | null | undefined): string {
  const letters = (name ?? '')
    .replace(/^@/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (!letters) return '?';
  const words = letters.split(/\s+/);
  const first = words[0] ?? '';
  const second = words[1] ?? first.slice(1);
  return `${first.charAt(0)}${second.charAt(0)}`.toUpperCase();
}
