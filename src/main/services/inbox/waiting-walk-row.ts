import type { InboxItem } from '../../../shared/contract/index.ts';
import type { InboxServiceQuery } from './inbox-query.ts';

/**
 * Whether an interaction the app has just changed belongs to a waiting walk's query, told from
 * the interaction alone where the app can: `true`, `false`, or `undefined` when the query asks
 * something only the service can answer (a search text, a sentiment, dates), so the kept walk
 * cannot be mended and is walked again.
 *
 * `touched` are the query's fields the change set (a triage changes only read, archived,
 * follow-up, tags and assignee). A row already in the walk matched everything else before, and a
 * triage cannot change the rest, so only the touched fields are checked for it.
 */
export function belongsToWalk(
  query: InboxServiceQuery,
  item: InboxItem,
  inWalk: boolean,
  touched: ReadonlySet<TriageField>,
): boolean | undefined {
  const triageMatch = matchesTriageFields(query, item);
  if (triageMatch !== true) return triageMatch;
  if (inWalk) return true;
  // Not in the walk: it may have been left out for a field the change did not touch, which then
  // still leaves it out.
  if (!triageFields.some((field) => touched.has(field) && query[field] !== undefined)) return false;
  if (!walkReadsBrand(query, item.brand_id)) return false;
  if (query.types !== undefined && !listOf(query.types).includes(String(item.type))) return false;
  return answeredOnlyByTheService.some((field) => query[field] !== undefined) ? undefined : true;
}

/** The query fields a triage can change. */
export const triageFields = ['is_read', 'is_archived', 'is_follow_up', 'tag_ids', 'assignee_id'] as const;
export type TriageField = (typeof triageFields)[number];

/** Query fields the app cannot check against an interaction (the service's search, its flags). */
const answeredOnlyByTheService = [
  'query',
  'is_positive',
  'is_negative',
  'is_neutral',
  'is_question',
  'ticket_id',
  'media_ids',
  'must_include_text',
  'source_updated_after',
  'source_updated_before',
] as const satisfies readonly (keyof InboxServiceQuery)[];

function matchesTriageFields(query: InboxServiceQuery, item: InboxItem): boolean | undefined {
  const flags = [
    [query.is_read, item.is_read],
    [query.is_archived, item.is_archived],
    [query.is_follow_up, item.is_follow_up],
  ] as const;
  for (const [wanted, actual] of flags) {
    if (wanted === undefined) continue;
    if (actual === null || actual === undefined) return undefined;
    if (actual !== wanted) return false;
  }
  if (query.assignee_id !== undefined) {
    if (item.assignee_id === undefined) return undefined;
    if (item.assignee_id !== query.assignee_id) return false;
  }
  const tagIds = query.tag_ids === undefined ? [] : listOf(query.tag_ids);
  if (tagIds.length > 0) {
    if (!item.tag_ids) return undefined;
    // The service ANDs tag ids: every one asked for.
    const has = item.tag_ids.map(String);
    if (!tagIds.every((id) => has.includes(id))) return false;
  }
  return true;
}

/** Whether a walk's query reads this brand's interactions. */
export function walkReadsBrand(query: InboxServiceQuery, brandId: number): boolean {
  return listOf(query.brand_ids).includes(String(brandId));
}

/** A query's list (an array, or the comma-separated text the service takes), as text. */
function listOf(value: string | readonly (string | number)[]): string[] {
  return (typeof value === 'string' ? value.split(',') : value).map((part) => String(part).trim());
}
