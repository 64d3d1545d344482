import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { writeCsv } from '../../../../src/main/services/csv/csv-writer.ts';
import { CsvRecordCounter } from '../../../../src/main/services/csv/record-counter.ts';
import { seededRandom } from '../../../../src/sandbox/random.ts';

function countInChunks(bytes: Buffer, random: () => number): CsvRecordCounter {
  const counter = new CsvRecordCounter();
  let at = 0;
  while (at < bytes.length) {
    const size = 1 + Math.floor(random() * 40);
    counter.push(bytes.subarray(at, at + size));
    at += size;
  }
  return counter;
}

describe('CsvRecordCounter', () => {
  it('counts the records a strict parser finds, quoted line breaks and quotes included, whatever the chunking', async () => {
    const pieces = ['a', '"', '""', '\n', '\r\n', ',', 'é', ' '];
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
      await writeCsv(rows, output, {
        columns: [
          { key: 'x', header: 'x' },
          { key: 'y', header: 'y' },
        ],
      });
      const bytes = Buffer.concat(chunks);
      const records = (parse(bytes, { bom: true }) as string[][]).length;
      const counter = countInChunks(bytes, random);
      expect(counter.records, `seed ${seed}`).toBe(records);
      expect(counter.rows, `seed ${seed}`).toBe(rows.length);
    }
  });

  it('counts a last record that has no line break, and nothing for no bytes', () => {
    const counter = new CsvRecordCounter();
    expect(counter.rows).toBe(0);
    counter.push(Buffer.from('a,b\r\n1,2\r\n3,"x\ny"'));
    expect(counter.records).toBe(3);
    expect(counter.rows).toBe(2);
  });
});
