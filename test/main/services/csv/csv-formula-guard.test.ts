import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CsvFormulaGuard } from '../../../../src/main/services/csv/csv-formula-guard.ts';
import { writeCsv } from '../../../../src/main/services/csv/csv-writer.ts';
import { seededRandom } from '../../../../src/sandbox/random.ts';

/** The guard run over `text` cut into the given chunks. */
function guardedBytes(bytes: Buffer, cuts: number[], encoding: 'utf8' | 'latin1' = 'utf8'): Buffer {
  const guard = new CsvFormulaGuard({ encoding });
  const out: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(...guard.push(bytes.subarray(from, cut)));
    from = cut;
  }
  out.push(...guard.end());
  return Buffer.concat(out);
}

const guarded = (text: string) => guardedBytes(Buffer.from(text), []).toString('utf8');

/** The service's CSV as a spreadsheet reads it: records of cells. */
const cellsOf = (bytes: Buffer): string[][] =>
  parse(bytes, { record_delimiter: ['\r\n', '\n'], relax_column_count: true });

const formulaStarts = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
/** What a spreadsheet must see of a cell: guarded when it starts like a formula and is no number. */
const expectedCell = (text: string) =>
  formulaStarts.includes(text[0] ?? '') && !/^-\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text) ? `'${text}` : text;

function randomCell(random: () => number): string {
  const pick = random();
  if (pick < 0.25) return String(Math.round((random() - 0.5) * 1e6) / 100); // -4999.5, 12.25
  if (pick < 0.3) return String((random() - 0.5) * 1e-9); // -1.2e-10
  const special = ['"', ',', '\r\n', '\n', ' ', '\t', '=', '+', '-', '@', "'", 'é', '\uFF1D', '\uFF20', '€'];
  let text = '';
  for (let i = Math.floor(random() * 10); i > 0; i--) {
    text +=
      random() < 0.5
        ? special[Math.floor(random() * special.length)]
        : String.fromCharCode(0x20 + Math.floor(random() * 95));
  }
  if (random() < 0.4) text = formulaStarts[Math.floor(random() * formulaStarts.length)] + text;
  return text;
}

describe('CsvFormulaGuard', () => {
  it('guards the cells of the service CSV that start like a formula, and leaves numbers as numbers', () => {
    const csv =
      'brand_id,metric,value,change,note\r\n' +
      '101,=SUM(1+1),122757,-0.0315,@mention\r\n' +
      '102,"=HYPERLINK(""http://evil.invalid"",""x"")",-12.5,"-3",+1\r\n' +
      '103,-2+3,-1e-7,-,"\tTAB"\r\n' +
      '104,"\rCR",-.5,-1.,\uFF1Dwide\r\n';
    expect(cellsOf(Buffer.from(guarded(csv)))).toEqual([
      ['brand_id', 'metric', 'value', 'change', 'note'],
      ['101', "'=SUM(1+1)", '122757', '-0.0315', "'@mention"],
      ['102', `'=HYPERLINK("http://evil.invalid","x")`, '-12.5', '-3', "'+1"],
      ['103', "'-2+3", '-1e-7', "'-", "'\tTAB"],
      ['104', "'\rCR", '-.5', '-1.', "'\uFF1Dwide"],
    ]);
    // Cells needing nothing are handed on byte for byte.
    const plain = '1,a,-12.5,"x,y"\r\n2,b,3,""\r\n';
    expect(guarded(plain)).toBe(plain);
  });

  it('decides a negative number or a formula alike wherever the chunks are cut', () => {
    const csv = Buffer.from('a,-12.5,"-3"\r\n-,"-1""2",=x\r\n-4,\uFF0Dy,-5');
    const whole = guardedBytes(csv, []).toString('utf8');
    expect(whole).toBe('a,-12.5,"-3"\r\n\'-,"\'-1""2",\'=x\r\n-4,\'\uFF0Dy,-5');
    for (let cut = 1; cut < csv.length; cut++) {
      expect(guardedBytes(csv, [cut]).toString('utf8'), `cut at ${cut}`).toBe(whole);
      expect(guardedBytes(csv, [cut - 1, cut]).toString('utf8'), `1-byte chunk at ${cut}`).toBe(whole);
    }
  });

  it('round-trips fuzzed CSV cut into random chunks, each cell guarded as a spreadsheet needs', () => {
    const random = seededRandom(22);
    for (let round = 0; round < 40; round++) {
      const records = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
        Array.from({ length: 5 }, () => randomCell(random)),
      );
      const csv = Buffer.from(
        stringify(records, {
          record_delimiter: '\r\n',
          quoted_match: /[\r\n]/, // a lone LF or CR quoted too, as the service does
          quoted_string: random() < 0.3,
        }),
      );
      const cuts: number[] = [];
      for (let at = Math.floor(random() * 40); at < csv.length; at += 1 + Math.floor(random() * 40))
        cuts.push(at);
      const out = guardedBytes(csv, cuts);
      expect(cellsOf(out)).toEqual(records.map((record) => record.map(expectedCell)));
    }
  });

  it('holds back no more than a number can be long, however long a cell starting with a minus', () => {
    const guard = new CsvFormulaGuard({ encoding: 'utf8' });
    const handed = guard.push(Buffer.from(`a,-${'9'.repeat(200)}`));
    const held = guard.end();
    expect(Buffer.concat(handed).toString()).toBe(`a,'-${'9'.repeat(200)}`);
    expect(held).toEqual([]);
  });

  it('reads a single-byte charset as such: no full-width sign there', () => {
    // 0xEF 0xBC 0x9D is the full-width = in UTF-8, but "ï¼" and a control byte in Latin-1.
    const csv = Buffer.from([0x61, 0x2c, 0xef, 0xbc, 0x9d, 0x0d, 0x0a]);
    expect(guardedBytes(csv, [], 'latin1')).toEqual(csv);
    expect(guardedBytes(csv, [], 'utf8').toString('utf8')).toBe("a,'\uFF1D\r\n");
  });

  it('counts the records a strict parser finds, quoted line breaks and quotes included, whatever the chunking', async () => {
    const pieces = ['a', '"', '""', '\n', '\r\n', ',', 'é', ' ', '-1', '='];
    for (let seed = 1; seed <= 30; seed++) {
      const random = seededRandom(seed);
      const text = () =>
        Array.from(
          { length: Math.floor(random() * 8) },
          () => pieces[Math.floor(random() * pieces.length)],
        ).join('');
      const rows = Array.from({ length: Math.floor(random() * 40) }, () => ({ x: text(), y: text() }));
      const chunks: Buffer[] = [];
      const output = new PassThrough().on('data', (chunk: Buffer) => chunks.push(chunk));
      const columns = [
        { key: 'x', header: 'x' },
        { key: 'y', header: 'y' },
      ];
      await writeCsv(rows, output, { columns });
      const bytes = Buffer.concat(chunks).subarray(3); // as the service sends it: no BOM
      const records = (parse(bytes) as string[][]).length;
      const guard = new CsvFormulaGuard({ encoding: 'utf8' });
      for (let at = 0; at < bytes.length;) {
        const size = 1 + Math.floor(random() * 40);
        guard.push(bytes.subarray(at, at + size));
        at += size;
      }
      guard.end();
      expect(guard.records, `seed ${seed}`).toBe(records);
      expect(guard.rows, `seed ${seed}`).toBe(rows.length);
    }
  });

  it('counts a last record that has no line break, and nothing for no bytes', () => {
    const guard = new CsvFormulaGuard({ encoding: 'utf8' });
    expect(guard.rows).toBe(0);
    guard.push(Buffer.from('a,b\r\n1,2\r\n3,"x\ny"'));
    expect(guard.records).toBe(3);
    expect(guard.rows).toBe(2);
  });
});
