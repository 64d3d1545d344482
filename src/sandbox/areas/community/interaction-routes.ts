import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  communityInteractionListQuerySchema,
  communityInteractionSchema,
  communityInteractionUpdateSchema,
  interactionTagCreateSchema,
  interactionTagSchema,
  tagListQuerySchema,
} from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { requireBrand, requireBrands } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { pageLinks } from '../../http/paging.ts';
import { parseBody, parseQuery, pathId } from '../../http/validate.ts';
import { filterOf, listInteractionIds } from './interaction-list.ts';
import { updateInteraction } from './interaction-update.ts';
import { renderInteractions } from './interaction-view.ts';
import { statement } from './interaction-store.ts';
import { createTag, listTags } from './tag-store.ts';

/** Operations 14 to 17 and the PATCH extension (conventions §9). */

function idParamOf(request: FastifyRequest, what: string): number {
  return pathId(request.params, 'community_interaction_id', `${what} with id`);
}

/** The brand and type of an interaction the caller may reach: 404 unknown, 403 another brand's. */
function locate(
  request: FastifyRequest,
  ctx: AreaContext,
  id: number,
  what: string,
): { brandId: number; type: string } {
  const row = statement(ctx.db, 'SELECT brand_id, type FROM community_interactions WHERE id = ?').get(id);
  if (!row) throw new SandboxError(404, `No ${what} with id ${id}.`);
  requireBrand(request, Number(row.brand_id));
  return { brandId: Number(row.brand_id), type: String(row.type) };
}

/** Lower-cased search tokens of a query, for the snippet (commas split keywords). */
function searchTokens(query: string | undefined): string[] {
  return query?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function registerInteractionRoutes(app: FastifyInstance, ctx: AreaContext): void {
  app.post('/tags', async (request, reply) => {
    const body = parseBody(interactionTagCreateSchema, request.body, { resource: interactionTagSchema });
    requireBrand(request, body.brand_id);
    return reply.code(201).send({ data: createTag(ctx.db, body.brand_id, body.name, body.color, ctx.now()) });
  });

  app.get('/tags', async (request) => {
    const query = parseQuery(tagListQuerySchema, request.query);
    const brandIds = [...new Set(query.brand_ids)];
    requireBrands(request, brandIds);
    return { data: listTags(ctx.db, brandIds) };
  });

  app.get('/community_interactions', async (request) => {
    const query = parseQuery(communityInteractionListQuerySchema, request.query);
    const filter = filterOf({ ...query, brand_ids: [...new Set(query.brand_ids)] });
    requireBrands(request, filter.brandIds);
    const page = { limit: query.limit, offset: query.offset };
    const { count, ids } = listInteractionIds(ctx.db, filter, query.sort ?? '-SOURCE_UPDATED_AT', page);
    return {
      data: renderInteractions(ctx.db, ids, { searchTokens: searchTokens(query.query) }),
      paging: { ...pageLinks(request, ctx.baseUrl(), { ...page, count }), offset: query.offset },
    };
  });

  app.get('/tiktok_comments/:community_interaction_id', async (request) => {
    const id = idParamOf(request, 'TikTok comment');
    const { type } = locate(request, ctx, id, 'TikTok comment');
    if (type !== 'TIKTOK_COMMENT')
      throw new SandboxError(404, `Interaction ${id} is a ${type}, not a TikTok comment.`);
    return renderInteractions(ctx.db, [id])[0];
  });

  app.patch('/community_interactions/:community_interaction_id', async (request) => {
    const id = idParamOf(request, 'community interaction');
    const { brandId } = locate(request, ctx, id, 'community interaction');
    const body = parseBody(communityInteractionUpdateSchema, request.body, {
      resource: communityInteractionSchema,
    });
    updateInteraction(ctx.db, { id, brandId, changes: body, now: ctx.now() });
    return renderInteractions(ctx.db, [id])[0];
  });
}
