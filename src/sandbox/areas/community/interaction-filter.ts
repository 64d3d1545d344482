import type { InteractionListSort, InteractionListType } from '../../../shared/domain/index.ts';
import { documentIdMask } from './interaction-store.ts';

/** The list filters of conventions §6, parsed; every field but brandIds is optional. */
export interface InteractionFilter {
  brandIds: number[];
  types?: InteractionListType[];
  /** AND: an interaction must carry every one of these tags. */
  tagIds?: number[];
  /** Epoch ms, inclusive. */
  sourceUpdatedAfter?: number;
  /** Epoch ms, exclusive: after/before make a half-open range, so day ranges tile. */
  sourceUpdatedBefore?: number;
  isArchived?: boolean;
  isFollowUp?: boolean;
  isRead?: boolean;
  query?: string;
  multipleKeywords?: boolean;
  mediaIds?: number[];
  isPositive?: boolean;
  isNegative?: boolean;
  isNeutral?: boolean;
  isQuestion?: boolean;
  /** OR: an interaction with a ticket whose source_id is any of these. */
  ticketIds?: string[];
  assigneeId?: number;
  filterMessagesByDate?: boolean;
  id?: number;
  mustIncludeText?: boolean;
}

/** What anyDocumentBetween needs to know of the data (see the list). */
export interface Extent {
  /** No interaction lasts longer than this (ms), first document to last. */
  maxSpan: number;
  /** The brand id's multiple in document ids (documentBrandStride). */
  stride: number;
}

export interface WhereClause {
  sql: string;
  params: (string | number)[];
}

function bounds(filter: InteractionFilter, column: string) {
  const parts: string[] = [];
  const values: number[] = [];
  if (filter.sourceUpdatedAfter !== undefined) {
    parts.push(`${column} >= ?`);
    values.push(filter.sourceUpdatedAfter);
  }
  if (filter.sourceUpdatedBefore !== undefined) {
    parts.push(`${column} < ?`);
    values.push(filter.sourceUpdatedBefore);
  }
  return { parts, values };
}

/** One part of a search: matching documents `f` (and with bounds their times `d`). */
export interface SearchPart {
  from: string;
  where: string;
  params: (string | number)[];
}

/** The interaction of a matching document `f` (see documentId in interaction-store.ts). */
export const documentInteraction = `((f.rowid & ${documentIdMask}) >> 6)`;

/**
 * The full-text search of a filter: the documents that match it (`f`, one per comment, reply or
 * message), as FROM clauses and conditions to join with UNION ALL; null when the filter has no
 * searchable text. Where document ids carry the brand (`stride`, documentBrandStride), each part
 * reads the rowid range of a run of consecutive brands, so other brands' documents never come
 * out of FTS5. `interactions` (the lowest and highest interaction id the time bounds allow) drops
 * the documents of other interactions by their id alone, before anything is looked up for them.
 * With filter_messages_by_date the matching document itself must lie within the bounds.
 */
export function searchSql(
  filter: InteractionFilter,
  stride: number,
  interactions?: [number, number],
): SearchPart[] | null {
  const match = filter.query ? ftsExpression(filter.query, filter.multipleKeywords ?? false) : null;
  if (match === null) return null;
  const onDocuments = filter.filterMessagesByDate === true;
  const documentBounds = onDocuments ? bounds(filter, 'd.at') : { parts: [], values: [] };
  const part = (range: [number, number] | null): SearchPart => ({
    // CROSS JOIN keeps the order: the matches first, then their times.
    from: onDocuments
      ? 'community_documents_fts f CROSS JOIN community_documents d ON d.id = f.rowid'
      : 'community_documents_fts f',
    where: [
      'community_documents_fts MATCH ?',
      ...(range ? ['f.rowid >= ?', 'f.rowid < ?'] : []),
      ...(interactions ? [`${documentInteraction} BETWEEN ? AND ?`] : []),
      ...documentBounds.parts,
    ].join(' AND '),
    params: [match, ...(range ?? []), ...(interactions ?? []), ...documentBounds.values],
  });
  if (stride === 0) return [part(null)];
  return brandRuns(filter.brandIds).map(([first, last]) => part([first * stride, (last + 1) * stride]));
}

/** Sorted runs of consecutive brand ids: [101, 102, 103, 901] -> [[101, 103], [901, 901]]. */
function brandRuns(brandIds: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const id of [...new Set(brandIds)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last[1] + 1 === id) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

/**
 * The one token a search is made of (a one-word text, or a single one-word keyword, both become
 * `"token"*`), when the matching documents' own times are not bounded (filter_messages_by_date
 * with a bound): such a search can be ranked from each word's scores (word-scores.ts).
 */
export function singleSearchToken(filter: InteractionFilter): string | undefined {
  const onDocuments =
    filter.filterMessagesByDate === true &&
    (filter.sourceUpdatedAfter !== undefined || filter.sourceUpdatedBefore !== undefined);
  if (!filter.query || onDocuments) return undefined;
  const match = ftsExpression(filter.query, filter.multipleKeywords ?? false);
  return match?.match(/^"([\p{L}\p{N}]+)"\*$/u)?.[1];
}

/** A matching document's bm25 score (negative, lower is better), in a query over searchSql. */
export const documentScore = 'bm25(community_documents_fts)';

/** Ads comments are Facebook/Instagram comments left on an ad: a subset of their type. */
const adsTypes: Partial<Record<InteractionListType, string>> = {
  FACEBOOK_ADS_COMMENT: 'FACEBOOK_COMMENT',
  INSTAGRAM_ADS_COMMENT: 'INSTAGRAM_COMMENT',
};

const bool = (value: boolean) => (value ? 1 : 0);

/**
 * Turns free text into an FTS5 expression. Every token is quoted (so user text can never be read
 * as FTS syntax) and prefix-matched, so "refund" finds "refunds". Plain text: every token must
 * occur. With multiple_keywords the text is a comma-separated keyword list and any keyword may
 * occur (a keyword of several words is a phrase).
 */
export function ftsExpression(query: string, multipleKeywords: boolean): string | null {
  const tokensOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (multipleKeywords) {
    const phrases = query
      .split(',')
      .map((keyword) => tokensOf(keyword))
      .filter((tokens) => tokens.length > 0)
      .map((tokens) => `"${tokens.join(' ')}"*`);
    return phrases.length > 0 ? phrases.join(' OR ') : null;
  }
  const tokens = tokensOf(query);
  return tokens.length > 0 ? tokens.map((token) => `"${token}"*`).join(' AND ') : null;
}

/**
 * "One of the interaction's documents lies in [after, before)". Documents span first_at to
 * source_updated_at, so one bound alone is decided by those columns; with both, an interaction
 * whose first or last document is inside qualifies at once and only one that spans the whole
 * range needs a look at its documents (one id range, see documentId). No interaction spans
 * more than `maxSpan` ms, so every candidate was updated before before + maxSpan: that redundant
 * bound gives the time indexes a range to read instead of everything since `after` (or
 * everything before `before`).
 */
function anyDocumentBetween(
  after: number | undefined,
  before: number | undefined,
  { maxSpan, stride }: Extent,
): { sql: string; values: number[] } {
  if (after === undefined && before === undefined) return { sql: '', values: [] };
  if (before === undefined) return { sql: 'ci.source_updated_at >= ?', values: [after as number] };
  if (after === undefined) {
    return {
      sql: 'ci.first_at < ? AND ci.source_updated_at < ?',
      values: [before, Math.min(before + maxSpan, Number.MAX_SAFE_INTEGER)],
    };
  }
  return {
    sql:
      '(ci.first_at < ? AND ci.source_updated_at >= ? AND ci.source_updated_at < ? AND (ci.source_updated_at < ? OR ci.first_at >= ? OR EXISTS (' +
      'SELECT 1 FROM community_documents d WHERE d.id >= ci.brand_id * ? + ci.id * 64 AND d.id < ci.brand_id * ? + ci.id * 64 + 64 AND d.at >= ? AND d.at < ?)))',
    values: [
      before,
      after,
      Math.min(before + maxSpan, Number.MAX_SAFE_INTEGER),
      before,
      after,
      stride,
      stride,
      after,
      before,
    ],
  };
}

/**
 * Builds the WHERE clause over `community_interactions ci` for one filter, the text search
 * excepted: a filter with searchable text is answered from searchSql joined with this clause.
 * Only filter_messages_by_date without text needs `extent` (see anyDocumentBetween).
 */
export function buildWhere(filter: InteractionFilter, extent?: Extent): WhereClause {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  const inList = (column: string, values: readonly (string | number)[]) => {
    conditions.push(`${column} IN (${values.map(() => '?').join(',')})`);
    params.push(...values);
  };

  inList('ci.brand_id', filter.brandIds);
  if (filter.id !== undefined) {
    conditions.push('ci.id = ?');
    params.push(filter.id);
  }
  if (filter.types && filter.types.length > 0) {
    const plain = filter.types.filter((type) => !adsTypes[type]);
    const alternatives: string[] = [];
    if (plain.length > 0) {
      alternatives.push(`ci.type IN (${plain.map(() => '?').join(',')})`);
      params.push(...plain);
    }
    for (const type of filter.types) {
      const base = adsTypes[type];
      if (!base) continue;
      alternatives.push('(ci.type = ? AND ci.is_ad = 1)');
      params.push(base);
    }
    conditions.push(`(${alternatives.join(' OR ')})`);
  }
  const flags: [keyof InteractionFilter, string][] = [
    ['isArchived', 'is_archived'],
    ['isFollowUp', 'is_follow_up'],
    ['isRead', 'is_read'],
    ['isQuestion', 'is_question'],
  ];
  for (const [key, column] of flags) {
    const value = filter[key];
    if (typeof value !== 'boolean') continue;
    conditions.push(`ci.${column} = ?`);
    params.push(bool(value));
  }
  // Positive, negative and neutral are exclusive classes, so ANDing two `true` flags could only
  // ever match nothing: `true` flags combine with OR (a multi-select), `false` flags exclude.
  const sentiments: [boolean | undefined, string][] = [
    [filter.isPositive, 'ci.is_positive'],
    [filter.isNegative, 'ci.is_negative'],
    [filter.isNeutral, 'ci.is_neutral'],
  ];
  const wanted = sentiments.filter(([value]) => value === true).map(([, column]) => `${column} = 1`);
  if (wanted.length > 0) conditions.push(`(${wanted.join(' OR ')})`);
  for (const [value, column] of sentiments) if (value === false) conditions.push(`${column} = 0`);

  if (filter.assigneeId !== undefined) {
    conditions.push('ci.assignee_id = ?');
    params.push(filter.assigneeId);
  }
  if (filter.mediaIds && filter.mediaIds.length > 0) inList('ci.media_id', filter.mediaIds);
  if (filter.mustIncludeText) conditions.push('ci.has_text = 1');
  if (filter.ticketIds && filter.ticketIds.length > 0) {
    conditions.push(
      `ci.id IN (SELECT interaction_id FROM community_interaction_tickets WHERE source_id IN (${filter.ticketIds
        .map(() => '?')
        .join(',')}))`,
    );
    params.push(...filter.ticketIds);
  }
  if (filter.tagIds && filter.tagIds.length > 0) {
    const sets = filter.tagIds.map(
      () => 'SELECT interaction_id FROM community_interaction_tags WHERE tag_id = ?',
    );
    conditions.push(`ci.id IN (${sets.join(' INTERSECT ')})`);
    params.push(...filter.tagIds);
  }

  const match = filter.query ? ftsExpression(filter.query, filter.multipleKeywords ?? false) : null;
  // filter_messages_by_date moves the bounds from the interaction to its documents: a
  // conversation matches when one of its messages (the one that matches the text, if there is a
  // text) lies in the range, whenever the conversation was last updated.
  const onDocuments = filter.filterMessagesByDate === true;
  if (!onDocuments) {
    const interactionBounds = bounds(filter, 'ci.source_updated_at');
    conditions.push(...interactionBounds.parts);
    params.push(...interactionBounds.values);
  }
  // With searchable text, the text (and with filter_messages_by_date the bounds) belong to
  // searchSql, which the caller joins with these conditions.
  if (match === null && filter.query !== undefined && filter.query.trim() !== '') {
    // Text with no searchable token (only punctuation) can match nothing.
    conditions.push('0');
  } else if (
    match === null &&
    onDocuments &&
    (filter.sourceUpdatedAfter !== undefined || filter.sourceUpdatedBefore !== undefined)
  ) {
    if (!extent) throw new Error('filter_messages_by_date with bounds needs the extent of the data.');
    const { sql, values } = anyDocumentBetween(filter.sourceUpdatedAfter, filter.sourceUpdatedBefore, extent);
    if (sql) {
      conditions.push(sql);
      params.push(...values);
    }
  }
  return { sql: conditions.join(' AND '), params };
}

/** ORDER BY for a sort; RELEVANCE (ranked by the caller when there is text) defaults to newest first. */
export function orderBy(sort: InteractionListSort): string {
  switch (sort) {
    case 'SOURCE_UPDATED_AT':
      return 'ci.source_updated_at ASC, ci.id ASC';
    case 'SAMPLE':
      return 'ci.sample_key ASC, ci.id ASC';
    default:
      return 'ci.source_updated_at DESC, ci.id DESC';
  }
}

/**
 * Reading an index that is already in the requested order (and holds every filter column) stops
 * as soon as the page is full; the planner, left alone, reads every match of several brands from
 * the per-brand index and sorts them (~20 ms for 20k matches). A single brand's time order is its
 * own index's order.
 */
export function orderedIndex(filter: InteractionFilter, sort: InteractionListSort): string {
  if (sort === 'SAMPLE') return 'community_interactions_sample';
  return filter.brandIds.length > 1 ? 'community_interactions_time' : 'community_interactions_brand_time';
}

/** The parts of a search as one SELECT of `columns` (UNION ALL), each part joined as `join` says. */
export function unionOf(parts: readonly SearchPart[], columns: string, join = '', where?: WhereClause) {
  return {
    sql: parts
      .map(
        (part) =>
          `SELECT ${columns} FROM ${part.from} ${join} WHERE ${part.where}${where ? ` AND ${where.sql}` : ''}`,
      )
      .join(' UNION ALL '),
    params: parts.flatMap((part) => [...part.params, ...(where?.params ?? [])]),
  };
}

/**
 * True when nothing but the brands (and the text, with its own bounds under
 * filter_messages_by_date) narrows the filter: a brand-limited search then finds exactly the
 * matches, with no interaction to look at.
 */
export function onlyBrandsBesidesText(filter: InteractionFilter): boolean {
  const onDocuments = filter.filterMessagesByDate === true;
  return (
    filter.id === undefined &&
    !filter.types?.length &&
    !filter.tagIds?.length &&
    !filter.ticketIds?.length &&
    !filter.mediaIds?.length &&
    filter.assigneeId === undefined &&
    (onDocuments || (filter.sourceUpdatedAfter === undefined && filter.sourceUpdatedBefore === undefined)) &&
    [filter.isArchived, filter.isFollowUp, filter.isRead, filter.isQuestion].every(
      (flag) => flag === undefined,
    ) &&
    [filter.isPositive, filter.isNegative, filter.isNeutral].every((flag) => flag === undefined) &&
    filter.mustIncludeText !== true
  );
}
