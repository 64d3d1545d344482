import { PassThrough, Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { writeCsv, type CsvColumn, type CsvRow } from '../../../../src/main/services/csv/csv-writer.ts';
import { seededRandom } from '../../../../src/sandbox/random.ts';

/** Collects what a writer sends, as bytes. */
function sink() {
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { output, bytes: () => Buffer.concat(chunks) };
}

async function csvOf(rows: CsvRow[], columns: CsvColumn[]) {
  const { output, bytes } = sink();
  const result = await writeCsv(rows, output, { columns });
  return { result, bytes: bytes() };
}

/**
 * The strictest csv-parse: no relaxed quotes or column counts, the BOM taken off, and any line
 * break outside quotes ending a record, as spreadsheets read it (a bare LF in a cell must be quoted).
 */
function strictParse(bytes: Buffer): string[][] {
  return parse(bytes, {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: false,
    relax_column_count: false,
    skip_empty_lines: false,
    trim: false,
  });
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const formulaStarts = ['=', '+', '-', '@', '\t', '\r'];
// Apple Numbers reads the full-width forms as formula characters too; csv-stringify guards them.
const fullWidthStarts = ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];

/** A cell a spreadsheet could take for a formula, as the writer must guard it. */
const guarded = (text: string) =>
  [...formulaStarts, ...fullWidthStarts].includes(text[0] ?? '') ? `'${text}` : text;

/** Random text mixing the characters CSV cares about with any Unicode scalar value. */
function randomText(random: () => number): string {
  const special = ['"', ',', '\r', '\n', '\r\n', ' ', '\t', '=', '+', '-', '@', "'", '""', ';'];
  const length = Math.floor(random() * 12);
  let text = '';
  for (let i = 0; i < length; i++) {
    const pick = random();
    if (pick < 0.4) text += special[Math.floor(random() * special.length)];
    else if (pick < 0.6) text += String.fromCharCode(0x20 + Math.floor(random() * 95));
    else {
      // Any scalar value: the BMP without the surrogate range, or an astral plane character.
      let code = Math.floor(random() * 0x10ffff);
      if (code >= 0xd800 && code <= 0xdfff) code -= 0x800;
      text += String.fromCodePoint(code);
    }
  }
  if (random() < 0.3) text = formulaStarts[Math.floor(random() * formulaStarts.length)] + text;
  return text;
}

describe('writeCsv', () => {
  it('round-trips fuzzed text cells through a strict parser, guarding formula starts', async () => {
    const columns: CsvColumn[] = [
      { key: 'a', header: 'a' },
      { key: 'b', header: 'b, "quoted"' },
      { key: 'c', header: 'c' },
    ];
    for (let seed = 1; seed <= 40; seed++) {
      const random = seededRandom(seed);
      const rows = Array.from({ length: 50 }, () => ({
        a: randomText(random),
        b: randomText(random),
        c: randomText(random),
      }));
      const { bytes, result } = await csvOf(rows, columns);
      const records = strictParse(bytes);
      expect(records[0], `seed ${seed}`).toEqual(['a', 'b, "quoted"', 'c']);
      expect(records.slice(1), `seed ${seed}`).toEqual(
        rows.map((row) => [guarded(row.a), guarded(row.b), guarded(row.c)]),
      );
      expect(result).toEqual({ rows: 50, bytes: bytes.length });
    }
  });

  it('guards text that starts like a formula and leaves numbers as numbers', async () => {
    const rows = [
      { text: '=HYPERLINK("http://evil.invalid","x")', n: -12 },
      { text: '+1', n: -0.5 },
      { text: '-1', n: 3 },
      { text: '@SUM(A1)', n: -1e21 },
      { text: '\tpadded', n: 0 },
      { text: 'plain', n: 12.25 },
    ];
    const { bytes } = await csvOf(rows, [
      { key: 'text', header: 'text' },
      { key: 'n', header: 'n' },
    ]);
    const records = strictParse(bytes).slice(1);
    expect(records.map((r) => r[0])).toEqual([
      `'=HYPERLINK("http://evil.invalid","x")`,
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tpadded",
      'plain',
    ]);
    expect(records.map((r) => r[1])).toEqual(['-12', '-0.5', '3', '-1e+21', '0', '12.25']);
    // The raw text too: a negative number is written bare, never quoted nor prefixed.
    expect(bytes.toString('utf8')).toContain("\r\n'+1,-0.5\r\n");
  });

  it('starts with a UTF-8 BOM, writes the header of the given columns, and ends records with CRLF', async () => {
    const { bytes } = await csvOf(
      [{ name: 'Zoë', count: 2, extra: 'not a column' }],
      [
        { key: 'name', header: 'Name' },
        { key: 'count', header: 'Count' },
      ],
    );
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    expect(bytes.subarray(3).toString('utf8')).toBe('Name,Count\r\nZoë,2\r\n');
  });

  it('writes empty values, booleans, dates and objects in a form a spreadsheet reads', async () => {
    const { bytes } = await csvOf(
      [
        {
          none: null,
          missing: undefined,
          yes: true,
          when: new Date('2026-01-02T03:04:05Z'),
          series: [{ date: '2026-01-01', value: 3 }],
          nan: Number.NaN,
        },
      ],
      ['none', 'missing', 'yes', 'when', 'series', 'nan'].map((key) => ({ key, header: key })),
    );
    expect(strictParse(bytes)[1]).toEqual([
      '',
      '',
      'true',
      '2026-01-02T03:04:05.000Z',
      '[{"date":"2026-01-01","value":3}]',
      '',
    ]);
  });

  it('pulls rows only as the output drains, so a large table is never held whole', async () => {
    let produced = 0;
    function* manyRows() {
      for (let i = 0; i < 30_000; i++) {
        produced++;
        yield { i, text: 'x'.repeat(50) };
      }
    }
    // An output that takes the first 10 kB, then holds every write until the test opens it.
    let open = false;
    const held: (() => void)[] = [];
    let firstHeld: () => void = () => {};
    const stalled = new Promise<void>((resolve) => (firstHeld = resolve));
    let written = 0;
    const output = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (open || written < 10_000) return callback();
        held.push(callback);
        firstHeld();
      },
    });
    const done = writeCsv(manyRows(), output, {
      columns: [
        { key: 'i', header: 'i' },
        { key: 'text', header: 'text' },
      ],
    });
    await stalled;
    // Turns of the event loop (not time) for the pipeline to run as far as it can.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(produced).toBeLessThan(5_000);
    open = true;
    for (const callback of held.splice(0)) callback();
    const result = await done;
    expect(result.rows).toBe(30_000);
    expect(produced).toBe(30_000);
  });

  it('stops when its signal aborts, with an AbortError', async () => {
    const controller = new AbortController();
    function* endless() {
      for (let i = 0; ; i++) {
        if (i === 1000) controller.abort();
        yield { i };
      }
    }
    const { output } = sink();
    const failure = await writeCsv(endless(), output, {
      columns: [{ key: 'i', header: 'i' }],
      signal: controller.signal,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });
});
