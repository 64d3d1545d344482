import type { QueryParams } from '../../lib/use-query-param.ts';

export type SchedulerMode = 'week' | 'month' | 'list';

export const schedulerModes: readonly SchedulerMode[] = ['week', 'month', 'list'];

/** The view the Scheduler opens on when nothing says otherwise. */
export const DEFAULT_MODE: SchedulerMode = 'week';

/**
 * The Scheduler's state in the address (`?view=month`), so a reload or a copied link opens the
 * same view. `mode` is null while the address names no view: the page then shows the view it
 * showed last (or the default), and says so in the address when that is not the default. The
 * default is left out, as every area leaves its defaults out; a link naming it is still read.
 */
export interface SchedulerQuery {
  mode: SchedulerMode | null;
}

export const schedulerQueryParams: QueryParams<SchedulerQuery> = {
  mode: {
    name: 'view',
    fallback: null,
    parse: (text) => schedulerModes.find((mode) => mode === text),
    serialize: (mode) => (mode === null || mode === DEFAULT_MODE ? undefined : mode),
  },
};
