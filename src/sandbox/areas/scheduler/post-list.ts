import type { DatabaseSync } from 'node:sqlite';
import type {
  ScheduledPostListQuery,
  ScheduledPostListSort,
  SchedulerChannel,
} from '../../../shared/domain/index.ts';
import { SandboxError } from '../../http/errors.ts';
import { parseStoredBody, type StoredPost } from './post-store.ts';

/** Posts without a timestamp (or sort index) come last whichever the direction. */
const orderings: Record<ScheduledPostListSort, string> = {
  TIMESTAMP: 'timestamp IS NULL, timestamp ASC, id ASC',
  '-TIMESTAMP': 'timestamp IS NULL, timestamp DESC, id DESC',
  SORT_INDEX: 'sort_index IS NULL, sort_index ASC, id ASC',
  '-SORT_INDEX': 'sort_index IS NULL, sort_index DESC, id DESC',
  UPDATED_AT: 'updated_at ASC, id ASC',
  '-UPDATED_AT': 'updated_at DESC, id DESC',
};

/** The default order: a calendar, soonest first. */
export const defaultPostSort: ScheduledPostListSort = 'TIMESTAMP';

const dayMs = 86_400_000;

/**
 * A date-only bound covers its whole day: start_date=2025-03-01 starts at 00:00Z, and
 * end_date=2025-03-31 ends at the end of the 31st. A date-time bound is exact (inclusive).
 */
export function dateBounds(query: Pick<ScheduledPostListQuery, 'start_date' | 'end_date'>): {
  from?: number;
  until?: number;
} {
  const parse = (value: string) => Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  const from = query.start_date === undefined ? undefined : parse(query.start_date);
  const until =
    query.end_date === undefined
      ? undefined
      : query.end_date.length === 10
        ? parse(query.end_date) + dayMs - 1
        : parse(query.end_date);
  if (from !== undefined && until !== undefined && from > until) {
    throw new SandboxError(422, 'start_date must not be after end_date.', {
      start_date: ['Must not be after end_date.'],
    });
  }
  return { from, until };
}

export interface PostListRequest {
  channel: SchedulerChannel;
  brandIds: number[];
  query: ScheduledPostListQuery;
}

export function listPosts(
  db: DatabaseSync,
  request: PostListRequest,
): { count: number; posts: StoredPost[] } {
  const { channel, brandIds, query } = request;
  const conditions = ['channel = ?', `brand_id IN (${brandIds.map(() => '?').join(',')})`];
  const params: (string | number)[] = [channel, ...brandIds];
  if (query.status !== undefined) {
    conditions.push('status = ?');
    params.push(query.status);
  }
  const { from, until } = dateBounds(query);
  if (from !== undefined) {
    conditions.push('timestamp >= ?');
    params.push(from);
  }
  if (until !== undefined) {
    conditions.push('timestamp <= ?');
    params.push(until);
  }
  if (query.has_scheduled_time !== undefined) {
    conditions.push('has_scheduled_time = ?');
    params.push(query.has_scheduled_time ? 1 : 0);
  }
  if (query.source_ids !== undefined) {
    const ids = query.source_ids.filter((id) => id !== '');
    conditions.push(ids.length > 0 ? `source_id IN (${ids.map(() => '?').join(',')})` : '0');
    params.push(...ids);
  }
  const where = conditions.join(' AND ');
  const count = Number(
    db.prepare(`SELECT count(*) AS n FROM scheduled_posts WHERE ${where}`).get(...params)?.n ?? 0,
  );
  const order = orderings[query.sort ?? defaultPostSort];
  const rows =
    query.limit === 0
      ? []
      : db
          .prepare(`SELECT body FROM scheduled_posts WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
          .all(...params, query.limit, query.offset);
  return { count, posts: rows.map((row) => parseStoredBody(row.body)) };
}
