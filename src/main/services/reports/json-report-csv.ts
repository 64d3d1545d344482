import type { Writable } from 'node:stream';
import { ApiError } from '../api/api-error.ts';
import { writeCsv, type CsvWriteResult } from '../csv/csv-writer.ts';
import { columnsOf, reportRows } from './report-rows.ts';

/**
 * Report data read as JSON (`{data: [row, ...]}`) written as CSV, through the app's one CSV
 * writer (formula guard, BOM, RFC 4180): for a service that answers a CSV request with JSON.
 * Columns are every key of the rows, in the order first seen, headed by the key itself.
 */
export async function writeReportJsonAsCsv(
  answer: unknown,
  output: Writable,
  options: { signal: AbortSignal; onProgress: (progress: CsvWriteResult) => void },
): Promise<CsvWriteResult> {
  const data =
    typeof answer === 'object' && answer !== null ? (answer as { data?: unknown }).data : undefined;
  const rows = reportRows(data) ?? (typeof data === 'object' && data !== null ? [data as object] : undefined);
  if (!rows) {
    throw new ApiError({
      kind: 'http',
      operation: 'reports.downloadCsv',
      status: 502,
      message: 'The service answered with report data that is no list of rows, so it cannot be saved as CSV.',
    });
  }
  const columns = columnsOf(rows as Record<string, unknown>[]).map((key) => ({ key, header: key }));
  return writeCsv(rows as Record<string, unknown>[], output, { columns, ...options });
}
