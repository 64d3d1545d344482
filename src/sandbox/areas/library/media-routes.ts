import type { FastifyInstance } from 'fastify';
import { campaignAddMediaSchema, campaignMediaQuerySchema } from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { isoSeconds } from '../../clock.ts';
import { requireBrand } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { parseBody, parseQuery, pathId } from '../../http/validate.ts';
import { jsonList, prepareCached, transaction } from '../../sql.ts';
import { refreshCampaignTotals, requireCampaign } from './campaign-store.ts';

/**
 * Op 4: add owned media to a campaign, named by media ids and/or gallery ids (a gallery adds all
 * of its media), from the query, the body or both. Media already in the campaign stay once.
 * Ids that are not in this brand's library answer 422 and nothing is added.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  app.post('/brands/:brand_id/campaigns/:campaign_id/media', async (request, reply) => {
    const brandId = pathId(request.params, 'brand_id');
    const campaignId = pathId(request.params, 'campaign_id');
    requireBrand(request, brandId);
    requireCampaign(db, brandId, campaignId);
    const query = parseQuery(campaignMediaQuerySchema, request.query);
    const body = parseBody(campaignAddMediaSchema, request.body);
    const mediaIds = [...new Set([...(query.media_ids ?? []), ...(body.media_ids ?? [])])];
    const galleryIds = [...new Set([...(query.gallery_ids ?? []), ...(body.gallery_ids ?? [])])];
    if (mediaIds.length === 0 && galleryIds.length === 0) {
      throw new SandboxError(
        422,
        'Name the media to add: media_ids or gallery_ids, in the query or the body.',
        {
          media_ids: ['Send media_ids or gallery_ids.'],
        },
      );
    }
    const errors: Record<string, string[]> = {};
    const known = (table: 'media' | 'galleries', ids: number[]) =>
      new Set(
        prepareCached(
          db,
          `SELECT id FROM ${table} WHERE brand_id = ? AND id IN (SELECT value FROM json_each(?))`,
        )
          .all(brandId, jsonList(ids))
          .map((row) => Number(row.id)),
      );
    const knownMedia = known('media', mediaIds);
    const unknownMedia = mediaIds.filter((id) => !knownMedia.has(id));
    if (unknownMedia.length > 0)
      errors.media_ids = [`Not in brand ${brandId}'s library: ${unknownMedia.join(', ')}.`];
    const knownGalleries = known('galleries', galleryIds);
    const unknownGalleries = galleryIds.filter((id) => !knownGalleries.has(id));
    if (unknownGalleries.length > 0)
      errors.gallery_ids = [`Brand ${brandId} has no gallery ${unknownGalleries.join(', ')}.`];
    const [first] = Object.entries(errors);
    if (first) throw new SandboxError(422, `Invalid media to add. ${first[0]}: ${first[1][0]}`, errors);

    transaction(db, () => {
      prepareCached(
        db,
        `INSERT OR IGNORE INTO campaign_media (campaign_id, media_id)
           SELECT ?, value FROM json_each(?)
           UNION SELECT ?, media_id FROM gallery_media WHERE gallery_id IN (SELECT value FROM json_each(?))`,
      ).run(campaignId, jsonList(mediaIds), campaignId, jsonList(galleryIds));
      refreshCampaignTotals(db, campaignId);
      prepareCached(db, 'UPDATE campaigns SET updated_at = ? WHERE id = ?').run(
        isoSeconds(ctx.now()),
        campaignId,
      );
    });
    return reply.code(204).send();
  });
}
