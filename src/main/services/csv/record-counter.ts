const QUOTE = 0x22;
const LF = 0x0a;

/**
 * Counts the records of RFC 4180 CSV as its bytes stream past, without parsing it: a record ends
 * at a line feed outside quotes. A doubled quote inside a quoted cell flips the state twice, so it
 * cancels out, and a line break inside quotes is part of its cell. Scans with Buffer.indexOf
 * (native), so it keeps up with a disk and a loopback connection.
 */
export class CsvRecordCounter {
  #records = 0;
  #inQuotes = false;
  #lastByte = -1;

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    // The next quote and the next line feed at or after the position reached; each search runs
    // on from where the last one stopped, so a chunk is scanned once.
    let quote = bytes.indexOf(QUOTE);
    let newline = bytes.indexOf(LF);
    for (;;) {
      if (this.#inQuotes) {
        if (quote < 0) break;
        this.#inQuotes = false;
        const at = quote + 1;
        quote = bytes.indexOf(QUOTE, at);
        if (newline >= 0 && newline < at) newline = bytes.indexOf(LF, at);
      } else if (newline >= 0 && (quote < 0 || newline < quote)) {
        this.#records++;
        newline = bytes.indexOf(LF, newline + 1);
      } else if (quote >= 0) {
        this.#inQuotes = true;
        quote = bytes.indexOf(QUOTE, quote + 1);
      } else break;
    }
    this.#lastByte = bytes[bytes.length - 1]!;
  }

  /** Records seen so far, a last one without its line break included. */
  get records(): number {
    return this.#records + (this.#lastByte >= 0 && this.#lastByte !== LF ? 1 : 0);
  }

  /** Data rows: the records after the header line. */
  get rows(): number {
    return Math.max(0, this.records - 1);
  }
}
