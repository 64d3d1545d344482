import { countLabel } from '../../../lib/labels/index.ts';

/**
 * An average response time in words a person reads at a glance: the two largest units, rounded
 * down ("2 hours 5 minutes", "3 days 4 hours"), "under a minute" below that.
 */
const units = [
  { seconds: 86_400, one: 'day', other: 'days' },
  { seconds: 3_600, one: 'hour', other: 'hours' },
  { seconds: 60, one: 'minute', other: 'minutes' },
] as const;

export function responseTimeInWords(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return 'unknown';
  if (seconds < 60) return 'under a minute';
  const parts: string[] = [];
  let rest = Math.floor(seconds);
  for (const unit of units) {
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0) parts.push(countLabel(count, unit.one, unit.other));
    else if (parts.length > 0) break; // "1 day" rather than "1 day 0 hours 5 minutes"
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}
