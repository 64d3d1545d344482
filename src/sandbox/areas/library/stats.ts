import type { CampaignStatsOverviewData } from '../../../shared/domain/index.ts';

/**
 * Campaign statistics, computed from the statistics of the campaign's media: the overview of
 * op 5 and the totals on the campaign object come from the same numbers, so a client sees them
 * agree, and adding media or narrowing the date range moves them the way a user expects.
 */

export interface MediaStatsRow {
  channel: string;
  origin: string;
  media_type: string;
  impressions: number;
  reach: number;
  engagements: number;
  likes: number;
  comments: number;
  saves: number;
  shares: number;
  video_views: number;
  link_clicks: number;
  watch_seconds: number;
  paid_impressions: number;
}

/** Earned media value of one item: the sandbox's own formula, used for totals and overview. */
export function emvOf(row: Pick<MediaStatsRow, 'engagements' | 'impressions'>): number {
  return row.engagements * 0.42 + row.impressions * 0.004;
}

const videoTypes = new Set(['VIDEO', 'REELS', 'SHORTS']);

function sum(rows: MediaStatsRow[], pick: (row: MediaStatsRow) => number): number {
  let total = 0;
  for (const row of rows) total += pick(row);
  return total;
}
/** Rates as fractions with 4 decimals; 0 rather than NaN when there is nothing to divide by. */
function ratio(numerator: number, denominator: number): number {
  return denominator > 0 ? Math.round((numerator / denominator) * 10_000) / 10_000 : 0;
}
function avg(total: number, count: number): number {
  return count > 0 ? Math.round((total / count) * 100) / 100 : 0;
}
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Basic sums of a set of media, from which every group's leaves are derived. */
function totalsOf(rows: MediaStatsRow[]) {
  const videos = rows.filter((row) => videoTypes.has(row.media_type));
  return {
    n: rows.length,
    videos: videos.length,
    impressions: sum(rows, (r) => r.impressions),
    reach: sum(rows, (r) => r.reach),
    engagements: sum(rows, (r) => r.engagements),
    likes: sum(rows, (r) => r.likes),
    comments: sum(rows, (r) => r.comments),
    saves: sum(rows, (r) => r.saves),
    shares: sum(rows, (r) => r.shares),
    videoViews: sum(rows, (r) => r.video_views),
    videoOnlyViews: sum(videos, (r) => r.video_views),
    linkClicks: sum(rows, (r) => r.link_clicks),
    watchSeconds: sum(rows, (r) => r.watch_seconds),
    paidImpressions: sum(rows, (r) => r.paid_impressions),
    emv: round2(sum(rows, emvOf)),
  };
}

/** The totals stored on the campaign (and sortable in the list). */
export function campaignTotals(rows: MediaStatsRow[]) {
  const t = totalsOf(rows);
  const creatorLikes = sum(
    rows.filter((r) => r.origin === 'CREATOR'),
    (r) => r.likes,
  );
  return {
    number_of_media: t.n,
    avg_emv: avg(t.emv, t.n),
    avg_engagement_rate: ratio(t.engagements, t.impressions),
    avg_engagements: avg(t.engagements, t.n),
    total_clicks: t.linkClicks,
    total_creator_likes: creatorLikes,
    total_emv: t.emv,
    total_engagements: t.engagements,
    total_impressions: t.impressions,
    total_video_views: t.videoViews,
  };
}

export function statsOverview(rows: MediaStatsRow[]): CampaignStatsOverviewData {
  const pick = (channel: string, origin = 'OWNED') =>
    rows.filter((r) => r.channel === channel && r.origin === origin);
  const owned = totalsOf(rows.filter((r) => r.origin === 'OWNED'));
  const fb = totalsOf(pick('FACEBOOK'));
  const ig = totalsOf(pick('INSTAGRAM'));
  const igCreators = totalsOf(pick('INSTAGRAM', 'CREATOR'));
  const story = totalsOf(pick('INSTAGRAM_STORY'));
  const pin = totalsOf(pick('PINTEREST'));
  const rel = totalsOf(rows.filter((r) => r.origin === 'RELATIONSHIP'));
  const tt = totalsOf(pick('TIKTOK'));
  const ttCreators = totalsOf(pick('TIKTOK', 'CREATOR'));
  const tw = totalsOf(pick('TWITTER'));
  const ugc = totalsOf(rows.filter((r) => r.origin === 'UGC'));
  const yt = totalsOf(pick('YOUTUBE'));
  const all = totalsOf(rows);
  const totals = campaignTotals(rows);
  // Fixed shares keep the split figures consistent with their totals.
  const organic = (value: number) => Math.round(value * 0.8);
  const promoted = (value: number) => value - organic(value);
  const fbViews = Math.round(fb.impressions * 1.1);
  const igViews = Math.round(ig.impressions * 1.1);

  return {
    CUSTOM_METRICS: {},
    FACEBOOK: {
      avg_effectiveness_rate: ratio(fb.engagements + fb.linkClicks, fb.reach),
      avg_effectiveness_rate_v2: ratio(fb.engagements + fb.shares + fb.linkClicks, fb.reach),
      avg_engagement_rate: ratio(fb.engagements, fb.impressions),
      avg_engagement_rate_v2: ratio(fb.engagements + fb.shares, fbViews),
      avg_reach: avg(fb.reach, fb.n),
      avg_reach_v2: avg(Math.round(fb.reach * 1.05), fb.n),
      engagements: fb.engagements,
      engagements_v2: fb.engagements + fb.shares,
      impressions: fb.impressions,
      link_clicks: fb.linkClicks,
      number_of_media: fb.n,
      number_of_videos: fb.videos,
      video_views: fb.videoViews,
      views: fbViews,
      views_only_videos: fb.videoOnlyViews,
    },
    INSTAGRAM: {
      avg_avg_watch_time_sec: avg(ig.watchSeconds, ig.videoViews),
      avg_effectiveness_engagements_rate: ratio(ig.engagements + ig.saves, ig.reach),
      avg_effectiveness_rate: ratio(ig.engagements + ig.saves + ig.shares, ig.reach),
      avg_engagement_rate: ratio(ig.engagements, ig.impressions),
      avg_engagement_rate_views: ratio(ig.engagements, igViews),
      avg_reach: avg(ig.reach, ig.n),
      engagements: ig.engagements,
      impressions: ig.impressions,
      number_of_media: ig.n,
      number_of_videos: ig.videos,
      paid_engagements: Math.round(
        ig.engagements * ratio(ig.paidImpressions, ig.impressions + ig.paidImpressions),
      ),
      paid_impressions: ig.paidImpressions,
      paid_video_views: Math.round(
        ig.videoViews * ratio(ig.paidImpressions, ig.impressions + ig.paidImpressions),
      ),
      total_engagements: ig.engagements,
      total_impressions: ig.impressions + ig.paidImpressions,
      total_video_views: ig.videoViews,
      video_views: ig.videoViews,
      views: igViews,
      views_only_videos: ig.videoOnlyViews,
    },
    INSTAGRAM_CREATORS: {
      avg_engagement_rate: ratio(igCreators.engagements, igCreators.impressions),
      engagements: igCreators.engagements,
      impressions: igCreators.impressions,
      number_of_media: igCreators.n,
      views: Math.round(igCreators.impressions * 1.1),
    },
    INSTAGRAM_STORY: {
      avg_completion_rate: ratio(story.reach - story.linkClicks, story.reach + story.impressions),
      avg_completion_rate_views: ratio(story.reach, story.impressions),
      avg_exit_rate: ratio(story.shares, story.reach),
      avg_exit_rate_views: ratio(story.shares, story.impressions),
      avg_reach: avg(story.reach, story.n),
      exits: story.shares,
      impressions: story.impressions,
      link_clicks: story.linkClicks,
      number_of_media: story.n,
      views: story.impressions,
    },
    LIKESHOP: { link_clicks: Math.round(ig.linkClicks * 0.35) },
    PINTEREST: {
      avg_engagement_rate: ratio(pin.engagements, pin.impressions),
      engagements: pin.engagements,
      impressions: pin.impressions,
      link_clicks: pin.linkClicks,
      number_of_media: pin.n,
      number_of_videos: pin.videos,
      saves: pin.saves,
      video_views: pin.videoViews,
    },
    RELATIONSHIPS: {
      avg_engagement_rate: ratio(rel.engagements, rel.impressions),
      comments: rel.comments,
      engagements: rel.engagements,
      likes: rel.likes,
      number_of_media: rel.n,
      video_views: rel.videoViews,
    },
    TIKTOK: {
      avg_engagement_rate: ratio(tt.engagements, tt.impressions),
      avg_engagement_rate_views: ratio(tt.engagements, tt.videoViews),
      avg_reach: avg(tt.reach, tt.n),
      avg_retention_rate: ratio(tt.watchSeconds, tt.videoViews * 30),
      engagements: tt.engagements,
      fyp_views_percentage: ratio(Math.round(tt.videoViews * 0.62), tt.videoViews),
      number_of_media: tt.n,
      video_views: tt.videoViews,
    },
    TIKTOK_CREATORS: {
      avg_engagement_rate: ratio(ttCreators.engagements, ttCreators.impressions),
      engagements: ttCreators.engagements,
      number_of_media: ttCreators.n,
      video_views: ttCreators.videoViews,
    },
    TIKTOK_LIKESHOP: { link_clicks: Math.round(tt.linkClicks * 0.35) },
    TWITTER: {
      avg_engagement_rate: ratio(tw.engagements, tw.impressions),
      avg_engagement_rate_organic: ratio(organic(tw.engagements), organic(tw.impressions)),
      avg_engagement_rate_promoted: ratio(promoted(tw.engagements), promoted(tw.impressions)),
      engagements: tw.engagements,
      engagements_organic: organic(tw.engagements),
      engagements_promoted: promoted(tw.engagements),
      impressions: tw.impressions,
      impressions_organic: organic(tw.impressions),
      impressions_promoted: promoted(tw.impressions),
      likes: tw.likes,
      likes_organic: organic(tw.likes),
      likes_promoted: promoted(tw.likes),
      link_clicks: tw.linkClicks,
      link_clicks_organic: organic(tw.linkClicks),
      link_clicks_promoted: promoted(tw.linkClicks),
      number_of_media: tw.n,
      number_of_videos: tw.videos,
      video_views: tw.videoViews,
      video_views_organic: organic(tw.videoViews),
      video_views_promoted: promoted(tw.videoViews),
    },
    UGC: {
      avg_engagement_rate: ratio(ugc.engagements, ugc.impressions),
      engagements: ugc.engagements,
      estimated_reach: ugc.reach,
      mentions: ugc.comments,
      number_of_media: ugc.n,
      people_tags: ugc.shares,
    },
    YOUTUBE: {
      avg_view_duration: avg(yt.watchSeconds, yt.videoViews),
      dislikes: Math.round(yt.likes * 0.03),
      engagements: yt.engagements,
      likes: yt.likes,
      number_of_media: yt.n,
      video_views: yt.videoViews,
      watch_time: yt.watchSeconds,
    },
    overview: {
      avg_emv: totals.avg_emv,
      avg_engagement_rate: totals.avg_engagement_rate,
      avg_engagements: totals.avg_engagements,
      emv: totals.total_emv,
      engagements: all.engagements,
      impressions: all.impressions,
      impressions_v2: Math.round(all.impressions * 1.1),
      link_clicks: all.linkClicks,
      number_of_media: all.n,
      total_creator_likes: totals.total_creator_likes,
      video_views: all.videoViews,
      video_views_v2: Math.round(all.videoViews * 1.05),
    },
    owned_summary: {
      avg_engagement_rate: ratio(owned.engagements, owned.impressions),
      avg_engagements: avg(owned.engagements, owned.n),
      engagements: owned.engagements,
      impressions_v2: Math.round(owned.impressions * 1.1),
      link_clicks: owned.linkClicks,
      number_of_media: owned.n,
      video_views_v2: Math.round(owned.videoViews * 1.05),
    },
  };
}
