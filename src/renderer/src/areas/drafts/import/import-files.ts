import type { ImportRefusedRow } from '../../../../../shared/contract/index.ts';
import type { TimeWords } from '../../../lib/time-words.ts';
import { problemWords } from './import-problem-words.ts';

/** The columns of an import file, as its header names them. */
export const IMPORT_HEADER = ['channel', 'brand', 'time', 'text', 'link', 'media ids'] as const;

/** A cell as CSV writes it: quoted when it holds a separator, a quote or a line break. */
function cell(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** "2026-12-01 09:00": how a spreadsheet writes a local date and time. */
function localStamp(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The template: the header row, and one example post for tomorrow at 09:00 local time. */
export function templateCsv(brandId: number, now: Date): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return csv([
    [...IMPORT_HEADER],
    [
      'Threads',
      String(brandId),
      localStamp(tomorrow),
      'Our winter collection is here, in six colours.',
      'https://example.com/winter',
      '',
    ],
  ]);
}

/** The refused rows as a file to fix: their line, their reasons, then their cells as read. */
export function refusedCsv(rows: readonly ImportRefusedRow[], now: Date, words: TimeWords = {}): string {
  const columns = ['channel', 'brand', 'time', 'text', 'link', 'media_ids'];
  return csv([
    ['line', 'reasons', ...IMPORT_HEADER],
    ...rows.map((row) => [
      String(row.line),
      row.problems.map((problem) => problemWords(problem, now, words)).join(' '),
      ...columns.map((column) => row.cells[column] ?? ''),
    ]),
  ]);
}

/** Offers `text` as a file download (the browser's, or Electron's save dialog for downloads). */
export function offerDownload(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Kept a little while: a download still starting reads it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
