import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../../../../src/main/services/drafts/import/csv-rows.ts';

describe('a CSV file of posts', () => {
  it('is read by its header, in any order and case, each row with the line it starts on', () => {
    const text =
      '\uFEFFText,Media IDs,Brand,Channel,Time\r\n' +
      '"Two\nlines",1 2,101,threads,2026-12-01 09:00\r\n' +
      '\r\n' +
      'One line,,102,x,2026-12-02 09:00,extra\r\n';
    expect(readCsvRows(text)).toEqual([
      {
        line: 2,
        cells: {
          text: 'Two\nlines',
          media_ids: '1 2',
          brand: '101',
          channel: 'threads',
          time: '2026-12-01 09:00',
        },
        extraCells: 0,
      },
      {
        line: 5,
        cells: { text: 'One line', media_ids: '', brand: '102', channel: 'x', time: '2026-12-02 09:00' },
        extraCells: 1,
      },
    ]);
  });

  it('takes the semicolons a spreadsheet writes in many languages', () => {
    const [row] = readCsvRows('channel;brand;time;text\nthreads;101;2026-12-01 09:00;Hello, world\n');
    expect(row!.cells).toMatchObject({ channel: 'threads', text: 'Hello, world' });
  });

  it('is refused, in plain words, without the columns it needs or when it is not CSV', () => {
    expect(() => readCsvRows('')).toThrow(/empty/);
    expect(() => readCsvRows('channel,text\nthreads,Hi\n')).toThrow(/no brand or time column/);
    expect(() => readCsvRows('channel,brand,time\n"threads,101,2026-12-01\n')).toThrow(
      /every quote is closed/,
    );
  });
});
