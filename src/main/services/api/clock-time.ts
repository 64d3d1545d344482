/**
 * A local time of day as a person reads it on their clock (14:32:05, or 2:32:05 PM where that is
 * the custom). Main runs on the person's machine, so its time zone and locale are theirs. Seconds
 * included: the service's windows last a minute, so "until 14:32" could mean almost a minute off.
 */
export function localClockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}
