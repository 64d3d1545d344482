/**
 * The one rule for formula injection in every CSV the app writes (OWASP "CSV injection"): a cell
 * whose text starts with = + - @, a tab or CR (or the full-width = + - @) is read by a
 * spreadsheet as a formula, so it gets a leading apostrophe and shows as the text it is. A number
 * stays a number: -12.5 is written as it is. These are the characters csv-stringify's
 * `escape_formulas` guards, and, as it does for typed values, only a number is spared.
 *
 * The app's own rows know their types (a JS number is a number); the service's CSV is text, where
 * a cell is a number when its text is one (`isNumberText`).
 */

const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** A decimal number as a CSV carries one: -12, 0.25, -.5, 1e-7. No sign but minus, no spaces. */
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function isNumberText(text: string): boolean {
  return NUMBER_TEXT.test(text);
}

/** Whether a cell's text must be guarded: it starts like a formula and is no number. */
export function needsFormulaGuard(text: string, isNumber: boolean): boolean {
  return text.length > 0 && FORMULA_STARTS.has(text[0]!) && !isNumber;
}

/** What guards a cell: put before its text, it makes a spreadsheet show the text as it is. */
export const FORMULA_GUARD = "'";

/** The cell's text as the app writes it: guarded when it starts like a formula (see above). */
export function formulaSafe(text: string, isNumber: boolean): string {
  return needsFormulaGuard(text, isNumber) ? FORMULA_GUARD + text : text;
}

/**
 * The first bytes (UTF-8) of the characters in FORMULA_STARTS: a cell starting with any other
 * byte needs no further look. 0xEF begins each full-width one (EF BC 9D, EF BC 8B, ...).
 */
export const FORMULA_START_BYTES: readonly number[] = [0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d, 0xef];
