import type { CommunityInteraction } from '../../../shared/domain/index.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';
import type { InboxServiceQuery } from './inbox-query.ts';

/** The interactions list's largest page (op 16). */
export const INTERACTIONS_MAX_PAGE = 100;

/**
 * Every interaction matching `query`, page by page in the background lane (a bulk action or an
 * export: nobody waits on each page, and the rate gate serves the person's own calls first).
 * `onCount` hears the service's count with each page. An interaction that moved onto the next
 * page while walking (new ones arrived ahead of it) is not given twice.
 */
export async function* walkInteractions(
  community: CommunityApi,
  query: InboxServiceQuery,
  context: Pick<CallContext, 'signal'>,
  onCount?: (count: number) => void,
): AsyncGenerator<CommunityInteraction, void, undefined> {
  const seen = new Set<number>();
  for (let offset = 0; ; offset += INTERACTIONS_MAX_PAGE) {
    const page = await community.listInteractions(
      { ...query, offset, limit: INTERACTIONS_MAX_PAGE },
      { signal: context.signal, lane: 'background' },
    );
    onCount?.(page.paging.count);
    let added = 0;
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      added++;
      yield item;
    }
    const end = offset + INTERACTIONS_MAX_PAGE;
    if (page.data.length < INTERACTIONS_MAX_PAGE || end >= page.paging.count || added === 0) return;
  }
}

/**
 * Every interaction matching any of `queries` (a filter of tags by name asks once per brand),
 * one query after the other. `onCount` hears the sum of every query's count: the counts are asked
 * first (a page of none each), so a bound on the total is met before any row is read.
 */
export async function* walkEach(
  community: CommunityApi,
  queries: readonly InboxServiceQuery[],
  context: Pick<CallContext, 'signal'>,
  onCount?: (count: number) => void,
): AsyncGenerator<CommunityInteraction, void, undefined> {
  if (queries.length === 1) return yield* walkInteractions(community, queries[0]!, context, onCount);
  const counts = await Promise.all(
    queries.map(
      async (query) =>
        (
          await community.listInteractions(
            { ...query, offset: 0, limit: 0 },
            { signal: context.signal, lane: 'background' },
          )
        ).paging.count,
    ),
  );
  const total = () => counts.reduce((sum, count) => sum + count, 0);
  onCount?.(total());
  for (const [at, query] of queries.entries()) {
    yield* walkInteractions(community, query, context, (count) => {
      counts[at] = count;
      onCount?.(total());
    });
  }
}
