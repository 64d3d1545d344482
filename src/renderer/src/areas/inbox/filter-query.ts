import type { LocationQuery, LocationQueryRaw } from 'vue-router';
import { inboxFilterSchema, type InboxFilter } from '../../../../shared/contract/index.ts';
import { firstOf, withOwnedQuery } from '../../lib/route-query.ts';

/**
 * The inbox filter in the address, so reload, back/forward and a copied link keep it: short
 * names, lists comma-separated, yes/no for the flags. Each value is checked against the
 * contract's own schema field; one that does not fit (an old or edited link) is dropped rather
 * than breaking the page.
 */
type Field = keyof InboxFilter;
type Kind = 'list' | 'ids' | 'flag' | 'text' | 'id';

const params: readonly [Field, string, Kind][] = [
  ['types', 'type', 'list'],
  ['tagIds', 'tags', 'ids'],
  ['read', 'read', 'flag'],
  ['archived', 'archived', 'flag'],
  ['followUp', 'followup', 'flag'],
  ['sentiment', 'sentiment', 'text'],
  ['question', 'question', 'flag'],
  ['assigneeId', 'assignee', 'id'],
  ['ticketId', 'ticket', 'text'],
  ['mediaIds', 'media', 'ids'],
  ['text', 'q', 'text'],
  ['keywordList', 'keywords', 'flag'],
  ['mustIncludeText', 'hastext', 'flag'],
  ['from', 'from', 'text'],
  ['to', 'to', 'text'],
  ['messageDates', 'msgdates', 'flag'],
  ['sort', 'sort', 'text'],
];

/** The query names the filter owns; any other name in the address is left alone. */
export const filterParamNames: ReadonlySet<string> = new Set(params.map(([, name]) => name));

function decodeValue(raw: string, kind: Kind): unknown {
  switch (kind) {
    case 'list':
      return raw.split(',').filter(Boolean);
    case 'ids':
      return raw.split(',').filter(Boolean).map(Number);
    case 'id':
      return Number(raw);
    case 'flag':
      return raw === 'yes' ? true : raw === 'no' ? false : raw;
    case 'text':
      return raw;
  }
}

export function decodeFilter(query: LocationQuery): InboxFilter {
  const filter: Record<string, unknown> = {};
  for (const [field, name, kind] of params) {
    const raw = firstOf(query[name]);
    if (raw === undefined) continue;
    const parsed = inboxFilterSchema.shape[field].safeParse(decodeValue(raw, kind));
    const value = parsed.success ? parsed.data : undefined;
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    filter[field] = value;
  }
  return filter as InboxFilter;
}

export function encodeFilter(filter: InboxFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [field, name, kind] of params) {
    const value = filter[field];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query[name] = value.join(',');
    } else if (kind === 'flag') query[name] = value ? 'yes' : 'no';
    else query[name] = String(value);
  }
  return query;
}

/** The address's query with the filter replaced, other names kept. */
export function withFilter(query: LocationQuery, filter: InboxFilter): LocationQueryRaw {
  return withOwnedQuery(query, filterParamNames, encodeFilter(filter));
}

/** One string per distinct filter: the list's identity (a change starts it over). */
export function filterKey(filter: InboxFilter): string {
  return new URLSearchParams(encodeFilter(filter)).toString();
}

/** Drops the fields that filter nothing (undefined, empty lists, blank text). */
export function compactFilter(filter: Partial<Record<Field, unknown>>): InboxFilter {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[field] = value;
  }
  return out as InboxFilter;
}
