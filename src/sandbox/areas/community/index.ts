import type { SandboxArea } from '../../area.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { registerReplyRoutes } from './reply-routes.ts';
import { seedCommunity } from './seed.ts';
import { registerStatsRoutes } from './stats-routes.ts';
import { createCommunityTables } from './tables.ts';
import { installQueryVersioning } from './versioning.ts';

/** {community_url}: tags, interactions (list, TikTok threads, PATCH, replies) and their statistics. */
export const communityArea: SandboxArea = {
  name: 'community',
  createTables: createCommunityTables,
  seed: seedCommunity,
  routes(app, ctx) {
    installQueryVersioning(app, ctx);
    registerInteractionRoutes(app, ctx);
    if (ctx.offers('replies')) registerReplyRoutes(app, ctx);
    registerStatsRoutes(app, ctx);
  },
};
