import type { InboxFilter, InboxSentiment } from '../../../shared/contract/index.ts';
import type { CommunityInteractionListQueryInput, InteractionTag } from '../../../shared/domain/index.ts';

/** The interactions list's query (op 16) without its page: what one filter asks of the service. */
export type InboxServiceQuery = Omit<CommunityInteractionListQueryInput, 'limit' | 'offset'>;

/** Newest first unless the filter says otherwise (the service's own default is not documented). */
export const DEFAULT_INBOX_SORT = '-SOURCE_UPDATED_AT';

/** One sentiment is one of the service's three flags set to true. */
const sentimentFlag: Record<InboxSentiment, 'is_positive' | 'is_negative' | 'is_neutral'> = {
  positive: 'is_positive',
  negative: 'is_negative',
  neutral: 'is_neutral',
};

/**
 * The app's filter as the service's query parameters. A field the filter leaves out is not sent
 * (so the service does not filter on it); empty lists are not sent either, because an empty
 * `types=` would ask for no type rather than every type. The brands always go as `brand_ids`.
 */
export function serviceQueryOf(brandIds: readonly number[], filter: InboxFilter): InboxServiceQuery {
  const query: InboxServiceQuery = {
    brand_ids: [...brandIds],
    // Oldest waiting first is main's own order over walked pages (waiting-list.ts): oldest first there.
    sort: filter.sort === 'OLDEST_WAITING' ? 'SOURCE_UPDATED_AT' : (filter.sort ?? DEFAULT_INBOX_SORT),
  };
  if (filter.types?.length) query.types = [...filter.types];
  if (filter.tagIds?.length) query.tag_ids = [...filter.tagIds];
  if (filter.read !== undefined) query.is_read = filter.read;
  if (filter.archived !== undefined) query.is_archived = filter.archived;
  if (filter.followUp !== undefined) query.is_follow_up = filter.followUp;
  if (filter.sentiment) query[sentimentFlag[filter.sentiment]] = true;
  if (filter.question !== undefined) query.is_question = filter.question;
  if (filter.assigneeId !== undefined) query.assignee_id = filter.assigneeId;
  if (filter.ticketId) query.ticket_id = filter.ticketId;
  if (filter.mediaIds?.length) query.media_ids = [...filter.mediaIds];
  if (filter.text) {
    query.query = filter.text;
    if (filter.keywordList) query.multiple_keywords = true;
  }
  if (filter.mustIncludeText) query.must_include_text = true;
  if (filter.from) query.source_updated_after = filter.from;
  if (filter.to) query.source_updated_before = filter.to;
  // Only meaningful with a range: without bounds there are no message dates to apply.
  if (filter.messageDates && (filter.from || filter.to)) query.filter_messages_by_date = true;
  return query;
}

/** The tags of some brands (op 15), for turning names into each brand's ids. */
export type TagsOf = (brandIds: number[]) => Promise<readonly InteractionTag[]>;

/**
 * The queries that answer a filter. Tags chosen by name mean each brand's own tags of those names,
 * and the service ANDs tag ids, so brands whose ids differ cannot share a query: each group of
 * brands with the same ids gets its own (in practice one per brand, since ids are the service's
 * own), and a brand lacking one of the names gets none (nothing of it can match). Without names,
 * or when every brand resolves to the same ids, it is the one query of `serviceQueryOf`. Names
 * match whatever their case, as the service keeps them unique within a brand.
 */
export async function serviceQueriesOf(
  brandIds: readonly number[],
  filter: InboxFilter,
  tagsOf: TagsOf,
): Promise<InboxServiceQuery[]> {
  const names = filter.tagNames ?? [];
  if (names.length === 0) return [serviceQueryOf(brandIds, filter)];
  const wanted = [...new Set(names.map(nameKey))];
  const tags = await tagsOf([...brandIds]);
  const groups = new Map<string, { brandIds: number[]; tagIds: number[] }>();
  for (const brandId of brandIds) {
    const ids = wanted.map(
      (name) => tags.find((tag) => tag.brand_id === brandId && nameKey(tag.name) === name)?.id,
    );
    if (ids.some((id) => id === undefined)) continue;
    const tagIds = [...new Set([...(filter.tagIds ?? []), ...(ids as number[])])].sort((a, b) => a - b);
    const key = tagIds.join(',');
    const group = groups.get(key) ?? { brandIds: [], tagIds };
    group.brandIds.push(brandId);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) =>
    serviceQueryOf(group.brandIds, { ...filter, tagNames: undefined, tagIds: group.tagIds }),
  );
}

const nameKey = (name: string) => name.trim().toLowerCase();
