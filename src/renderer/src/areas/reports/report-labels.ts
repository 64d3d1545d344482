import type { ReportType } from '../../../../shared/domain/index.ts';
import { sentenceCase, sourceName } from '../../lib/labels/index.ts';

/** How report types, channels and metrics are named on screen, and the groups they are offered in. */

/** SINGLE_METRIC is never offered: it was withdrawn, and TOTAL_METRIC gives the same figures. */
export const reportTypeGroups: { label: string; types: { type: ReportType; label: string }[] }[] = [
  {
    label: 'Figures',
    types: [
      { type: 'TOTAL_METRIC', label: 'Total metrics' },
      { type: 'MULTI_BRAND_METRIC', label: 'Metrics by brand' },
      { type: 'COMPETITIVE_MULTI_BRAND_METRIC', label: 'Competitive metrics' },
      { type: 'BENCHMARK_METRIC', label: 'Benchmark metrics' },
    ],
  },
  {
    label: 'Over time',
    types: [
      { type: 'GRAPH', label: 'Graph' },
      { type: 'COMPETITIVE_GRAPH', label: 'Competitive graph' },
      { type: 'BENCHMARK_GRAPH', label: 'Benchmark graph' },
    ],
  },
  {
    label: 'Content',
    types: [
      { type: 'CONTENT_OWNED', label: 'Owned content' },
      { type: 'CONTENT_OWNED_STORIES', label: 'Owned stories' },
      { type: 'CONTENT_UGC', label: 'User-generated content' },
      { type: 'CONTENT', label: 'All content' },
      { type: 'COMPETITIVE_CONTENT', label: 'Competitive content' },
    ],
  },
  {
    label: 'Tables',
    types: [
      { type: 'HEADER', label: 'Header figures' },
      { type: 'MULTI_METRIC_MEDIA_TYPE', label: 'Metrics by media type' },
    ],
  },
];

const typeLabels = new Map(reportTypeGroups.flatMap((group) => group.types.map((t) => [t.type, t.label])));

/** Any export's type: a report's, or INBOX for the inbox's list exported from there. */
export function reportTypeLabel(type: string): string {
  if (type === 'INBOX') return 'Inbox list';
  return typeLabels.get(type as ReportType) ?? type;
}

/** A report's channel: a network, or one of the Instagram sources a report may read besides it. */
export const channelLabel = sourceName;

/** Metrics offered in the picker; the service takes others too, typed in. */
export const commonMetrics = [
  'IMPRESSIONS',
  'REACH',
  'ENGAGEMENTS',
  'ENGAGEMENT_RATE',
  'FOLLOWERS',
  'FOLLOWER_GROWTH',
  'LIKES',
  'COMMENTS',
  'SHARES',
  'SAVES',
  'VIDEO_VIEWS',
  'CLICKS',
  'POSTS',
];

/** IMPRESSIONS -> "Impressions", ENGAGEMENT_RATE -> "Engagement rate". */
export const metricLabel = sentenceCase;

/** Rates are shown as percentages. */
export const isRateMetric = (metric: string) => /RATE|PERCENT|SHARE|CTR/i.test(metric);
