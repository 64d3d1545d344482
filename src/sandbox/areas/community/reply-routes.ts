import type { FastifyInstance } from 'fastify';
import {
  replyCreateSchema,
  replyNetworkOf,
  replySchema,
  replyTextProblem,
} from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { callerOf, requireBrand } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { parseBody, pathId } from '../../http/validate.ts';
import { statement } from './interaction-store.ts';
import { createReply } from './reply-store.ts';
import { findTiktokReply } from './tiktok-replies.ts';

/**
 * The reply extension (conventions §9): `POST /community_interactions/{id}/replies` → 201 with
 * the brand user reply and its text. Left out with `--without replies`, where the path is a 404
 * as on a service without it.
 */
export function registerReplyRoutes(app: FastifyInstance, ctx: AreaContext): void {
  app.post('/community_interactions/:community_interaction_id/replies', async (request, reply) => {
    const id = pathId(request.params, 'community_interaction_id', 'community interaction with id');
    const row = statement(ctx.db, 'SELECT brand_id, type FROM community_interactions WHERE id = ?').get(id);
    if (!row) {
      const found = findTiktokReply(ctx.db, id);
      if (!found) throw new SandboxError(404, `No community interaction with id ${id}.`);
      requireBrand(request, found.brandId);
      // One level of replies (interface.md): a reply is answered in its thread.
      throw new SandboxError(
        422,
        `Interaction ${id} is a reply in TikTok comment ${found.threadId}: answer the thread, POST /community_interactions/${found.threadId}/replies.`,
        {
          community_interaction_id: [
            `A reply in TikTok comment ${found.threadId}: reply to ${found.threadId} instead.`,
          ],
        },
      );
    }
    const brandId = Number(row.brand_id);
    const type = String(row.type);
    requireBrand(request, brandId);
    const body = parseBody(replyCreateSchema, request.body, { resource: replySchema });
    const network = replyNetworkOf(type);
    if (network === null) {
      throw new SandboxError(422, `A ${type} cannot be answered.`, {
        community_interaction_id: [`A ${type} cannot be answered.`],
      });
    }
    const problem = replyTextProblem(network, body.text);
    if (problem !== null)
      throw new SandboxError(422, `Invalid request body. text: ${problem}`, { text: [problem] });
    const userId = body.user_id ?? callerOf(request).userId;
    if (body.user_id !== undefined) {
      const member = statement(
        ctx.db,
        'SELECT 1 AS ok FROM user_brands WHERE user_id = ? AND brand_id = ?',
      ).get(userId, brandId);
      if (!member) {
        const message = `User ${userId} does not work on brand ${brandId}.`;
        throw new SandboxError(422, `Invalid request body. user_id: ${message}`, { user_id: [message] });
      }
    }
    const created = createReply(ctx.db, {
      interactionId: id,
      brandId,
      type,
      userId,
      text: body.text,
      now: ctx.now(),
    });
    return reply.code(201).send({ data: created });
  });
}
