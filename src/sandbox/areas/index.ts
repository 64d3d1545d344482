import type { SandboxArea } from '../area.ts';
import { communityArea } from './community/index.ts';
import { dashboardArea } from './dashboard/index.ts';
import { libraryArea } from './library/index.ts';
import { schedulerArea } from './scheduler/index.ts';

/**
 * Every area the sandbox serves, each under `/<name>`. Tables are created and seeded in this
 * order, so an area whose seed reads another area's rows comes after it.
 */
export const AREAS: readonly SandboxArea[] = [libraryArea, schedulerArea, dashboardArea, communityArea];
