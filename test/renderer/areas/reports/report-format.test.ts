import { describe, expect, it } from 'vitest';
import { formatCell, isIdColumn } from '../../../../src/renderer/src/areas/reports/report-format.ts';

describe('a preview table cell', () => {
  it('shows ids as plain digits and metrics grouped, side by side in one row', () => {
    // A content report's row, with the columns the sandbox answers.
    const row = {
      rank: 1234,
      brand_id: 101,
      media_id: 12345678,
      impressions: 1234567,
      engagement_rate: 0.04567,
    };
    const cells = Object.entries(row).map(([column, value]) => formatCell(value, column));
    expect(cells).toEqual(['1,234', '101', '12345678', '1,234,567', '0.05']);
  });

  it('knows id columns by name, not by value', () => {
    expect(
      ['id', 'brand_id', 'media_id', 'benchmark_industry_id', 'CAMPAIGN_ID', 'sourceId'].filter(isIdColumn),
    ).toHaveLength(6);
    expect(['value', 'context_value', 'paid', 'video_views', 'identity', 'rank'].filter(isIdColumn)).toEqual(
      [],
    );
    expect(formatCell(2026, 'benchmark_industry_id')).toBe('2026');
    expect(formatCell(2026, 'value')).toBe('2,026');
  });

  it('leaves ids that are not numbers, and empty cells, as they came', () => {
    expect(formatCell('17841400000000001', 'source_account_id')).toBe('17841400000000001');
    expect(formatCell(null, 'brand_id')).toBe('');
    expect(formatCell(undefined, 'impressions')).toBe('');
    expect(formatCell({ a: 1 }, 'data')).toBe('{"a":1}');
  });
});
