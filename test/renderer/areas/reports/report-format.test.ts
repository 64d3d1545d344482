import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  formatCell,
  isIdColumn,
} from '../../../../src/renderer/src/areas/reports/report-format.ts';

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
    expect(cells).toEqual(['1,234', 'Brand 101', '12345678', '1,234,567', '4.57%']);
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

  it("names columns, channels and machine names in words, and says instants in the person's zone", () => {
    expect(
      ['published_at', 'media_type', 'engagement_rate', 'brand_id', 'VIDEO_VIEWS'].map(columnLabel),
    ).toEqual(['Published', 'Media type', 'Engagement rate', 'Brand', 'Video views']);
    expect(formatCell('INSTAGRAM_STORIES', 'channel')).toBe('Instagram Stories');
    expect(formatCell('TWITTER', 'channel')).toBe('X (Twitter)');
    expect(formatCell('CAROUSEL_ALBUM', 'media_type')).toBe('Carousel album');
    const words = { locale: 'en-GB', timeZone: 'Asia/Tokyo' };
    // 23:30 UTC is 08:30 the next day in Tokyo.
    expect(formatCell('2026-10-04T23:30:00Z', 'published_at', words)).toBe('5 Oct 2026, 08:30');
    expect(formatCell('2026-10-04', 'date', words)).toBe('4 Oct 2026');
    expect(formatCell(true, 'is_competitor')).toBe('Yes');
    // A caption is the author's own words, even in capitals.
    expect(formatCell('NEW DROP', 'caption')).toBe('NEW DROP');
  });

  it('leaves ids that are not numbers, and empty cells, as they came', () => {
    expect(formatCell('17841400000000001', 'source_account_id')).toBe('17841400000000001');
    expect(formatCell(null, 'brand_id')).toBe('');
    expect(formatCell('not-a-brand', 'brand_id')).toBe('not-a-brand');
    expect(formatCell(undefined, 'impressions')).toBe('');
    expect(formatCell({ a: 1 }, 'data')).toBe('{"a":1}');
  });
});
