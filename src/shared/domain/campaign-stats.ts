import { z } from 'zod';

/** Op 5: the statistics overview of a campaign, `{data: {GROUP: {leaf: number}}}`. */

/** A group whose every listed leaf is a number; unknown leaves are kept. */
function numberGroup<const K extends readonly string[]>(leaves: K) {
  const shape = Object.fromEntries(leaves.map((leaf) => [leaf, z.number()])) as {
    [P in K[number]]: z.ZodNumber;
  };
  return z.looseObject(shape);
}

export const campaignStatsGroupLeaves = {
  FACEBOOK: [
    'avg_effectiveness_rate',
    'avg_effectiveness_rate_v2',
    'avg_engagement_rate',
    'avg_engagement_rate_v2',
    'avg_reach',
    'avg_reach_v2',
    'engagements',
    'engagements_v2',
    'impressions',
    'link_clicks',
    'number_of_media',
    'number_of_videos',
    'video_views',
    'views',
    'views_only_videos',
  ],
  INSTAGRAM: [
    'avg_avg_watch_time_sec',
    'avg_effectiveness_engagements_rate',
    'avg_effectiveness_rate',
    'avg_engagement_rate',
    'avg_engagement_rate_views',
    'avg_reach',
    'engagements',
    'impressions',
    'number_of_media',
    'number_of_videos',
    'paid_engagements',
    'paid_impressions',
    'paid_video_views',
    'total_engagements',
    'total_impressions',
    'total_video_views',
    'video_views',
    'views',
    'views_only_videos',
  ],
  INSTAGRAM_CREATORS: ['avg_engagement_rate', 'engagements', 'impressions', 'number_of_media', 'views'],
  INSTAGRAM_STORY: [
    'avg_completion_rate',
    'avg_completion_rate_views',
    'avg_exit_rate',
    'avg_exit_rate_views',
    'avg_reach',
    'exits',
    'impressions',
    'link_clicks',
    'number_of_media',
    'views',
  ],
  LIKESHOP: ['link_clicks'],
  PINTEREST: [
    'avg_engagement_rate',
    'engagements',
    'impressions',
    'link_clicks',
    'number_of_media',
    'number_of_videos',
    'saves',
    'video_views',
  ],
  RELATIONSHIPS: [
    'avg_engagement_rate',
    'comments',
    'engagements',
    'likes',
    'number_of_media',
    'video_views',
  ],
  TIKTOK: [
    'avg_engagement_rate',
    'avg_engagement_rate_views',
    'avg_reach',
    'avg_retention_rate',
    'engagements',
    'fyp_views_percentage',
    'number_of_media',
    'video_views',
  ],
  TIKTOK_CREATORS: ['avg_engagement_rate', 'engagements', 'number_of_media', 'video_views'],
  TIKTOK_LIKESHOP: ['link_clicks'],
  TWITTER: [
    'avg_engagement_rate',
    'avg_engagement_rate_organic',
    'avg_engagement_rate_promoted',
    'engagements',
    'engagements_organic',
    'engagements_promoted',
    'impressions',
    'impressions_organic',
    'impressions_promoted',
    'likes',
    'likes_organic',
    'likes_promoted',
    'link_clicks',
    'link_clicks_organic',
    'link_clicks_promoted',
    'number_of_media',
    'number_of_videos',
    'video_views',
    'video_views_organic',
    'video_views_promoted',
  ],
  UGC: [
    'avg_engagement_rate',
    'engagements',
    'estimated_reach',
    'mentions',
    'number_of_media',
    'people_tags',
  ],
  YOUTUBE: [
    'avg_view_duration',
    'dislikes',
    'engagements',
    'likes',
    'number_of_media',
    'video_views',
    'watch_time',
  ],
  overview: [
    'avg_emv',
    'avg_engagement_rate',
    'avg_engagements',
    'emv',
    'engagements',
    'impressions',
    'impressions_v2',
    'link_clicks',
    'number_of_media',
    'total_creator_likes',
    'video_views',
    'video_views_v2',
  ],
  owned_summary: [
    'avg_engagement_rate',
    'avg_engagements',
    'engagements',
    'impressions_v2',
    'link_clicks',
    'number_of_media',
    'video_views_v2',
  ],
} as const;

export type CampaignStatsGroupName = keyof typeof campaignStatsGroupLeaves | 'CUSTOM_METRICS';

const g = campaignStatsGroupLeaves;

export const campaignStatsOverviewDataSchema = z.looseObject({
  /** An empty object in the published shape; custom metric values are numbers too. */
  CUSTOM_METRICS: z.record(z.string(), z.number()),
  FACEBOOK: numberGroup(g.FACEBOOK),
  INSTAGRAM: numberGroup(g.INSTAGRAM),
  INSTAGRAM_CREATORS: numberGroup(g.INSTAGRAM_CREATORS),
  INSTAGRAM_STORY: numberGroup(g.INSTAGRAM_STORY),
  LIKESHOP: numberGroup(g.LIKESHOP),
  PINTEREST: numberGroup(g.PINTEREST),
  RELATIONSHIPS: numberGroup(g.RELATIONSHIPS),
  TIKTOK: numberGroup(g.TIKTOK),
  TIKTOK_CREATORS: numberGroup(g.TIKTOK_CREATORS),
  TIKTOK_LIKESHOP: numberGroup(g.TIKTOK_LIKESHOP),
  TWITTER: numberGroup(g.TWITTER),
  UGC: numberGroup(g.UGC),
  YOUTUBE: numberGroup(g.YOUTUBE),
  overview: numberGroup(g.overview),
  owned_summary: numberGroup(g.owned_summary),
});
export type CampaignStatsOverviewData = z.infer<typeof campaignStatsOverviewDataSchema>;

export const campaignStatsOverviewSchema = z.looseObject({ data: campaignStatsOverviewDataSchema });
export type CampaignStatsOverview = z.infer<typeof campaignStatsOverviewSchema>;
