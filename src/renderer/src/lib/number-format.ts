/**
 * Numbers as a person reads them, written the computer's way ("1,234" or "1 234"): grouped
 * digits, at most two decimals, ratios as percentages, file sizes in kB and MB. Every figure the
 * app shows goes through these, so one number never reads two ways on two screens.
 */

const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const percents = new Map<number, Intl.NumberFormat>();

/** A count, rounded to a whole: 1234 is "1,234". */
export function formatWhole(value: number): string {
  return whole.format(value);
}

/** A figure as it is: whole numbers grouped, others to two decimals at most (1.5, 0.33). */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? whole.format(value) : decimal.format(value);
}

/** A count where its size matters more than its last digits (a card's likes): 12345 is "12.3K". */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** A ratio as a percentage: 0.125 is "12.5%" (to `digits` decimals at most). */
export function formatPercent(ratio: number, digits = 1): string {
  let format = percents.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: digits });
    percents.set(digits, format);
  }
  return format.format(ratio);
}

/** A file's size: 1536 is "1.5 kB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${oneDecimal.format(value)} ${units[unit]}`;
}
