import type { FastifyInstance } from 'fastify';
import { campaignStatsQuerySchema, type CampaignStatsOverview } from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { isoSeconds } from '../../clock.ts';
import { requireBrand } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { parseQuery, pathId } from '../../http/validate.ts';
import { campaignMediaStats, requireCampaign } from './campaign-store.ts';
import { statsOverview } from './stats.ts';

/** A date alone means the whole day: from its first second, to its last second. */
function bound(value: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (value === undefined) return undefined;
  if (value.length === 10) return `${value}${edge === 'start' ? 'T00:00:00Z' : 'T23:59:59Z'}`;
  return isoSeconds(Date.parse(value));
}

/** Op 5: the statistics overview over the campaign's media published between start and end. */
export function statsRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  app.get('/brands/:brand_id/campaigns/:campaign_id/stats/overview', async (request) => {
    const brandId = pathId(request.params, 'brand_id');
    const campaignId = pathId(request.params, 'campaign_id');
    requireBrand(request, brandId);
    requireCampaign(db, brandId, campaignId);
    const query = parseQuery(campaignStatsQuerySchema, request.query);
    const from = bound(query.start_date, 'start');
    const to = bound(query.end_date, 'end');
    if (from && to && from > to) {
      throw new SandboxError(422, 'Invalid query parameters. end_date must not be before start_date.', {
        end_date: ['Must not be before start_date.'],
      });
    }
    const answer: CampaignStatsOverview = {
      data: statsOverview(campaignMediaStats(db, campaignId, from, to)),
    };
    return answer;
  });
}
