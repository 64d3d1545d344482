import { inboxFilterSchema, type InboxFilter } from '../../../../shared/contract/index.ts';
import type { QueryParam, QueryParams } from '../../lib/use-query-param.ts';

/**
 * The inbox filter in the address, so reload, back/forward and a copied link keep it: short
 * names, lists comma-separated, yes/no for the flags. Each value is checked against the
 * contract's own schema field; one that does not fit (an old or edited link) is dropped rather
 * than breaking the page.
 */
type Field = keyof InboxFilter;
type Kind = 'list' | 'ids' | 'names' | 'flag' | 'text' | 'id';

const names: readonly [Field, string, Kind][] = [
  ['types', 'type', 'list'],
  ['tagIds', 'tags', 'ids'],
  ['tagNames', 'tag', 'names'],
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
  ['needsReply', 'reply', 'flag'],
  ['sort', 'sort', 'text'],
];

function decodeValue(raw: string, kind: Kind): unknown {
  switch (kind) {
    case 'list':
      return raw.split(',').filter(Boolean);
    case 'ids':
      return raw.split(',').filter(Boolean).map(Number);
    case 'names':
      return raw.split(',').filter(Boolean).map(unescapeName);
    case 'id':
      return Number(raw);
    case 'flag':
      return raw === 'yes' ? true : raw === 'no' ? false : raw;
    case 'text':
      return raw;
  }
}

/** A name may hold a comma: written escaped, so the list still splits on commas alone. */
const escapeName = (name: string) => name.replaceAll('%', '%25').replaceAll(',', '%2C');
const unescapeName = (text: string) => text.replaceAll('%2C', ',').replaceAll('%25', '%');

function paramOf<F extends Field>(field: F, name: string, kind: Kind): QueryParam<InboxFilter[F]> {
  return {
    name,
    fallback: undefined,
    parse(text) {
      const parsed = inboxFilterSchema.shape[field].safeParse(decodeValue(text, kind));
      const value = parsed.success ? (parsed.data as InboxFilter[F]) : undefined;
      return Array.isArray(value) && value.length === 0 ? undefined : value;
    },
    serialize(value) {
      if (value === undefined || value === null || value === '') return undefined;
      if (Array.isArray(value)) {
        const parts = (value as unknown[]).map((part) =>
          kind === 'names' ? escapeName(String(part)) : part,
        );
        return parts.length > 0 ? parts.join(',') : undefined;
      }
      if (kind === 'flag') return value ? 'yes' : 'no';
      return String(value);
    },
  };
}

/** Each filter field's query name and writing; any other name in the address is left alone. */
export const filterParams = Object.fromEntries(
  names.map(([field, name, kind]) => [field, paramOf(field, name, kind)]),
) as QueryParams<InboxFilter>;

/** One string per distinct filter, as the address writes it: the list's identity (a change starts it over). */
export function filterKey(filter: InboxFilter): string {
  const query = new URLSearchParams();
  for (const [field, name] of names) {
    const text = (filterParams[field] as QueryParam<unknown>).serialize(filter[field]);
    if (text !== undefined) query.set(name, text);
  }
  return query.toString();
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
