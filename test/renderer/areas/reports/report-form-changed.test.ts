import { describe, expect, it } from 'vitest';
import { reportConfigSchema, type ReportConfigInput } from '../../../../src/shared/contract/index.ts';
import { formChanged } from '../../../../src/renderer/src/areas/reports/report-form-changed.ts';

const shown = reportConfigSchema.parse({
  report_type: 'CONTENT',
  channels: ['INSTAGRAM', 'TIKTOK'],
  metrics: ['ENGAGEMENTS', 'IMPRESSIONS'],
  brand_ids: [101, 102],
  start_date: '2026-10-01',
  end_date: '2026-10-30',
  sort_order: 'DESC',
  filename: 'october',
});
const same: ReportConfigInput = {
  filename: 'october',
  sort_order: 'DESC',
  end_date: '2026-10-30',
  start_date: '2026-10-01',
  brand_ids: [102, 101],
  metrics: [' ENGAGEMENTS ', 'IMPRESSIONS'],
  channels: ['INSTAGRAM', 'TIKTOK'],
  report_type: 'CONTENT',
};

describe('"Form changed"', () => {
  it('is not said before any preview', () => {
    expect(formChanged(same, null)).toBe(false);
  });

  it('compares values: keys in another order, brands in another order, spaces the rules trim are no change', () => {
    expect(formChanged(same, shown)).toBe(false);
    expect(formChanged({ ...same, limit: undefined }, shown)).toBe(false);
  });

  it('is said for any value that makes another report', () => {
    expect(formChanged({ ...same, end_date: '2026-10-29' }, shown)).toBe(true);
    // The metrics' order decides the columns and the rows' order: another report.
    expect(formChanged({ ...same, metrics: ['IMPRESSIONS', 'ENGAGEMENTS'] }, shown)).toBe(true);
    expect(formChanged({ ...same, brand_ids: [101] }, shown)).toBe(true);
    expect(formChanged({ ...same, limit: 500 }, shown)).toBe(true);
  });

  it('is said when the form no longer makes a report at all', () => {
    expect(formChanged({ ...same, metrics: [] }, shown)).toBe(true);
  });
});
