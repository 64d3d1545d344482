import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  campaignAdsSearchSchema,
  intParam,
  type CampaignAd,
  type CampaignAdsSearchResult,
} from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { requireBrand } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { pageLinks } from '../../http/paging.ts';
import { parseBody, parseQuery, pathId } from '../../http/validate.ts';
import { Where, jsonList, prepareCached } from '../../sql.ts';
import { requireCampaign } from './campaign-store.ts';

/**
 * Op 3: search a campaign's ads. `sort` names a key of the ads' `metrics` object, in any case,
 * ascending, or descending with a leading '-' (as the campaign list's sorts). Without sort the
 * ads come in a stable id order.
 */
export const adMetricKeys = [
  'spend',
  'impressions',
  'reach',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'video_views',
  'engagements',
  'conversions',
] as const;

function orderBy(sort: string | null | undefined): string {
  if (!sort) return 'id ASC';
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort).toLowerCase();
  if (!(adMetricKeys as readonly string[]).includes(key)) {
    throw new SandboxError(422, `Invalid request body. sort: must name an ad metric.`, {
      sort: [`Must be one of ${adMetricKeys.join(', ')} (a leading - for descending).`],
    });
  }
  const direction = descending ? 'DESC' : 'ASC';
  return `json_extract(metrics, '$.${key}') ${direction}, id ${direction}`;
}

/**
 * `paging.next` and `previous` are URLs (interface.md): a client that POSTs one with its same
 * search body must get that page, so `limit` and `offset` in the query win over the body's.
 */
const adsPageQuerySchema = z.strictObject({
  limit: intParam({ min: 0, max: 100 }).optional(),
  offset: intParam({ min: 0 }).optional(),
});

export function adsRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  app.post(
    '/brands/:brand_id/campaigns/:campaign_id/ads/search',
    { config: { rateLimit: { bucket: 'ads-search', limit: 120 } } },
    async (request) => {
      const brandId = pathId(request.params, 'brand_id');
      const campaignId = pathId(request.params, 'campaign_id');
      requireBrand(request, brandId);
      requireCampaign(db, brandId, campaignId);
      const page = parseQuery(adsPageQuerySchema, request.query);
      const body = parseBody(campaignAdsSearchSchema, request.body);
      const limit = page.limit ?? body.limit;
      const offset = page.offset ?? body.offset;
      const order = orderBy(body.sort);
      const where = new Where().add('campaign_id = ?', campaignId).add('source = ?', body.source);
      if (body.source_campaign_ids && body.source_campaign_ids.length > 0) {
        where.add(
          'source_campaign_id IN (SELECT value FROM json_each(?))',
          jsonList(body.source_campaign_ids),
        );
      }
      const count = Number(
        prepareCached(db, `SELECT COUNT(*) AS n FROM campaign_ads ${where}`).get(...where.params)?.n,
      );
      const rows = prepareCached(
        db,
        `SELECT * FROM campaign_ads ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ).all(...where.params, limit, offset);
      const data: CampaignAd[] = rows.map((row) => ({
        source: row.source as CampaignAd['source'],
        ad_name: String(row.ad_name),
        ad_status: String(row.ad_status),
        media: JSON.parse(String(row.media)) as CampaignAd['media'],
        metrics: JSON.parse(String(row.metrics)) as unknown,
        source_ad_account_id: String(row.source_ad_account_id),
        source_ad_id: String(row.source_ad_id),
        source_campaign_id: String(row.source_campaign_id),
      }));
      const answer: CampaignAdsSearchResult = {
        data,
        paging: pageLinks(request, ctx.baseUrl(), { limit, offset, count }),
      };
      return answer;
    },
  );
}
