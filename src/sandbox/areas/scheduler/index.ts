import type { SandboxArea } from '../../area.ts';
import { createSchedulerTables } from './post-store.ts';
import { startPublisher } from './publisher.ts';
import { registerPostRoutes } from './routes.ts';
import { seedScheduler } from './seed.ts';

/** {scheduler_url}: scheduled posts on every channel, and the publisher that posts them. */
export const schedulerArea: SandboxArea = {
  name: 'scheduler',
  createTables: createSchedulerTables,
  seed: seedScheduler,
  routes: registerPostRoutes,
  start: (ctx) => startPublisher(ctx.db, ctx.now),
};

export { publishDue, publishOutcome } from './publisher.ts';
