import type { CampaignStatsView } from '../../../../shared/contract/index.ts';
import { campaignSortFields } from '../../../../shared/domain/index.ts';
import { channelName, sourceName } from '../../lib/labels/index.ts';
import { formatNumber, formatPercent } from '../../lib/number-format.ts';

/** How the Campaigns area writes names and figures. Rates come as ratios (0.042 is 4.2 %). */

export type CampaignSortField = (typeof campaignSortFields)[number];
export { campaignSortFields };

export const sortLabels: Record<CampaignSortField, string> = {
  CREATED: 'Created',
  NAME: 'Name',
  NUMBER_OF_MEDIA: 'Media',
  AVG_ENGAGEMENTS: 'Avg. engagements',
  AVG_ENGAGEMENT_RATE: 'Avg. engagement rate',
  AVG_EMV: 'Avg. EMV',
  TOTAL_CREATOR_LIKES: 'Creator likes',
  TOTAL_ENGAGEMENTS: 'Engagements',
  TOTAL_EMV: 'EMV',
  TOTAL_CLICKS: 'Clicks',
  TOTAL_IMPRESSIONS: 'Impressions',
  TOTAL_VIDEO_VIEWS: 'Video views',
};

export type StatsGroupName = keyof CampaignStatsView;

/** The groups in the order a person reads them: the totals first, then each channel. */
export const statsGroups: { name: StatsGroupName; label: string }[] = [
  { name: 'overview', label: 'Overview' },
  { name: 'owned_summary', label: 'Owned media' },
  { name: 'INSTAGRAM', label: channelName('INSTAGRAM') },
  { name: 'INSTAGRAM_STORY', label: sourceName('INSTAGRAM_STORY') },
  { name: 'INSTAGRAM_CREATORS', label: sourceName('INSTAGRAM_CREATORS') },
  { name: 'FACEBOOK', label: channelName('FACEBOOK') },
  { name: 'TIKTOK', label: channelName('TIKTOK') },
  { name: 'TIKTOK_CREATORS', label: sourceName('TIKTOK_CREATORS') },
  { name: 'TIKTOK_LIKESHOP', label: sourceName('TIKTOK_LIKESHOP') },
  { name: 'TWITTER', label: channelName('TWITTER') },
  { name: 'PINTEREST', label: channelName('PINTEREST') },
  { name: 'YOUTUBE', label: channelName('YOUTUBE') },
  { name: 'LIKESHOP', label: 'LikeShop' },
  { name: 'UGC', label: 'User-generated content' },
  { name: 'RELATIONSHIPS', label: 'Relationships' },
  { name: 'CUSTOM_METRICS', label: 'Custom metrics' },
];

/** The channel groups an "across channels" chart compares (the totals would dwarf them). */
export const channelGroups = statsGroups.filter(
  ({ name }) => name !== 'overview' && name !== 'owned_summary' && name !== 'CUSTOM_METRICS',
);

const words: Record<string, string> = {
  avg: 'avg.',
  emv: 'EMV',
  fyp: 'For You',
  ctr: 'CTR',
  cpc: 'CPC',
  cpm: 'CPM',
  v2: '(v2)',
  sec: '(s)',
  number: '',
  of: '',
};

/** `avg_engagement_rate_views` → "Avg. engagement rate views"; `number_of_media` → "Media". */
export function leafLabel(leaf: string): string {
  const text = leaf
    .split('_')
    .map((word) => words[word] ?? word)
    .filter(Boolean)
    .join(' ')
    .replace('avg. avg.', 'avg.');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isRate = (leaf: string) => /rate|percentage/.test(leaf);
const isSeconds = (leaf: string) => /_sec$|duration|watch_time/.test(leaf);

/** A figure as its kind reads: a rate as a percentage (to 0.01 %), a duration in seconds, a count whole. */
export function formatLeaf(leaf: string, value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (isRate(leaf)) return formatPercent(value, 2);
  if (isSeconds(leaf)) return `${formatNumber(value)} s`;
  return formatNumber(value);
}

export const formatCount = (value: number | null | undefined) => formatLeaf('count', value);

/** A campaign's day as the service wrote it (`2026-03-01T00:00:00Z` → "1 Mar 2026"), in UTC. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatSpan(start: string | null | undefined, end: string | null | undefined): string {
  if (!start && !end) return 'No dates';
  return `${formatDay(start) || '…'} – ${formatDay(end) || '…'}`;
}
