import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  communityStatsBodySchema,
  idParam,
  overviewStatsQuerySchema,
  unreadInteractionCountsBodySchema,
  type UnreadCountType,
} from '../../../shared/domain/index.ts';
import type { AreaContext } from '../../area.ts';
import { requireBrand, requireBrands } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import {
  overviewStats,
  sentimentDistribution,
  sentimentTimeSeries,
  topKeywords,
  unreadCounts,
  volumeTimeSeries,
  type StatsScope,
} from './stats.ts';
import { goneError, rewriteSingleBrand, singleBrandWithdrawn, withdrawnPaths } from './versioning.ts';

/** Operations 18 to 20, and the per-brand paths they replace (410 after 2025-05-01). */

const ms = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value));

const statsHandlers = {
  sentiment_distribution_stats: sentimentDistribution,
  sentiment_time_series: sentimentTimeSeries,
  top_keywords: topKeywords,
  volume_time_series: volumeTimeSeries,
} as const;

type Unread = z.infer<typeof unreadInteractionCountsBodySchema>;

function unreadTypes(body: Pick<Unread, 'types'>): UnreadCountType[] | undefined {
  return body.types
    ?.split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '') as UnreadCountType[] | undefined;
}

/** The body to validate, the withdrawn brand_id handled first (a null body stays null: a 422). */
function bodyOf(ctx: AreaContext, request: FastifyRequest): unknown {
  const body = request.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body))
    rewriteSingleBrand(ctx, body as Record<string, unknown>, 'body');
  return body;
}

function scopeOf(
  request: FastifyRequest,
  body: { brand_ids: number[]; source_updated_after?: string; source_updated_before?: string },
): StatsScope {
  const brandIds = [...new Set(body.brand_ids)];
  requireBrands(request, brandIds);
  return { brandIds, after: ms(body.source_updated_after), before: ms(body.source_updated_before) };
}

export function registerStatsRoutes(app: FastifyInstance, ctx: AreaContext): void {
  app.post('/community_interactions/unread_interaction_counts', async (request) => {
    const body = parseBody(unreadInteractionCountsBodySchema, bodyOf(ctx, request));
    return { data: unreadCounts(ctx.db, scopeOf(request, body), unreadTypes(body)) };
  });

  app.get('/overview_stats', async (request) => {
    const query = parseQuery(overviewStatsQuerySchema, request.query);
    return { data: overviewStats(ctx.db, scopeOf(request, query)) };
  });

  for (const [name, compute] of Object.entries(statsHandlers)) {
    app.post(`/${name}`, async (request) => {
      const body = parseBody(communityStatsBodySchema, bodyOf(ctx, request));
      return { data: compute(ctx.db, scopeOf(request, body)) };
    });
  }

  registerWithdrawnPaths(app, ctx);
}

const legacyParams = z.strictObject({ brand_id: idParam() });
/** What the per-brand forms took besides the brand: the multi-brand body without brand_ids. */
const legacyUnread = unreadInteractionCountsBodySchema.omit({ brand_ids: true });
const legacyStats = communityStatsBodySchema.omit({ brand_ids: true });

/**
 * The per-brand paths: before 2025-05-01 each answers as its replacement does for that one
 * brand (parameters in the query for GET, in the body for PUT); from then on every method gets
 * 410 naming the replacement.
 */
function registerWithdrawnPaths(app: FastifyInstance, ctx: AreaContext): void {
  for (const entry of withdrawnPaths) {
    app.all(entry.path, async (request, reply) => {
      if (singleBrandWithdrawn(ctx)) throw goneError(entry.replacement);
      if (request.method !== entry.method) {
        reply.header('allow', entry.method);
        throw new SandboxError(405, `${request.method} is not allowed on this path; use ${entry.method}.`);
      }
      const params = parseQuery(legacyParams, request.params);
      requireBrand(request, params.brand_id);
      const input = entry.method === 'GET' ? request.query : request.body;
      const scope = (extra: {
        source_updated_after?: string;
        source_updated_before?: string;
      }): StatsScope => ({
        brandIds: [params.brand_id],
        after: ms(extra.source_updated_after),
        before: ms(extra.source_updated_before),
      });
      const name = entry.path.split('/').pop() ?? '';
      if (name === 'unread_counts') {
        const extra =
          entry.method === 'GET' ? parseQuery(legacyUnread, input) : parseBody(legacyUnread, input);
        return { data: unreadCounts(ctx.db, scope(extra), unreadTypes(extra)) };
      }
      if (name === 'overview_stats') {
        parseQuery(z.strictObject({}), input);
        return { data: overviewStats(ctx.db, scope({})) };
      }
      const extra = entry.method === 'GET' ? parseQuery(legacyStats, input) : parseBody(legacyStats, input);
      const compute = statsHandlers[name as keyof typeof statsHandlers];
      return { data: compute(ctx.db, scope(extra)) };
    });
  }
}
