import { FORMULA_GUARD, FORMULA_START_BYTES, isNumberText, needsFormulaGuard } from './formula-guard.ts';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const MINUS = 0x2d;
const WIDE = 0xef;
const GUARD = Buffer.from(FORMULA_GUARD);

/**
 * No number is longer than this: a cell still undecided after this many bytes is no number, so a
 * cell held back across chunks never holds more than this.
 */
const LONGEST_NUMBER = 64;

/** 1: this byte starts a formula at once; 2: it may (a minus before a number, a full-width sign). */
const STARTS = new Uint8Array(256);
for (const byte of FORMULA_START_BYTES) STARTS[byte] = byte === MINUS || byte === WIDE ? 2 : 1;

/** 1 for the bytes that end an unquoted cell's text: a comma, a line break, a quote. */
const ENDS_UNQUOTED = new Uint8Array(256);
for (const byte of [COMMA, LF, CR, QUOTE]) ENDS_UNQUOTED[byte] = 1;

/** Where the scan stands (plain numbers: the loop below runs once per byte of a large export). */
const State = {
  /** Before a cell's first byte, outside quotes. */
  CellStart: 0,
  Unquoted: 1,
  /** Just after a cell's opening quote: the next byte is its text's first. */
  QuotedFirst: 2,
  Quoted: 3,
  /** A quote inside a quoted cell: a doubled quote when the next byte is one, else the cell's end. */
  QuotedQuote: 4,
} as const;
type State = (typeof State)[keyof typeof State];

/**
 * Puts the app's formula guard (formula-guard.ts) into CSV text as it streams past: the
 * service's report CSV, which the app saves without parsing it whole. The bytes are handed on as
 * they came, in the same chunks, except that a cell whose text must be guarded gets the guard
 * inserted before its text (inside its quotes when it is quoted), and that the few bytes of a
 * cell that may be a negative number are held back until its end shows whether it is one.
 *
 * RFC 4180: cells end at a comma or a line break outside quotes, a doubled quote inside a quoted
 * cell is a quote, and a record ends at a line feed outside quotes (which it counts, on the way).
 * A quote where RFC 4180 has none opens or closes quotes all the same, as each quote toggles them. The text is an ASCII-compatible encoding:
 * UTF-8, or a single-byte one (`latin1` reads those well enough for the characters that matter).
 */
export class CsvFormulaGuard {
  readonly #encoding: 'utf8' | 'latin1';
  #state: State = State.CellStart;
  /** The bytes of an undecided cell, from its first text byte, carried over from the last chunk. */
  #held: Buffer | undefined;
  #pending = false;
  #pendingFrom = 0;
  /** Where a quoted undecided cell's text ended (its closing quote, if no doubled one follows). */
  #pendingEnd = 0;
  /** Cells that got the guard so far. */
  guarded = 0;
  /** Line feeds outside quotes so far: the records that ended. */
  #lineFeeds = 0;
  #lastByte = -1;

  constructor(options: { encoding: 'utf8' | 'latin1' }) {
    this.#encoding = options.encoding;
  }

  /** The bytes to write for `chunk`, in order (none while a cell is held back). */
  push(chunk: Buffer): Buffer[] {
    let data = chunk;
    let i = 0;
    if (this.#held) {
      data = Buffer.concat([this.#held, chunk]);
      i = this.#held.length;
      this.#pendingEnd -= this.#pendingFrom;
      this.#pendingFrom = 0;
      this.#held = undefined;
    }
    const out: Buffer[] = [];
    let written = 0;
    const n = data.length;

    /** Settles the undecided cell whose text ends at `end`: guarded unless it is a number. */
    const decide = (end: number, mayBeNumber: boolean) => {
      this.#pending = false;
      const text = data.toString(this.#encoding, this.#pendingFrom, end);
      if (needsFormulaGuard(text, mayBeNumber && isNumberText(text))) guardAt(this.#pendingFrom);
    };
    const guardAt = (at: number) => {
      this.guarded++;
      if (at > written) out.push(data.subarray(written, at));
      out.push(GUARD);
      written = at;
    };
    /** A cell whose text starts at `at`: guarded now, or held undecided until its end. */
    const cellText = (at: number) => {
      const kind = STARTS[data[at]!];
      if (kind === 1) {
        if (needsFormulaGuard(String.fromCharCode(data[at]!), false)) guardAt(at);
      } else if (kind === 2) {
        this.#pending = true;
        this.#pendingFrom = at;
      }
    };

    if (chunk.length > 0) this.#lastByte = chunk[chunk.length - 1]!;
    let state = this.#state;
    let lineFeeds = this.#lineFeeds;
    while (i < n) {
      switch (state) {
        case State.CellStart: {
          const byte = data[i]!;
          if (byte === QUOTE) state = State.QuotedFirst;
          else if (byte === LF) lineFeeds++;
          else if (byte !== COMMA && byte !== CR) {
            cellText(i);
            state = State.Unquoted;
          }
          i++;
          break;
        }
        case State.Unquoted: {
          const stop = this.#pending ? Math.min(n, this.#pendingFrom + LONGEST_NUMBER) : n;
          while (i < stop && ENDS_UNQUOTED[data[i]!] === 0) i++;
          if (i === stop) {
            if (this.#pending && stop < n) decide(i, false);
            break;
          }
          const byte = data[i]!;
          // A quote in an unquoted cell (not RFC 4180) opens quotes, as the quote toggles quoting.
          if (this.#pending) decide(i, byte !== QUOTE);
          if (byte === QUOTE) state = State.Quoted;
          else if (byte !== CR) {
            if (byte === LF) lineFeeds++;
            // The next cell's first byte, looked at here: most cells need nothing and start unquoted.
            const next = i + 1 < n ? data[i + 1]! : QUOTE;
            if (ENDS_UNQUOTED[next] === 0 && STARTS[next] === 0) {
              i += 2;
              break;
            }
            state = State.CellStart;
          }
          i++;
          break;
        }
        case State.QuotedFirst: {
          if (data[i] !== QUOTE) cellText(i);
          state = State.Quoted;
          break;
        }
        case State.Quoted: {
          const quote = data.indexOf(QUOTE, i);
          if (this.#pending && (quote < 0 ? n : quote) - this.#pendingFrom > LONGEST_NUMBER) {
            decide(this.#pendingFrom + LONGEST_NUMBER, false);
          }
          if (quote < 0) {
            i = n;
            break;
          }
          this.#pendingEnd = quote;
          state = State.QuotedQuote;
          i = quote + 1;
          break;
        }
        case State.QuotedQuote: {
          if (data[i] === QUOTE) {
            // A doubled quote: the text holds a quote, so it is no number.
            if (this.#pending) decide(this.#pendingEnd, false);
            state = State.Quoted;
            i++;
          } else {
            if (this.#pending) decide(this.#pendingEnd, true);
            state = State.Unquoted;
          }
          break;
        }
      }
    }
    this.#state = state;
    this.#lineFeeds = lineFeeds;
    if (this.#pending) {
      this.#held = data.subarray(this.#pendingFrom);
      if (this.#pendingFrom > written) out.push(data.subarray(written, this.#pendingFrom));
    } else if (written < n) {
      out.push(written === 0 ? data : data.subarray(written));
    }
    return out;
  }

  /** Records seen so far, a last one without its line break included. */
  get records(): number {
    return this.#lineFeeds + (this.#lastByte >= 0 && this.#lastByte !== LF ? 1 : 0);
  }

  /** Data rows: the records after the header line. */
  get rows(): number {
    return Math.max(0, this.records - 1);
  }

  /** The bytes still held back at the end of the text (a last cell without its line break). */
  end(): Buffer[] {
    if (!this.#held) return [];
    const data = this.#held;
    this.#held = undefined;
    this.#pending = false;
    const end = this.#state === State.QuotedQuote ? this.#pendingEnd - this.#pendingFrom : data.length;
    // A quoted cell never closed is cut off, so no number; a closed one or an unquoted one may be.
    const text = data.toString(this.#encoding, 0, end);
    const complete = this.#state !== State.Quoted;
    if (!needsFormulaGuard(text, complete && isNumberText(text))) return [data];
    this.guarded++;
    return [GUARD, data];
  }
}
