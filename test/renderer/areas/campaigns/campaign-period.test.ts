import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDays,
  periodDays,
  periodLabel,
} from '../../../../src/renderer/src/areas/campaigns/campaign-period.ts';
import { sampleCampaign } from '../../helpers/fake-campaigns.ts';

describe("a campaign page's period", () => {
  const campaign = sampleCampaign(); // 1 Mar – 30 Apr 2026

  it('counts the last days back from today, today included, across months and a leap day', () => {
    expect(periodDays({ kind: 'last', days: 30 }, '2026-10-30', campaign)).toEqual({
      from: '2026-10-01',
      to: '2026-10-30',
    });
    expect(periodDays({ kind: 'last', days: 7 }, '2028-03-02', campaign)).toEqual({
      from: '2028-02-25',
      to: '2028-03-02',
    });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("takes the campaign's own days, and all time for a campaign without both", () => {
    expect(periodDays({ kind: 'campaign' }, '2026-10-30', campaign)).toEqual({
      from: '2026-03-01',
      to: '2026-04-30',
    });
    const undated = sampleCampaign({ end_date: null });
    expect(periodDays({ kind: 'campaign' }, '2026-10-30', undated)).toBeNull();
    expect(periodLabel({ kind: 'campaign' }, '2026-10-30', undated)).toBe(
      'All time (the campaign has no dates)',
    );
    expect(periodDays({ kind: 'all' }, '2026-10-30', campaign)).toBeNull();
  });

  it('names the period with its days, the year once when both days share it', () => {
    expect(periodLabel({ kind: 'last', days: 30 }, '2026-10-30', campaign)).toBe(
      `Last 30 days · ${formatDays('2026-10-01', '2026-10-30')}`,
    );
    expect(formatDays('2026-10-01', '2026-10-30')).toBe('Oct 1 – Oct 30, 2026');
    expect(formatDays('2026-12-20', '2027-01-05')).toBe('Dec 20, 2026 – Jan 5, 2027');
    expect(
      periodLabel({ kind: 'custom', from: '2026-03-02', to: '2026-03-09' }, '2026-10-30', campaign),
    ).toBe('Mar 2 – Mar 9, 2026');
    expect(periodLabel({ kind: 'all' }, '2026-10-30', campaign)).toBe('All time');
  });
});
