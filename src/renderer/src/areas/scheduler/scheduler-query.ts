import type { ScheduledPostListSort } from '../../../../shared/domain/index.ts';
import { scheduledPostListSortSchema } from '../../../../shared/domain/index.ts';
import type { QueryParams } from '../../lib/use-query-param.ts';

export type SchedulerMode = 'week' | 'month' | 'list';

export const schedulerModes: readonly SchedulerMode[] = ['week', 'month', 'list'];

/** The view the Scheduler opens on when nothing says otherwise. */
export const DEFAULT_MODE: SchedulerMode = 'week';

/** The list's "Publish time" choice: posts with a time, without one, or both. */
export type ScheduledChoice = 'any' | 'yes' | 'no';
const scheduledChoices: readonly ScheduledChoice[] = ['any', 'yes', 'no'];

export const DEFAULT_SORT: ScheduledPostListSort = 'TIMESTAMP';

/**
 * The Scheduler's state in the address (`?view=list&sort=-TIMESTAMP&q=launch`), so a reload or a
 * copied link opens the same view, the list's same choices and the same search. `mode` is null
 * while the address names no view: the page then shows the view it showed last (or the default),
 * and says so in the address when that is not the default. Defaults are left out, as every area
 * leaves its defaults out; a link naming one is still read.
 */
export interface SchedulerQuery {
  mode: SchedulerMode | null;
  /** Words the posts shown must hold. */
  search: string;
  sort: ScheduledPostListSort;
  scheduled: ScheduledChoice;
}

export const schedulerQueryParams: QueryParams<SchedulerQuery> = {
  mode: {
    name: 'view',
    fallback: null,
    parse: (text) => schedulerModes.find((mode) => mode === text),
    serialize: (mode) => (mode === null || mode === DEFAULT_MODE ? undefined : mode),
  },
  search: {
    name: 'q',
    fallback: '',
    parse: (text) => text.slice(0, 200),
    serialize: (text) => text.trim() || undefined,
  },
  sort: {
    name: 'sort',
    fallback: DEFAULT_SORT,
    parse: (text) => scheduledPostListSortSchema.safeParse(text).data,
    serialize: (sort) => sort,
  },
  scheduled: {
    name: 'scheduled',
    fallback: 'any',
    parse: (text) => scheduledChoices.find((choice) => choice === text),
    serialize: (choice) => choice,
  },
};
