import type { ListAnswer } from '../../../shared/contract/index.ts';
import type { CallContext } from '../dispatch.ts';
import { readRange, type ServicePage } from './read-range.ts';
import type { SharedLoads } from './shared-loads.ts';

export interface PagedListOptions<Q, T> {
  loads: SharedLoads;
  /** Names the list and whose it is (`inbox:<profile id>`): answers are kept and shared under it. */
  keyPrefix: () => string;
  /** The service's largest page for this list. */
  maxPage: number;
  /** A row's identity, so a row that moved between two pages is not given twice. */
  keyOf?: (item: T) => unknown;
  /** One service page: `limit` rows from `offset`, for `query`. */
  fetchPage: (query: Q, offset: number, limit: number, context: CallContext) => Promise<ServicePage<T>>;
}

/**
 * A list call the app's way (`{query, offset, limit}` → `{count, items}`) over a service list:
 * the range read through the service's pages, kept briefly, and shared with identical calls in
 * flight. The caller's signal leaves the shared load when it aborts; the last one to leave aborts
 * the requests themselves, so they drop out of the rate gate's queue.
 */
export function pagedList<Q, T>(options: PagedListOptions<Q, T>) {
  return (
    input: { query: Q; offset: number; limit: number },
    context: CallContext,
  ): Promise<ListAnswer<T>> => {
    const key = `${options.keyPrefix()}:${stableJson(input.query)}:${input.offset}:${input.limit}`;
    return options.loads.get(
      key,
      (signal) =>
        readRange((offset, limit) => options.fetchPage(input.query, offset, limit, { ...context, signal }), {
          offset: input.offset,
          limit: input.limit,
          maxPage: options.maxPage,
          keyOf: options.keyOf,
        }),
      context.signal,
    );
  };
}

/** JSON with object keys sorted, so two equal queries written in another order share a key. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
