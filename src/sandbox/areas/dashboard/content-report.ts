import { mediaTypes, type ReportType } from '../../../shared/domain/index.ts';
import { hashString } from '../../random.ts';
import type { ReportTable } from './report-data.ts';
import { DAY, isRate, mix, unit } from './report-formula.ts';
import type { ReportRequest } from './report-request.ts';

/**
 * Content reports: one row per piece of content, up to 1,000,000 rows, produced one by one
 * already in the requested order, so the answer streams without ever being held whole.
 */

const contentTypes: readonly ReportType[] = [
  'CONTENT_OWNED',
  'CONTENT_OWNED_STORIES',
  'CONTENT_UGC',
  'CONTENT',
  'COMPETITIVE_CONTENT',
];
export const isContentReport = (type: ReportType) => contentTypes.includes(type);

export const metricColumn = (metric: string) => metric.toLowerCase();

const captionWords = [
  'new',
  'drop',
  'summer',
  'behind',
  'the',
  'scenes',
  'launch',
  'today',
  'meet',
  'team',
  'sale',
  'limited',
  'edition',
  'how',
  'we',
  'made',
  'it',
  'your',
  'favourite',
  'is',
  'back',
];

/** Default rows of a content report. */
export const DEFAULT_CONTENT_LIMIT = 100;

export function contentReport(request: ReportRequest, metrics: string[], channels: string[]): ReportTable {
  const { query, range } = request;
  const limit = query.limit ?? DEFAULT_CONTENT_LIMIT;
  const descending = query.sort_order !== 'ASC';
  const brands =
    query.report_type === 'COMPETITIVE_CONTENT' && query.competitive_brand_ids
      ? query.competitive_brand_ids
      : request.brandIds;
  const forcedChannel =
    query.report_type === 'CONTENT_OWNED_STORIES'
      ? 'INSTAGRAM_STORIES'
      : query.report_type === 'CONTENT_UGC'
        ? 'INSTAGRAM_UGC'
        : undefined;
  // `filters` is channel-specific and its shape is not shown; content reports honour media_types.
  const wantedTypes = query.filters?.media_types;
  const filterTypes = Array.isArray(wantedTypes) ? wantedTypes.map(String) : [];
  const types = filterTypes.length > 0 ? filterTypes : [...mediaTypes];
  const key = hashString(JSON.stringify([query.report_type, brands, channels, metrics, range, types]));
  const startMs = Date.parse(`${range.start}T00:00:00Z`);
  const spanSeconds = Math.floor((Date.parse(`${range.end}T00:00:00Z`) + DAY - startMs) / 1000);
  const [primary = 'IMPRESSIONS', ...others] = metrics;
  // Each metric draws from its own hash of its name: two metrics never share their values.
  const otherMetrics = others.map((metric) => ({ metric, hash: hashString(metric) }));
  const columns = [
    'rank',
    'brand_id',
    'channel',
    'media_id',
    'media_type',
    'published_at',
    'caption',
    'permalink',
    ...metrics.map(metricColumn),
  ];

  function* rows(): Generator<Record<string, unknown>> {
    for (let i = 0; i < limit; i++) {
      // The row's place in the requested order decides its primary metric, so the rows come out
      // sorted without ever being held together.
      const place = descending ? i : limit - 1 - i;
      const id = 10_000_000 + (mix(key ^ i) % 89_999_999);
      const channel = forcedChannel ?? channels[i % channels.length] ?? 'INSTAGRAM';
      const row: Record<string, unknown> = {
        rank: i + 1,
        brand_id: brands[mix(key + i) % brands.length],
        channel,
        media_id: id,
        media_type: types[mix(key - i) % types.length],
        published_at: new Date(startMs + (mix(key ^ (i * 31)) % spanSeconds) * 1000)
          .toISOString()
          .replace('.000Z', 'Z'),
        caption: `${captionWords[i % captionWords.length]} ${captionWords[mix(i) % captionWords.length]} #${channel.toLowerCase()}`,
        permalink: `https://social.sandbox.socialdesk.invalid/${channel.toLowerCase()}/p/${id}`,
      };
      row[metricColumn(primary)] = isRate(primary)
        ? Math.round((0.2 / (1 + place / 50)) * 1_000_000) / 1_000_000
        : Math.floor(5_000_000 / (1 + place / 50));
      for (const { metric, hash } of otherMetrics) {
        row[metricColumn(metric)] = isRate(metric)
          ? Math.round(unit(key ^ hash, i * 7) * 0.1 * 10_000) / 10_000
          : Math.floor(unit(key ^ hash, i * 13) * 200_000);
      }
      yield row;
    }
  }
  return { columns, rows: rows() };
}
