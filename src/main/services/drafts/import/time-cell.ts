import { Temporal } from 'temporal-polyfill';

/**
 * The time column: an ISO 8601 date-time with its zone (`2026-12-01T09:00:00Z`,
 * `2026-12-01T10:00+01:00`), or a local date and time (`2026-12-01 09:00`) read in the person's
 * zone, as a spreadsheet writes it. Answers the instant in ISO (UTC), or null when the cell says
 * neither. Temporal rather than Date: Date reads a zoneless time in the process's zone, which in
 * the browser shell need not be the person's.
 */
export function instantOf(cell: string, timeZone: string): string | null {
  const value = cell.trim().replace(/^(\d{4}-\d{2}-\d{2})[ ](\d)/, '$1T$2');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  try {
    if (value.includes('[')) return Temporal.ZonedDateTime.from(value).toInstant().toString();
    if (/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value)) return Temporal.Instant.from(value).toString();
    return Temporal.PlainDateTime.from(value, { overflow: 'reject' })
      .toZonedDateTime(timeZone, { disambiguation: 'compatible' })
      .toInstant()
      .toString();
  } catch {
    return null;
  }
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(timeZone);
    return true;
  } catch {
    return false;
  }
}
