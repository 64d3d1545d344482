import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AreaContext } from '../../area.ts';
import { SandboxError } from '../../http/errors.ts';

/**
 * Conventions §10: on and after 2025-05-01 (sandbox clock) the single-brand forms of the
 * community area are withdrawn. Before that date they still work, as aliases of the multi-brand
 * forms, so a client can be tested on both sides of the date with `--now`.
 */
export const singleBrandWithdrawnAt = Date.parse('2025-05-01T00:00:00Z');

export function singleBrandWithdrawn(ctx: AreaContext): boolean {
  return ctx.now().getTime() >= singleBrandWithdrawnAt;
}

/**
 * The withdrawn `brand_id` in a query string or a body: 400 naming `brand_ids` after the date;
 * before it, rewritten in place to `brand_ids` (a comma list in a query, an array in a body).
 */
export function rewriteSingleBrand(
  ctx: AreaContext,
  source: Record<string, unknown>,
  where: 'query' | 'body',
): void {
  if (!('brand_id' in source)) return;
  if (singleBrandWithdrawn(ctx)) {
    const form = where === 'query' ? 'brand_ids=1,2,3' : '"brand_ids": [1, 2, 3]';
    throw new SandboxError(
      400,
      `The single brand_id ${where === 'query' ? 'parameter' : 'field'} was withdrawn on 2025-05-01: send brand_ids (${form}) instead.`,
      {
        brand_id: ['Withdrawn: use brand_ids.'],
      },
    );
  }
  const value = source.brand_id;
  delete source.brand_id;
  if (source.brand_ids === undefined) {
    source.brand_ids = where === 'query' ? value : typeof value === 'number' ? [value] : value;
  }
}

/** Rewrites (or refuses) `brand_id` in the query of every community request. */
export function installQueryVersioning(app: FastifyInstance, ctx: AreaContext): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    // On a per-brand path the withdrawn path is the news (410 naming its replacement), whatever
    // the query says; the brand is in the path there, so there is nothing to rewrite.
    if (withdrawnPaths.some((entry) => request.routeOptions.url?.endsWith(entry.path))) return;
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') rewriteSingleBrand(ctx, query, 'query');
  });
}

/** The per-brand paths and what replaces each (interface.md ops 18 to 20). */
export const withdrawnPaths = [
  {
    path: '/brands/:brand_id/community_interactions/unread_counts',
    method: 'GET',
    replacement: 'POST /community_interactions/unread_interaction_counts',
  },
  {
    path: '/brands/:brand_id/overview_stats',
    method: 'GET',
    replacement: 'GET /overview_stats?brand_ids=...',
  },
  {
    path: '/brands/:brand_id/sentiment_distribution_stats',
    method: 'PUT',
    replacement: 'POST /sentiment_distribution_stats',
  },
  {
    path: '/brands/:brand_id/sentiment_time_series',
    method: 'GET',
    replacement: 'POST /sentiment_time_series',
  },
  { path: '/brands/:brand_id/top_keywords', method: 'PUT', replacement: 'POST /top_keywords' },
  { path: '/brands/:brand_id/volume_time_series', method: 'GET', replacement: 'POST /volume_time_series' },
] as const;

export function goneError(replacement: string): SandboxError {
  return new SandboxError(
    410,
    `This per-brand path was withdrawn on 2025-05-01: use ${replacement} with brand_ids.`,
    {},
  );
}
