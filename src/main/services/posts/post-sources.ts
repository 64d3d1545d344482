import type { PostsQuery } from '../../../shared/contract/index.ts';
import {
  postStatuses,
  schedulerChannels,
  type ScheduledPostListQueryInput,
  type SchedulerChannel,
} from '../../../shared/domain/index.ts';

/** The service takes at most this many brand ids in one list request. */
export const BRANDS_PER_REQUEST = 10;

/** One service list that holds part of the answer: a channel, some brands, maybe one status. */
export interface PostSource {
  channel: SchedulerChannel;
  query: ScheduledPostListQueryInput;
}

/** A UTC date-time without fractions: the service's date-time parameters take no milliseconds. */
function wholeSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * The service lists that together answer the app's query. The service filters one channel, up to
 * ten brands and one status at a time, so a query over five channels and two statuses is ten
 * lists, each sorted the same way, which the caller merges. Every status asked is no filter.
 */
export function postSources(query: PostsQuery): PostSource[] {
  const channels = [...new Set(query.channels ?? schedulerChannels)];
  const asked = query.statuses ? [...new Set(query.statuses)] : [];
  const statuses = asked.length === 0 || asked.length === postStatuses.length ? [undefined] : asked;
  const shared: ScheduledPostListQueryInput = {
    sort: query.sort,
    ...(query.hasScheduledTime !== undefined ? { has_scheduled_time: query.hasScheduledTime } : {}),
    ...(query.from ? { start_date: wholeSeconds(Math.floor(Date.parse(query.from) / 1000)) } : {}),
    // The service's end_date is inclusive, and its times are whole seconds; the app's `to` is not.
    ...(query.to ? { end_date: wholeSeconds(Math.ceil(Date.parse(query.to) / 1000) - 1) } : {}),
  };
  const sources: PostSource[] = [];
  for (const channel of channels) {
    for (const brandIds of chunks(
      [...new Set(query.brandIds)].sort((a, b) => a - b),
      BRANDS_PER_REQUEST,
    )) {
      for (const status of statuses) {
        sources.push({ channel, query: { ...shared, brand_ids: brandIds, ...(status ? { status } : {}) } });
      }
    }
  }
  return sources;
}
