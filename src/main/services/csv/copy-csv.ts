import { Readable, type Writable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { CsvFormulaGuard } from './csv-formula-guard.ts';
import type { CsvWriteResult } from './csv-writer.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Streams the service's CSV answer to `output` as it arrives, through the app's formula guard
 * (a text cell that a spreadsheet would run as a formula is written as text, as in every CSV the
 * app writes), counting bytes and rows on the way (the guard's one pass reads the records too);
 * nothing is held but the chunk in hand. A UTF-8 answer gets a byte order mark when it has none,
 * so Excel reads it as UTF-8 rather than the local code page; `utf8: false` is an answer in
 * another (single-byte) charset, saved without one.
 */
export async function copyCsv(
  body: ReadableStream<Uint8Array>,
  output: Writable,
  options: { signal: AbortSignal; utf8: boolean; onProgress: (progress: CsvWriteResult) => void },
): Promise<CsvWriteResult> {
  const guard = new CsvFormulaGuard({ encoding: options.utf8 ? 'utf8' : 'latin1' });
  const progress: CsvWriteResult = { bytes: 0, rows: 0 };
  /** One write per chunk: the chunk as it came, or joined again around the guards put in. */
  function* counted(pieces: Buffer[]) {
    progress.rows = guard.rows;
    if (pieces.length === 0) return;
    const out = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
    progress.bytes += out.length;
    yield out;
  }
  /** The answer's first bytes, until there are enough to tell whether it starts with a BOM. */
  let head: Buffer | undefined = Buffer.alloc(0);
  function* started(): Generator<Buffer> {
    const text = head!;
    head = undefined;
    const hasBom = text.subarray(0, BOM.length).equals(BOM);
    if (hasBom || options.utf8) yield* counted([BOM]);
    // The guard reads cells, so it starts after the BOM (else the first cell would start with it).
    yield* counted(guard.push(hasBom ? text.subarray(BOM.length) : text));
  }
  async function* guarded(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length < BOM.length) continue;
        yield* started();
      } else {
        yield* counted(guard.push(chunk));
      }
      options.onProgress({ ...progress });
    }
    if (head && head.length > 0) yield* started(); // an answer of one or two bytes
    yield* counted(guard.end());
  }
  // Readable.fromWeb hands the bytes on without copying them; aborting `signal` cancels the body,
  // which closes the connection and so stops the service producing the rest.
  await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), guarded, output, {
    signal: options.signal,
  });
  return progress;
}
