import type { InboxFilter, InboxSentiment } from '../../../shared/contract/index.ts';
import type { CommunityInteractionListQueryInput } from '../../../shared/domain/index.ts';

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
