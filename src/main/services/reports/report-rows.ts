/**
 * Report data as rows. The interface does not show the shape of `data`; the service (and the
 * sandbox) answer an array of flat objects, one per row, so that is what the app reads, and
 * anything else is left for the caller to show as it came.
 */
export type ReportRow = Record<string, unknown>;

/** The rows of `data` when it is an array of objects; undefined for any other shape. */
export function reportRows(data: unknown): ReportRow[] | undefined {
  if (!Array.isArray(data)) return undefined;
  return data.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))
    ? (data as ReportRow[])
    : undefined;
}

/** Every key of the rows, in the order first seen: the columns of a table or a CSV. */
export function columnsOf(rows: readonly ReportRow[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}
