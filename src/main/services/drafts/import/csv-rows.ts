import { parse } from 'csv-parse/sync';
import { ContractCallError, IMPORT_ROWS_MAX } from '../../../../shared/contract/index.ts';

/**
 * A CSV file of posts read into rows: the header names the columns (in any order, any case,
 * "media ids", "media_ids" or "media" alike), and each row keeps the line it starts on, so a
 * refusal can say where to look. The separator is the header's own (a comma, or the semicolon
 * or tab a spreadsheet in many languages writes).
 */

export const importColumns = ['channel', 'brand', 'time', 'text', 'link', 'media_ids'] as const;
export type ImportColumn = (typeof importColumns)[number];

/** The names a header may give each column, once lower-cased with spaces and dashes as `_`. */
const aliases: Record<string, ImportColumn> = {
  channel: 'channel',
  network: 'channel',
  brand: 'brand',
  brand_id: 'brand',
  time: 'time',
  date: 'time',
  timestamp: 'time',
  publish_time: 'time',
  text: 'text',
  caption: 'text',
  link: 'link',
  url: 'link',
  media_ids: 'media_ids',
  media_id: 'media_ids',
  media: 'media_ids',
};

/** The columns a file must have; text, link and media ids may be left out. */
const requiredColumns: readonly ImportColumn[] = ['channel', 'brand', 'time'];

export interface CsvRow {
  /** The line the row starts on (the header is line 1). */
  line: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** Cells beyond the header's columns. */
  extraCells: number;
}

/** A file that cannot be read as posts at all, in plain words (through dispatch). */
export function fileRefusal(message: string): ContractCallError {
  return new ContractCallError({ code: 'invalid_input', message, fieldErrors: {} });
}

export function readCsvRows(text: string): CsvRow[] {
  const delimiter = separatorOf(text);
  let records: Array<{ record: string[]; info: { lines: number }; raw: string }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records; // with info and raw, each record comes with both
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw fileRefusal(
      `This file cannot be read as CSV${line ? ` (near line ${line})` : ''}: check that every quote is closed.`,
    );
  }
  const [header, ...body] = records;
  if (!header) throw fileRefusal('This file is empty: it needs a header row and one row per post.');
  const columns = header.record.map((name) => aliases[name.toLowerCase().replace(/[\s-]+/g, '_')]);
  const missing = requiredColumns.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw fileRefusal(
      `The header row has no ${listed(missing)} column: ` +
        `the first row must name the columns (${importColumns.join(', ').replace('media_ids', 'media ids')}).`,
    );
  }
  if (body.length > IMPORT_ROWS_MAX) {
    throw fileRefusal(
      `This file has ${body.length} rows; one import takes at most ${IMPORT_ROWS_MAX}: split it in parts.`,
    );
  }
  return body.map(({ record, info, raw }) => {
    const cells: CsvRow['cells'] = {};
    record.forEach((value, index) => {
      const column = columns[index];
      if (column && cells[column] === undefined) cells[column] = value;
    });
    return {
      line: startLine(info.lines, raw),
      cells,
      extraCells: Math.max(0, record.length - columns.length),
    };
  });
}

/** "a", "a or b", "a, b or c". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The header line's most frequent separator among comma, semicolon and tab. */
function separatorOf(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((separator) => [separator, firstLine.split(separator).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * csv-parse counts lines up to a record's end; a record's text may span lines (a quoted post
 * with line breaks), and its raw text starts with the blank lines skipped before it.
 */
function startLine(endLine: number, raw: string): number {
  const own = raw.replace(/\r?\n$/, '').replace(/^(\r?\n)+/, '');
  return endLine - (own.match(/\n/g)?.length ?? 0);
}
