import type { CampaignStatsView, CampaignView } from '../../../../shared/contract/index.ts';
import { leafLabel } from './campaign-format.ts';

export interface GoalView {
  key: string;
  group: string;
  metric: string;
  /** What the campaign reached, or null when the overview carries no such figure. */
  value: number | null;
  goal: number | null;
  /** value / goal in percent, or null without both. */
  percent: number | null;
}

const numberAt = (group: object | undefined, key: string): number | null => {
  const value = (group as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' ? value : null;
};

/**
 * The topline metrics with their goals, and how far the campaign got towards each one, read from
 * the statistics overview: owned metrics from its owned summary (`IMPRESSIONS` is
 * `impressions_v2` there), creator metrics summed over the creator groups (`TOTAL_ENGAGEMENTS` is
 * their `engagements`). The overview holds no ads spend, so ads goals show without progress.
 */
export function goalsOf(campaign: CampaignView, stats: CampaignStatsView | undefined): GoalView[] {
  const topline = campaign.topline_metrics ?? {};
  const view = (key: string, group: string, metric: string, value: number | null, goal?: number | null) => ({
    key,
    group,
    metric: leafLabel(metric.toLowerCase()),
    value,
    goal: goal ?? null,
    percent: value !== null && goal ? Math.round((value / goal) * 100) : null,
  });
  const owned = (topline.OWNED_SUMMARY ?? []).map((item, index) => {
    const key = (item.metric ?? '').toLowerCase();
    const value = numberAt(stats?.owned_summary, key) ?? numberAt(stats?.owned_summary, `${key}_v2`);
    return view(`owned-${index}`, 'Owned', item.metric ?? 'metric', stats ? value : null, item.goal);
  });
  const creators = (topline.CREATOR_SUMMARY ?? []).map((item, index) => {
    const key = (item.metric ?? '').toLowerCase().replace(/^total_/, '');
    const parts = [stats?.INSTAGRAM_CREATORS, stats?.TIKTOK_CREATORS].map((group) => numberAt(group, key));
    const known = parts.filter((part): part is number => part !== null);
    const value = known.length > 0 ? known.reduce((sum, part) => sum + part, 0) : null;
    return view(`creators-${index}`, 'Creators', item.metric ?? 'metric', value, item.goal);
  });
  const ads = (topline.SOCIAL_ADS_SUMMARY ?? []).map((item, index) =>
    view(`ads-${index}`, 'Social ads', item.metric ?? 'metric', null, item.goal),
  );
  return [...owned, ...creators, ...ads];
}
