import type { DatabaseSync } from 'node:sqlite';
import type { Campaign, CampaignListQuery, CampaignSummary } from '../../../shared/domain/index.ts';
import { isoSeconds } from '../../clock.ts';
import { SandboxError } from '../../http/errors.ts';
import { Where, jsonList, likePattern, prepareCached } from '../../sql.ts';
import { campaignTotals, type MediaStatsRow } from './stats.ts';

/** Campaign reads and writes over the library tables. */

type Row = Record<string, unknown>;

/** The creators (external creator accounts) a brand works with: stable ids per brand. */
export function creatorPool(brandId: number): number[] {
  return Array.from({ length: 30 }, (_, i) => brandId * 1000 + i + 1);
}

const mediaStatsColumns = `m.channel, m.origin, m.media_type, m.impressions, m.reach, m.engagements, m.likes,
  m.comments, m.saves, m.shares, m.video_views, m.link_clicks, m.watch_seconds, m.paid_impressions`;

/** The campaign's media with their statistics, optionally only those published in [from, to]. */
export function campaignMediaStats(
  db: DatabaseSync,
  campaignId: number,
  from?: string,
  to?: string,
): MediaStatsRow[] {
  const rows = prepareCached(
    db,
    `SELECT ${mediaStatsColumns} FROM campaign_media cm JOIN media m ON m.id = cm.media_id
      WHERE cm.campaign_id = ? AND m.published_at >= ? AND m.published_at <= ?`,
  ).all(campaignId, from ?? '', to ?? '\uffff');
  return rows as unknown as MediaStatsRow[];
}

/** Recomputes the totals stored on the campaign from its media (after seeding or adding media). */
export function refreshCampaignTotals(db: DatabaseSync, campaignId: number): void {
  const totals = campaignTotals(campaignMediaStats(db, campaignId));
  const span = prepareCached(
    db,
    `SELECT MIN(m.published_at) AS earliest, MAX(m.published_at) AS latest
       FROM campaign_media cm JOIN media m ON m.id = cm.media_id WHERE cm.campaign_id = ?`,
  ).get(campaignId);
  prepareCached(
    db,
    `UPDATE campaigns SET number_of_media = ?, avg_emv = ?, avg_engagement_rate = ?, avg_engagements = ?,
       total_clicks = ?, total_creator_likes = ?, total_emv = ?, total_engagements = ?, total_impressions = ?,
       total_video_views = ?, earliest_media_published_date = ?, latest_media_published_date = ? WHERE id = ?`,
  ).run(
    totals.number_of_media,
    totals.avg_emv,
    totals.avg_engagement_rate,
    totals.avg_engagements,
    totals.total_clicks,
    totals.total_creator_likes,
    totals.total_emv,
    totals.total_engagements,
    totals.total_impressions,
    totals.total_video_views,
    (span?.earliest as string | null) ?? null,
    (span?.latest as string | null) ?? null,
    campaignId,
  );
}

const sortColumns: Record<string, string> = {
  CREATED: 'created_at',
  NAME: 'name COLLATE NOCASE',
  NUMBER_OF_MEDIA: 'number_of_media',
  AVG_ENGAGEMENTS: 'avg_engagements',
  AVG_ENGAGEMENT_RATE: 'avg_engagement_rate',
  AVG_EMV: 'avg_emv',
  TOTAL_CREATOR_LIKES: 'total_creator_likes',
  TOTAL_ENGAGEMENTS: 'total_engagements',
  TOTAL_EMV: 'total_emv',
  TOTAL_CLICKS: 'total_clicks',
  TOTAL_IMPRESSIONS: 'total_impressions',
  TOTAL_VIDEO_VIEWS: 'total_video_views',
};

/**
 * Active (interface.md op 2): the current date lies inside the creator filters' date range; a
 * creator campaign with no range is always active. A campaign with neither creators nor a range
 * is not a creator campaign, so it counts as inactive.
 */
const activeClause = `((creator_range_start IS NOT NULL OR creator_range_end IS NOT NULL OR creator_count > 0)
  AND (creator_range_start IS NULL OR creator_range_start <= ?)
  AND (creator_range_end IS NULL OR creator_range_end >= ?))`;

/** The filtered, sorted page of a brand's campaigns and the total count. Default order: newest first. */
export function listCampaignIds(
  db: DatabaseSync,
  brandId: number,
  query: CampaignListQuery,
  now: Date,
): { ids: number[]; count: number } {
  const where = new Where().add('brand_id = ?', brandId);
  if (query.ids) where.add('id IN (SELECT value FROM json_each(?))', jsonList(query.ids));
  if (query.search !== undefined && query.search !== '') {
    where.add("name LIKE ? ESCAPE '\\'", likePattern(query.search));
  }
  if (query.creator_id !== undefined) {
    where.add('id IN (SELECT campaign_id FROM campaign_creators WHERE creator_id = ?)', query.creator_id);
  }
  if (query.has_creators !== undefined)
    where.add(query.has_creators ? 'creator_count > 0' : 'creator_count = 0');
  const nowIso = isoSeconds(now);
  if (query.activity === 'ACTIVE') where.add(activeClause, nowIso, nowIso);
  if (query.activity === 'INACTIVE') where.add(`NOT ${activeClause}`, nowIso, nowIso);

  const sort = query.sort ?? '-CREATED';
  const descending = sort.startsWith('-');
  const column = sortColumns[descending ? sort.slice(1) : sort] ?? 'created_at';
  const direction = descending ? 'DESC' : 'ASC';
  const count = Number(
    prepareCached(db, `SELECT COUNT(*) AS n FROM campaigns ${where}`).get(...where.params)?.n ?? 0,
  );
  const ids = prepareCached(
    db,
    `SELECT id FROM campaigns ${where} ORDER BY ${column} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
  )
    .all(...where.params, query.limit, query.offset)
    .map((row) => Number(row.id));
  return { ids, count };
}

const parseJson = <T>(value: unknown, fallback: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : fallback;
const bool = (value: unknown) => Number(value) === 1;

function groupBy<T>(rows: Row[], key: string, map: (row: Row) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(row[key]);
    const list = groups.get(id) ?? [];
    list.push(map(row));
    groups.set(id, list);
  }
  return groups;
}

/** Full campaign objects for these ids, in the given order (batched: a handful of queries per page). */
export function loadCampaigns(db: DatabaseSync, ids: readonly number[]): Campaign[] {
  if (ids.length === 0) return [];
  const list = jsonList(ids);
  const rows = prepareCached(db, 'SELECT * FROM campaigns WHERE id IN (SELECT value FROM json_each(?))').all(
    list,
  );
  const creators = groupBy(
    prepareCached(
      db,
      'SELECT campaign_id, creator_id FROM campaign_creators WHERE campaign_id IN (SELECT value FROM json_each(?)) ORDER BY creator_id',
    ).all(list),
    'campaign_id',
    (row) => Number(row.creator_id),
  );
  const adCampaigns = groupBy(
    prepareCached(
      db,
      `SELECT DISTINCT campaign_id, source, source_ad_account_id, source_campaign_id FROM campaign_ads
        WHERE campaign_id IN (SELECT value FROM json_each(?)) ORDER BY source, source_campaign_id`,
    ).all(list),
    'campaign_id',
    (row) => ({
      source: String(row.source),
      source_ad_account_id: String(row.source_ad_account_id),
      source_campaign_id: String(row.source_campaign_id),
    }),
  );
  const topMedia = groupBy(
    prepareCached(
      db,
      `SELECT * FROM (SELECT cm.campaign_id, m.id, m.channel, m.media_type, m.image_url, m.published_at, m.engagements,
          m.impressions, ROW_NUMBER() OVER (PARTITION BY cm.campaign_id ORDER BY m.engagements DESC, m.id) AS rank
          FROM campaign_media cm JOIN media m ON m.id = cm.media_id
          WHERE cm.campaign_id IN (SELECT value FROM json_each(?))) WHERE rank <= 3 ORDER BY rank`,
    ).all(list),
    'campaign_id',
    (row) => ({
      id: Number(row.id),
      channel: String(row.channel),
      media_type: String(row.media_type),
      image_url: String(row.image_url),
      published_at: String(row.published_at),
      engagements: Number(row.engagements),
      impressions: Number(row.impressions),
    }),
  );
  const creatorSources = groupBy(
    prepareCached(
      db,
      `SELECT DISTINCT cm.campaign_id, m.channel FROM campaign_media cm JOIN media m ON m.id = cm.media_id
        WHERE m.origin = 'CREATOR' AND cm.campaign_id IN (SELECT value FROM json_each(?)) ORDER BY m.channel`,
    ).all(list),
    'campaign_id',
    (row) => String(row.channel),
  );
  const hashtagNames = new Map(
    prepareCached(
      db,
      `SELECT id, name FROM hashtags WHERE brand_id IN
         (SELECT DISTINCT brand_id FROM campaigns WHERE id IN (SELECT value FROM json_each(?)))`,
    )
      .all(list)
      .map((row) => [Number(row.id), String(row.name)] as const),
  );

  const byId = new Map<number, Campaign>();
  for (const row of rows) {
    const id = Number(row.id);
    const ads = adCampaigns.get(id) ?? [];
    byId.set(id, {
      id,
      brand_id: Number(row.brand_id),
      name: String(row.name),
      start_date: (row.start_date as string | null) ?? null,
      end_date: (row.end_date as string | null) ?? null,
      created_at: String(row.created_at),
      updated_at: String(row.updated_at),
      earliest_media_published_date: (row.earliest_media_published_date as string | null) ?? null,
      latest_media_published_date: (row.latest_media_published_date as string | null) ?? null,
      ad_campaigns: ads,
      creator_ids: creators.get(id) ?? [],
      creator_filters: parseJson(row.creator_filters, {}),
      google_analytics_selected_campaigns: parseJson(row.google_analytics_selected_campaigns, []),
      included_media_sources: parseJson(row.included_media_sources, []),
      has_relationships: bool(row.has_relationships),
      has_ugc: bool(row.has_ugc),
      show_v1_facebook_metrics: bool(row.show_v1_facebook_metrics),
      show_v1_instagram_metrics: bool(row.show_v1_instagram_metrics),
      show_v2_facebook_metrics: bool(row.show_v2_facebook_metrics),
      show_v2_instagram_metrics: bool(row.show_v2_instagram_metrics),
      number_of_media: Number(row.number_of_media),
      avg_emv: Number(row.avg_emv),
      avg_engagement_rate: Number(row.avg_engagement_rate),
      avg_engagements: Number(row.avg_engagements),
      total_clicks: Number(row.total_clicks),
      total_creator_likes: Number(row.total_creator_likes),
      total_emv: Number(row.total_emv),
      total_engagements: Number(row.total_engagements),
      total_impressions: Number(row.total_impressions),
      total_video_views: Number(row.total_video_views),
      ttcm_orders_campaign_code: (row.ttcm_orders_campaign_code as string | null) ?? null,
      ttcm_orders_invite_link: (row.ttcm_orders_invite_link as string | null) ?? null,
      ttcm_spark_ads_authorization_days:
        row.ttcm_spark_ads_authorization_days === null ? null : Number(row.ttcm_spark_ads_authorization_days),
      topline_metrics: parseJson(row.topline_metrics, {}),
      benchmark_campaigns: parseJson(row.benchmark_campaigns, []),
      hashtags: parseJson<number[]>(row.hashtag_ids, []).map((hashtagId) => ({
        id: hashtagId,
        name: hashtagNames.get(hashtagId) ?? null,
      })),
      included_ad_sources: [...new Set(ads.map((ad) => ad.source))],
      included_creator_sources: creatorSources.get(id) ?? [],
      top_media: topMedia.get(id) ?? [],
    });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Summary objects (conventions §6), in the given order. */
export function loadCampaignSummaries(db: DatabaseSync, ids: readonly number[]): CampaignSummary[] {
  if (ids.length === 0) return [];
  const rows = prepareCached(
    db,
    `SELECT id, brand_id, name, start_date, end_date, number_of_media, created_at, updated_at
       FROM campaigns WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(jsonList(ids));
  const byId = new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        brand_id: Number(row.brand_id),
        name: String(row.name),
        start_date: (row.start_date as string | null) ?? null,
        end_date: (row.end_date as string | null) ?? null,
        number_of_media: Number(row.number_of_media),
        created_at: String(row.created_at),
        updated_at: String(row.updated_at),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The campaign row of this brand, or 404 (a campaign of another brand is not found either). */
export function requireCampaign(db: DatabaseSync, brandId: number, campaignId: number): Row {
  const row = prepareCached(db, 'SELECT * FROM campaigns WHERE id = ? AND brand_id = ?').get(
    campaignId,
    brandId,
  );
  if (!row) {
    throw new SandboxError(404, `Brand ${brandId} has no campaign ${campaignId}.`, {
      campaign_id: [`No campaign ${campaignId} in brand ${brandId}.`],
    });
  }
  return row;
}
