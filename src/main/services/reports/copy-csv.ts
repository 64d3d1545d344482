import { Readable, type Writable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { CsvRecordCounter } from '../csv/record-counter.ts';

export interface CopyProgress {
  bytes: number;
  /** Data rows so far (the header line not counted). */
  rows: number;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Streams the service's CSV answer to `output` as it arrives, counting bytes and rows on the way
 * (nothing is held but the chunk in hand). A UTF-8 answer without a byte order mark gets one, as
 * every CSV the app writes does, so Excel reads it as UTF-8 rather than the local code page.
 */
export async function copyCsv(
  body: ReadableStream<Uint8Array>,
  output: Writable,
  options: { signal: AbortSignal; addBom: boolean; onProgress: (progress: CopyProgress) => void },
): Promise<CopyProgress> {
  const counter = new CsvRecordCounter();
  const progress: CopyProgress = { bytes: 0, rows: 0 };
  async function* counted(source: AsyncIterable<Buffer>) {
    let head: Buffer | undefined = options.addBom ? Buffer.alloc(0) : undefined;
    for await (const chunk of source) {
      let out = chunk;
      if (head) {
        // The first three bytes decide whether a BOM is there already.
        head = Buffer.concat([head, chunk]);
        if (head.length < BOM.length) continue;
        out = head.subarray(0, BOM.length).equals(BOM) ? head : Buffer.concat([BOM, head]);
        head = undefined;
      }
      counter.push(out);
      progress.bytes += out.length;
      progress.rows = counter.rows;
      yield out;
      options.onProgress({ ...progress });
    }
    if (head && head.length > 0) {
      // An answer of one or two bytes.
      const out = Buffer.concat([BOM, head]);
      counter.push(out);
      progress.bytes += out.length;
      progress.rows = counter.rows;
      yield out;
    }
  }
  // Readable.fromWeb hands the bytes on without copying them; aborting `signal` cancels the body,
  // which closes the connection and so stops the service producing the rest.
  await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), counted, output, {
    signal: options.signal,
  });
  return progress;
}
