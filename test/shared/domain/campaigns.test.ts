import { describe, expect, it } from 'vitest';
import {
  campaignAddMediaSchema,
  campaignAdsSearchResultSchema,
  campaignAdsSearchSchema,
  campaignListSchema,
  campaignSchema,
  campaignStatsGroupLeaves,
  campaignStatsOverviewSchema,
  campaignSummarySchema,
  campaignUpdateSchema,
} from '../../../src/shared/domain/index.ts';
import { AT, campaignSample } from './samples.ts';

describe('campaign (response)', () => {
  it('parses a full campaign and keeps fields it does not know', () => {
    const campaign = campaignSchema.parse({ ...campaignSample(), new_field: 'kept' });
    expect(campaign.topline_metrics?.OWNED_SUMMARY?.[0]).toMatchObject({ aggregation: 'SUM', goal: 50000 });
    expect(campaign.ad_campaigns?.[0]?.source).toBe('META_ADS');
    expect(campaign).toHaveProperty('new_field', 'kept');
  });

  it('refuses a campaign with a negative id or a date-time without zone', () => {
    expect(campaignSchema.safeParse({ ...campaignSample(), id: -1 }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...campaignSample(), created_at: '2023-11-07T05:31:56' }).success).toBe(
      false,
    );
  });

  it('parses the summary of conventions §6 and lists of either form', () => {
    const summary = {
      id: 12,
      brand_id: 3,
      name: 'Spring launch',
      start_date: AT,
      end_date: null,
      number_of_media: 4,
      created_at: AT,
      updated_at: AT,
    };
    expect(campaignSummarySchema.parse(summary)).toEqual(summary);
    const list = campaignListSchema.parse({
      data: [summary, campaignSample()],
      paging: { count: 2, next: null, previous: null },
    });
    expect(list.data).toHaveLength(2);
  });
});

describe('campaign update body (op 1)', () => {
  const body = {
    name: 'Spring launch',
    start_date: '2023-11-07',
    end_date: '2023-12-07',
    creator_ids: [4],
    hashtag_ids: [1],
    benchmark_campaigns: [2],
    google_analytics_selected_campaigns: ['spring'],
    creator_filters: { included_media_ids: [2], source_created_at: { start: AT, end: AT } },
    topline_metrics: {
      CREATOR_SUMMARY: [{ source: 'creator_insights', goal: null }],
      OWNED_SUMMARY: [{ goal: 5, id: 7, metric: 'IMPRESSIONS' }],
      SOCIAL_ADS_SUMMARY: [{ source: 'dashboards', goal: 1000 }],
    },
    ttcm_spark_ads_authorization_days: 30,
  };

  it('accepts the listed fields', () => {
    expect(campaignUpdateSchema.parse(body)).toEqual(body);
  });

  it('refuses unknown and read-only fields, date-times where dates belong', () => {
    expect(campaignUpdateSchema.safeParse({ ...body, id: 12 }).success).toBe(false);
    expect(campaignUpdateSchema.safeParse({ ...body, colour: 'red' }).success).toBe(false);
    expect(campaignUpdateSchema.safeParse({ ...body, start_date: AT }).success).toBe(false);
    expect(campaignUpdateSchema.safeParse({ ...body, creator_ids: [-1] }).success).toBe(false);
  });

  it('takes a creator range bound as a date, a date-time with a zone or null, nothing else', () => {
    const withStart = (start: unknown) => ({ creator_filters: { source_created_at: { start, end: null } } });
    for (const start of ['2023-11-07', AT, '2023-11-07T05:31:56.5+02:00', null]) {
      expect(campaignUpdateSchema.safeParse(withStart(start)).success, String(start)).toBe(true);
    }
    for (const start of ['0', '1', '2026', '2023-11-07T05:31:56', '2023-02-30', '', 7]) {
      const result = campaignUpdateSchema.safeParse(withStart(start));
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        String(start),
      ).toEqual(['creator_filters.source_created_at.start']);
    }
  });

  it('refuses topline request elements with fields a request does not carry', () => {
    const topline = { CREATOR_SUMMARY: [{ source: 'creator_insights', goal: 1, aggregation: 'SUM' }] };
    expect(campaignUpdateSchema.safeParse({ topline_metrics: topline }).success).toBe(false);
  });
});

describe('ads search (op 3) and add media (op 4)', () => {
  it('fills limit 20 and offset 0, and bounds limit to 0..100', () => {
    expect(campaignAdsSearchSchema.parse({ source: 'TIKTOK_ADS' })).toEqual({
      source: 'TIKTOK_ADS',
      limit: 20,
      offset: 0,
    });
    expect(campaignAdsSearchSchema.safeParse({ source: 'META_ADS', limit: 0 }).success).toBe(true);
    expect(campaignAdsSearchSchema.safeParse({ source: 'META_ADS', limit: 101 }).success).toBe(false);
    expect(campaignAdsSearchSchema.safeParse({ source: 'META_ADS', offset: -1 }).success).toBe(false);
    expect(campaignAdsSearchSchema.safeParse({ source: 'GOOGLE_ADS' }).success).toBe(false);
    expect(campaignAdsSearchSchema.safeParse({ source: 'META_ADS', sort: null }).success).toBe(true);
  });

  it('parses a page of ads', () => {
    const page = campaignAdsSearchResultSchema.parse({
      data: [
        {
          source: 'META_ADS',
          ad_name: 'Spring 1',
          ad_status: 'ACTIVE',
          media: [{ image_url: 'https://example.com/a.jpg', post_type: 'VIDEO', duration: 15 }],
          metrics: { spend: 12.5 },
          source_ad_account_id: 'act_1',
          source_ad_id: 'ad_1',
          source_campaign_id: 'c_9',
        },
      ],
      paging: { count: 1, next: null, previous: null },
    });
    expect(page.data[0]?.media?.[0]?.duration).toBe(15);
  });

  it('accepts media and gallery ids, refuses negative ones', () => {
    expect(campaignAddMediaSchema.parse({ media_ids: [1, 2], gallery_ids: [3] })).toEqual({
      media_ids: [1, 2],
      gallery_ids: [3],
    });
    expect(campaignAddMediaSchema.safeParse({ media_ids: [-1] }).success).toBe(false);
  });
});

describe('statistics overview (op 5)', () => {
  function overviewSample() {
    const data: Record<string, Record<string, number>> = { CUSTOM_METRICS: {} };
    for (const [group, leaves] of Object.entries(campaignStatsGroupLeaves)) {
      data[group] = Object.fromEntries(leaves.map((leaf, index) => [leaf, index * 1.5]));
    }
    return { data };
  }

  it('parses every group with numeric leaves', () => {
    const overview = campaignStatsOverviewSchema.parse(overviewSample());
    expect(overview.data.TWITTER.link_clicks_promoted).toBeTypeOf('number');
    expect(overview.data.owned_summary.video_views_v2).toBeTypeOf('number');
    expect(Object.keys(overview.data)).toHaveLength(16);
  });

  it('refuses a leaf that is not a number, and a missing group', () => {
    const bad = overviewSample();
    bad.data.YOUTUBE!.watch_time = '12' as unknown as number;
    expect(campaignStatsOverviewSchema.safeParse(bad).success).toBe(false);
    const missing = overviewSample();
    delete missing.data.LIKESHOP;
    expect(campaignStatsOverviewSchema.safeParse(missing).success).toBe(false);
  });
});
