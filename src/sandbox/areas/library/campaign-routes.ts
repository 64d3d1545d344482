import type { FastifyInstance } from 'fastify';
import {
  campaignListQuerySchema,
  campaignSchema,
  campaignUpdateSchema,
  type CampaignList,
} from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { requireBrand } from '../../http/auth.ts';
import { pageLinks } from '../../http/paging.ts';
import { parseBody, parseQuery, pathId } from '../../http/validate.ts';
import { transaction } from '../../sql.ts';
import { listCampaignIds, loadCampaignSummaries, loadCampaigns, requireCampaign } from './campaign-store.ts';
import { updateCampaign } from './campaign-update.ts';

/** Ops 1 and 2: update a campaign, list a brand's campaigns (conventions §5 and §6). */
export function campaignRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;

  app.get('/brands/:brand_id/campaigns', async (request) => {
    const brandId = pathId(request.params, 'brand_id');
    requireBrand(request, brandId);
    const query = parseQuery(campaignListQuerySchema, request.query);
    const { ids, count } = listCampaignIds(db, brandId, query, ctx.now());
    const data = query.summary ? loadCampaignSummaries(db, ids) : loadCampaigns(db, ids);
    const answer: CampaignList = {
      data,
      paging: pageLinks(request, ctx.baseUrl(), { limit: query.limit, offset: query.offset, count }),
    };
    return answer;
  });

  app.put('/brands/:brand_id/campaigns/:campaign_id', async (request) => {
    const brandId = pathId(request.params, 'brand_id');
    const campaignId = pathId(request.params, 'campaign_id');
    requireBrand(request, brandId);
    const row = requireCampaign(db, brandId, campaignId);
    const body = parseBody(campaignUpdateSchema, request.body, { resource: campaignSchema });
    transaction(db, () => updateCampaign(db, row, body, ctx.now()));
    return loadCampaigns(db, [campaignId])[0];
  });
}
