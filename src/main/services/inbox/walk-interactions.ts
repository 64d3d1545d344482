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
