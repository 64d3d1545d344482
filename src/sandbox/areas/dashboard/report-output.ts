import { Readable } from 'node:stream';
import type { ReportTable } from './report-data.ts';

/**
 * Report answers as streams: rows are serialised in batches as the client reads them, so a
 * million-row report never exists whole in memory (Readable.from pulls only when the socket
 * drains).
 */

const BATCH_ROWS = 100;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvStream(table: ReportTable): Readable {
  const { columns, rows } = table;
  function* lines(): Generator<string> {
    let chunk = `${columns.map(csvCell).join(',')}\r\n`;
    let batched = 0;
    for (const row of rows) {
      chunk += `${columns.map((column) => csvCell(row[column])).join(',')}\r\n`;
      if (++batched === BATCH_ROWS) {
        yield chunk;
        chunk = '';
        batched = 0;
      }
    }
    yield chunk;
  }
  return Readable.from(lines(), { objectMode: false });
}

/** `{"data":[row, ...]}`, streamed the same way. */
export function jsonStream(table: ReportTable): Readable {
  function* parts(): Generator<string> {
    let chunk = '{"data":[';
    let first = true;
    let batched = 0;
    for (const row of table.rows) {
      chunk += (first ? '' : ',') + JSON.stringify(row);
      first = false;
      if (++batched === BATCH_ROWS) {
        yield chunk;
        chunk = '';
        batched = 0;
      }
    }
    yield `${chunk}]}`;
  }
  return Readable.from(parts(), { objectMode: false });
}

/**
 * `attachment; filename="<name>.csv"` as conventions §8 says; a name with non-ASCII letters also
 * gets the RFC 6266 `filename*` form, because a header value must be Latin-1.
 */
export function contentDisposition(name: string): string {
  const file = `${name}.csv`;
  if (/^[\x20-\x7e]*$/.test(file)) return `attachment; filename="${file}"`;
  const fallback = file.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}
