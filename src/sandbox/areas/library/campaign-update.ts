import type { DatabaseSync } from 'node:sqlite';
import type { CampaignUpdate, ToplineMetrics } from '../../../shared/domain/index.ts';
import { isoSeconds } from '../../clock.ts';
import { SandboxError } from '../../http/errors.ts';
import { jsonList, prepareCached } from '../../sql.ts';

/**
 * Op 1 (PUT a campaign). The interface says "updates all fields" but not which are mandatory, so
 * a field left out keeps its value: a client that sends only what its form edits loses nothing.
 * A null (where the field reads as null) clears the value.
 * Cross-field and cross-table rules (dates in order, hashtags and benchmark campaigns of the same
 * brand) answer 422 with the field at fault, like the schema's own rules.
 */

type Row = Record<string, unknown>;

/**
 * A creator range bound as an instant in UTC: the shared schema lets through only a date (read as
 * its UTC midnight) or a date-time with a zone, so no bound depends on the machine's time zone.
 */
function normaliseMoment(
  value: string | null | undefined,
  field: string,
  errors: Record<string, string[]>,
): string | null {
  if (value === null || value === undefined) return null;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) {
    errors[field] = ['Must be a date (YYYY-MM-DD) or a date-time with a zone.'];
    return null;
  }
  return isoSeconds(ms);
}

/** Request topline elements carry fewer fields than responses; keep what the request cannot say. */
function toplineFromRequest(
  request: NonNullable<CampaignUpdate['topline_metrics']>,
  previous: ToplineMetrics,
): ToplineMetrics {
  const result: ToplineMetrics = {};
  if (request.CREATOR_SUMMARY) {
    result.CREATOR_SUMMARY = request.CREATOR_SUMMARY.map((item, index) => ({
      metric: previous.CREATOR_SUMMARY?.[index]?.metric ?? 'TOTAL_ENGAGEMENTS',
      source: item.source,
      goal: item.goal,
    }));
  } else if (previous.CREATOR_SUMMARY) result.CREATOR_SUMMARY = previous.CREATOR_SUMMARY;
  if (request.OWNED_SUMMARY) {
    result.OWNED_SUMMARY = request.OWNED_SUMMARY.map((item) => ({
      id: item.id,
      metric: item.metric,
      source: 'campaign_stats',
      aggregation: 'SUM',
      goal: item.goal,
    }));
  } else if (previous.OWNED_SUMMARY) result.OWNED_SUMMARY = previous.OWNED_SUMMARY;
  if (request.SOCIAL_ADS_SUMMARY) {
    result.SOCIAL_ADS_SUMMARY = request.SOCIAL_ADS_SUMMARY.map((item, index) => ({
      metric: previous.SOCIAL_ADS_SUMMARY?.[index]?.metric ?? 'TOTAL_SPENT',
      source: item.source,
      goal: item.goal,
    }));
  } else if (previous.SOCIAL_ADS_SUMMARY) result.SOCIAL_ADS_SUMMARY = previous.SOCIAL_ADS_SUMMARY;
  return result;
}

function missingIn(
  db: DatabaseSync,
  table: 'hashtags' | 'campaigns',
  brandId: number,
  ids: readonly number[],
): number[] {
  if (ids.length === 0) return [];
  const found = new Set(
    prepareCached(db, `SELECT id FROM ${table} WHERE brand_id = ? AND id IN (SELECT value FROM json_each(?))`)
      .all(brandId, jsonList(ids))
      .map((row) => Number(row.id)),
  );
  return ids.filter((id) => !found.has(id));
}

export function updateCampaign(db: DatabaseSync, row: Row, body: CampaignUpdate, now: Date): void {
  const campaignId = Number(row.id);
  const brandId = Number(row.brand_id);
  const errors: Record<string, string[]> = {};

  // Absent keeps the stored value; null means no value (conventions §3).
  const dateOr = (sent: string | null | undefined, time: string, stored: unknown) =>
    sent === undefined ? (stored as string | null) : sent && `${sent}T${time}Z`;
  const startDate = dateOr(body.start_date, '00:00:00', row.start_date);
  const endDate = dateOr(body.end_date, '23:59:59', row.end_date);
  if (startDate && endDate && startDate > endDate) {
    errors[body.end_date !== undefined ? 'end_date' : 'start_date'] = [
      'end_date must not be before start_date.',
    ];
  }
  const badHashtags = body.hashtag_ids ? missingIn(db, 'hashtags', brandId, body.hashtag_ids) : [];
  if (badHashtags.length > 0)
    errors.hashtag_ids = [`Brand ${brandId} has no hashtag ${badHashtags.join(', ')}.`];
  if (body.benchmark_campaigns?.includes(campaignId)) {
    errors.benchmark_campaigns = ['A campaign cannot be its own benchmark.'];
  } else {
    const badBenchmarks = body.benchmark_campaigns
      ? missingIn(db, 'campaigns', brandId, body.benchmark_campaigns)
      : [];
    if (badBenchmarks.length > 0)
      errors.benchmark_campaigns = [`Brand ${brandId} has no campaign ${badBenchmarks.join(', ')}.`];
  }

  let creatorFilters = JSON.parse(String(row.creator_filters)) as Record<string, unknown>;
  let rangeStart = row.creator_range_start as string | null;
  let rangeEnd = row.creator_range_end as string | null;
  if (body.creator_filters) {
    const range = body.creator_filters.source_created_at;
    if (range) {
      rangeStart = normaliseMoment(range.start, 'creator_filters.source_created_at.start', errors);
      rangeEnd = normaliseMoment(range.end, 'creator_filters.source_created_at.end', errors);
      if (rangeStart && rangeEnd && rangeStart > rangeEnd) {
        errors['creator_filters.source_created_at.end'] = ['end must not be before start.'];
      }
    }
    creatorFilters = {
      excluded_media_ids: body.creator_filters.excluded_media_ids ?? creatorFilters.excluded_media_ids ?? [],
      included_media_ids: body.creator_filters.included_media_ids ?? creatorFilters.included_media_ids ?? [],
      source_created_at: range ? { start: range.start, end: range.end } : creatorFilters.source_created_at,
    };
  }
  const [firstError] = Object.entries(errors);
  if (firstError)
    throw new SandboxError(422, `Invalid request body. ${firstError[0]}: ${firstError[1][0]}`, errors);

  const creatorIds = body.creator_ids ? [...new Set(body.creator_ids)] : undefined;
  if (creatorIds) {
    prepareCached(db, 'DELETE FROM campaign_creators WHERE campaign_id = ?').run(campaignId);
    const insert = prepareCached(db, 'INSERT INTO campaign_creators (campaign_id, creator_id) VALUES (?, ?)');
    for (const creatorId of creatorIds) insert.run(campaignId, creatorId);
  }
  const topline = body.topline_metrics
    ? toplineFromRequest(body.topline_metrics, JSON.parse(String(row.topline_metrics)) as ToplineMetrics)
    : undefined;

  prepareCached(
    db,
    `UPDATE campaigns SET name = ?, start_date = ?, end_date = ?, updated_at = ?, creator_count = ?,
       creator_range_start = ?, creator_range_end = ?, creator_filters = ?, google_analytics_selected_campaigns = ?,
       benchmark_campaigns = ?, hashtag_ids = ?, topline_metrics = ?, ttcm_spark_ads_authorization_days = ?
     WHERE id = ?`,
  ).run(
    body.name ?? String(row.name),
    startDate,
    endDate,
    isoSeconds(now),
    creatorIds ? creatorIds.length : Number(row.creator_count),
    rangeStart,
    rangeEnd,
    JSON.stringify(creatorFilters),
    body.google_analytics_selected_campaigns
      ? JSON.stringify(body.google_analytics_selected_campaigns)
      : String(row.google_analytics_selected_campaigns),
    body.benchmark_campaigns ? JSON.stringify(body.benchmark_campaigns) : String(row.benchmark_campaigns),
    body.hashtag_ids ? JSON.stringify([...new Set(body.hashtag_ids)]) : String(row.hashtag_ids),
    topline ? JSON.stringify(topline) : String(row.topline_metrics),
    body.ttcm_spark_ads_authorization_days === undefined
      ? (row.ttcm_spark_ads_authorization_days as number | null)
      : body.ttcm_spark_ads_authorization_days,
    campaignId,
  );
}
