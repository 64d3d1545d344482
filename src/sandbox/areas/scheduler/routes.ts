import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  scheduledPostListQuerySchema,
  scheduledPostReadQuerySchema,
  scheduledPostSchemas,
  schedulerChannels,
  type ScheduledPostListQuery,
  type SchedulerChannel,
} from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { callerOf, requireBrand, requireBrands } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { pageLinks } from '../../http/paging.ts';
import { parseBody, parseQuery, pathId } from '../../http/validate.ts';
import { listPosts } from './post-list.ts';
import { publishDue } from './publisher.ts';
import { deletePost, getPost, savePost, type StoredPost } from './post-store.ts';
import { renderPost } from './post-view.ts';
import { buildNewPost, buildUpdatedPost, refusePostOnlyReplyFields } from './post-writer.ts';

/** CRUD on /{channel}/scheduled_posts for every channel (conventions §7). */

/** Loads a post the caller may reach: 404 unknown (or on another channel), 403 another brand's. */
function loadPost(request: FastifyRequest, ctx: AreaContext, channel: SchedulerChannel): StoredPost {
  const id = pathId(request.params, 'post_id', `${channel} scheduled post with id`);
  const post = getPost(ctx.db, channel, id);
  if (!post) throw new SandboxError(404, `No ${channel} scheduled post with id ${id}.`);
  requireBrand(request, post.brand_id);
  return post;
}

/**
 * The brands a list covers: brand_id and/or brand_ids; a normal user must send one of them
 * (422), an application user who sends neither gets all of its brands (conventions §2).
 */
function listBrands(request: FastifyRequest, query: ScheduledPostListQuery): number[] {
  const sent = [...(query.brand_id !== undefined ? [query.brand_id] : []), ...(query.brand_ids ?? [])];
  if (sent.length === 0) {
    const caller = callerOf(request);
    if (caller.isApplicationUser) return caller.brandIds;
    throw new SandboxError(
      422,
      'Send brand_id or brand_ids: only application users may list without a brand.',
      {
        brand_id: ['Required unless brand_ids is sent.'],
        brand_ids: ['Required unless brand_id is sent.'],
      },
    );
  }
  const brandIds = [...new Set(sent)];
  requireBrands(request, brandIds, query.brand_ids ? 'brand_ids' : 'brand_id');
  return brandIds;
}

export function registerPostRoutes(app: FastifyInstance, ctx: AreaContext): void {
  // Due posts are published before a scheduler request is answered, not only on the publisher's
  // next tick: a post read after its time, or after a client asked AUTOPUBLISHING ("publish
  // now"), is already POSTED or FAILED, so what a client sees does not depend on timer luck.
  app.addHook('onRequest', async () => {
    publishDue(ctx.db, ctx.now());
  });
  for (const channel of schedulerChannels) {
    const schemas = scheduledPostSchemas[channel];
    const collection = `/${channel}/scheduled_posts`;
    const item = `${collection}/:post_id`;

    app.post(collection, async (request, reply) => {
      const body = parseBody(schemas.create, request.body, { resource: schemas.post }) as Record<
        string,
        unknown
      > & { brand_id: number };
      refusePostOnlyReplyFields(body);
      requireBrand(request, body.brand_id);
      const post = buildNewPost({ db: ctx.db, channel, now: ctx.now() }, body);
      savePost(ctx.db, channel, post);
      return reply.code(201).send(renderPost(post, false));
    });

    app.get(collection, async (request) => {
      const query = parseQuery(scheduledPostListQuerySchema, request.query);
      const brandIds = listBrands(request, query);
      const { count, posts } = listPosts(ctx.db, { channel, brandIds, query });
      return {
        data: posts.map((post) => renderPost(post, query.resolve_references === true)),
        paging: pageLinks(request, ctx.baseUrl(), { limit: query.limit, offset: query.offset, count }),
      };
    });

    app.get(item, async (request) => {
      const query = parseQuery(scheduledPostReadQuerySchema, request.query);
      return renderPost(loadPost(request, ctx, channel), query.resolve_references === true);
    });

    app.patch(item, async (request) => {
      const existing = loadPost(request, ctx, channel);
      const body = parseBody(schemas.update, request.body, { resource: schemas.post }) as Record<
        string,
        unknown
      >;
      refusePostOnlyReplyFields(body);
      if (typeof body.brand_id === 'number') requireBrand(request, body.brand_id);
      const post = buildUpdatedPost({ db: ctx.db, channel, now: ctx.now() }, existing, body);
      savePost(ctx.db, channel, post);
      return renderPost(post, false);
    });

    app.delete(item, async (request, reply) => {
      const post = loadPost(request, ctx, channel);
      deletePost(ctx.db, channel, post.id);
      return reply.code(204).send();
    });
  }
}
