import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { formulaSafe } from './formula-guard.ts';

/** One column of a CSV the app writes: the row's key, and the header shown for it. */
export interface CsvColumn {
  key: string;
  header: string;
}

export type CsvRow = Readonly<Record<string, unknown>>;

export interface CsvWriteOptions {
  /** The columns, in order: given explicitly, never guessed from the first row. */
  columns: readonly CsvColumn[];
  signal?: AbortSignal;
  /** Called after each chunk reaches the output, with the totals so far. */
  onProgress?: (progress: CsvWriteResult) => void;
}

export interface CsvWriteResult {
  /** Data rows written (the header not counted). */
  rows: number;
  /** Bytes written, BOM and header included. */
  bytes: number;
}

/**
 * Writes `rows` as CSV to `output`, one row at a time, and resolves once `output` has finished.
 * The one way the app turns its own data into CSV (report data read as JSON, lists, tables):
 *
 * - RFC 4180: comma, double quotes doubled, CRLF between records; a cell holding a quote, a comma,
 *   CR or LF is quoted.
 * - UTF-8 with a BOM, which Excel needs to read it as UTF-8 rather than the local code page.
 * - Formula injection guarded for text cells (OWASP "CSV injection"), by the app's one rule
 *   (formula-guard.ts): text starting with = + - @, a tab or CR gets a leading apostrophe, so a
 *   spreadsheet shows it instead of running it. Numbers are written as numbers: -12 stays -12.
 * - Streamed: rows are pulled as the output drains, so the CSV is never held whole in memory.
 */
export async function writeCsv(
  rows: Iterable<CsvRow> | AsyncIterable<CsvRow>,
  output: Writable,
  options: CsvWriteOptions,
): Promise<CsvWriteResult> {
  const progress: CsvWriteResult = { rows: 0, bytes: 0 };
  async function* counted(source: AsyncIterable<Buffer | string>) {
    for await (const chunk of source) {
      progress.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      yield chunk;
      options.onProgress?.({ ...progress });
    }
  }
  async function* rowsCounted() {
    for await (const row of rows) {
      progress.rows++;
      yield row;
    }
  }
  await pipeline(Readable.from(rowsCounted()), csvStringifier(options.columns), counted, output, {
    signal: options.signal,
  });
  return progress;
}

/** The csv-stringify transform with the app's rules (see `writeCsv`). */
export function csvStringifier(columns: readonly CsvColumn[]) {
  return stringify({
    columns: columns.map(({ key, header }) => ({ key, header })),
    header: true,
    bom: true,
    delimiter: ',',
    quote: '"',
    escape: '"',
    record_delimiter: '\r\n',
    // With an explicit record delimiter csv-stringify quotes only cells holding that very sequence
    // (CRLF); a lone LF or CR would then end the record early in every reader. This quotes both.
    quote_record_delimiter: true,
    // The guard is the app's own (formula-guard.ts), the one the service's CSV goes through too;
    // each cast says whether its value is a number.
    escape_formulas: false,
    cast: {
      string: (value: string) => formulaSafe(value, false),
      boolean: (value: boolean) => (value ? 'true' : 'false'),
      date: (value: Date) => (Number.isNaN(value.getTime()) ? '' : formulaSafe(value.toISOString(), false)),
      // Infinity and NaN are no spreadsheet number: an empty cell says "no value".
      number: (value: number) => (Number.isFinite(value) ? formulaSafe(String(value), true) : ''),
      bigint: (value: bigint) => formulaSafe(String(value), true),
      object: (value: unknown) => formulaSafe(JSON.stringify(value) ?? '', false),
    },
  });
}
