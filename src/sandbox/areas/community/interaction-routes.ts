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
import { findTiktokReply, type FoundReply } from './tiktok-replies.ts';

/** Operations 14 to 17 and the PATCH extension (conventions §9). */

function idParamOf(request: FastifyRequest, what: string): number {
  return pathId(request.params, 'community_interaction_id', `${what} with id`);
}

type Located = { brandId: number; type: string; reply?: undefined } | { reply: FoundReply };

/**
 * The brand and type of an interaction the caller may reach, or the TikTok reply the id names:
 * 404 for neither, 403 for another brand's (a reply's brand is its thread's).
 */
function locate(request: FastifyRequest, ctx: AreaContext, id: number, what: string): Located {
  const row = statement(ctx.db, 'SELECT brand_id, type FROM community_interactions WHERE id = ?').get(id);
  if (row) {
    requireBrand(request, Number(row.brand_id));
    return { brandId: Number(row.brand_id), type: String(row.type) };
  }
  const reply = findTiktokReply(ctx.db, id);
  if (!reply) throw new SandboxError(404, `No ${what} with id ${id}.`);
  requireBrand(request, reply.brandId);
  return { reply };
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
    const located = locate(request, ctx, id, 'TikTok comment');
    // A reply is a TikTok comment too: its id answers the reply, as its thread shows it.
    if (located.reply) return located.reply.reply;
    const { type } = located;
    if (type !== 'TIKTOK_COMMENT')
      throw new SandboxError(404, `Interaction ${id} is a ${type}, not a TikTok comment.`);
    return renderInteractions(ctx.db, [id])[0];
  });

  app.patch('/community_interactions/:community_interaction_id', async (request) => {
    const id = idParamOf(request, 'community interaction');
    const located = locate(request, ctx, id, 'community interaction');
    if (located.reply) {
      // A reply has no inbox state of its own: it shows its thread's. 422 rather than 404, so a
      // client does not take the answer for "no PATCH extension here" (conventions, extensions).
      const thread = located.reply.threadId;
      throw new SandboxError(
        422,
        `Interaction ${id} is a reply in TikTok comment ${thread}, whose read, archived, follow-up, tag and assignee state it shares: send PATCH /community_interactions/${thread}.`,
        { community_interaction_id: [`A reply in TikTok comment ${thread}: patch ${thread} instead.`] },
      );
    }
    const { brandId } = located;
    const body = parseBody(communityInteractionUpdateSchema, request.body, {
      resource: communityInteractionSchema,
    });
    updateInteraction(ctx.db, { id, brandId, changes: body, now: ctx.now() });
    return renderInteractions(ctx.db, [id])[0];
  });
}
