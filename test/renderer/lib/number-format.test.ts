import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCompact,
  formatNumber,
  formatPercent,
  formatWhole,
} from '../../../src/renderer/src/lib/number-format.ts';

// The computer's own grouping and decimal marks, so the expectations hold in any locale.
const local = (value: number, digits = 0) =>
  new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }).format(value);

describe('the number formats every screen writes figures with', () => {
  it('writes counts whole and grouped, other figures to two decimals at most', () => {
    expect(formatWhole(1234567)).toBe(local(1234567));
    expect(formatWhole(2.6)).toBe(local(3));
    expect(formatNumber(1234)).toBe(local(1234));
    expect(formatNumber(1.23456)).toBe(local(1.23, 2));
  });

  it('writes ratios as percentages, to one decimal unless asked for more', () => {
    const percent = (value: number, digits: number) =>
      new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: digits }).format(value);
    expect(formatPercent(0.12345)).toBe(percent(0.123, 1));
    expect(formatPercent(0.12345, 2)).toBe(percent(0.1235, 2));
    expect(formatPercent(0.5)).toBe(percent(0.5, 0));
  });

  it('writes a count on a card by its size, to one decimal', () => {
    const compact = (value: number) =>
      new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
    expect(formatCompact(12_345)).toBe(compact(12_345));
    expect(formatCompact(1_250_000)).toBe(compact(1_250_000));
    expect(formatCompact(12)).toBe('12');
  });

  it('writes file sizes in the unit that keeps the number short', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1536)).toBe(`${local(1.5, 1)} kB`);
    expect(formatBytes(2_500_000)).toBe(`${local(2.5, 1)} MB`);
    expect(formatBytes(7_000_000_000_000)).toBe(`${local(7000, 1)} GB`);
  });
});
