import type { SandboxArea } from '../../area.ts';
import { adsRoutes } from './ads.ts';
import { campaignRoutes } from './campaign-routes.ts';
import { mediaRoutes } from './media-routes.ts';
import { seedLibrary } from './seed.ts';
import { statsRoutes } from './stats-route.ts';
import { createLibraryTables } from './tables.ts';

/** {library_url}: campaigns, their ads, media and statistics (interface.md ops 1-5). */
export const libraryArea: SandboxArea = {
  name: 'library',
  createTables: createLibraryTables,
  seed: seedLibrary,
  routes(app, ctx) {
    campaignRoutes(app, ctx);
    adsRoutes(app, ctx);
    mediaRoutes(app, ctx);
    statsRoutes(app, ctx);
  },
};
