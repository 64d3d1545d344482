import type { InteractionListSort, InteractionListType } from '../../../shared/domain/index.ts';

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

/**
 * The full-text search of a filter, as SQL giving (interaction_id, score) per matching
 * document; null when the filter has no searchable text. score is bm25 (lower is better) when
 * ranked, else 0: bm25 triples the cost of a search and only RELEVANCE needs it. With
 * filter_messages_by_date the matching document itself must lie within the bounds.
 */
export function searchSql(
  filter: InteractionFilter,
  ranked: boolean,
): { sql: string; params: (string | number)[] } | null {
  const match = filter.query ? ftsExpression(filter.query, filter.multipleKeywords ?? false) : null;
  if (match === null) return null;
  const score = ranked ? 'bm25(community_documents_fts)' : '0';
  if (filter.filterMessagesByDate !== true) {
    return {
      sql: `SELECT rowid >> 6 AS interaction_id, ${score} AS score FROM community_documents_fts WHERE community_documents_fts MATCH ?`,
      params: [match],
    };
  }
  const documentBounds = bounds(filter, 'd.at');
  return {
    sql:
      `SELECT f.rowid >> 6 AS interaction_id, ${score} AS score FROM community_documents_fts f ` +
      `JOIN community_documents d ON d.id = f.rowid WHERE community_documents_fts MATCH ?` +
      documentBounds.parts.map((part) => ` AND ${part}`).join(''),
    params: [match, ...documentBounds.values],
  };
}

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
 * range needs a look at its documents (ids interaction id * 64 + k, one index range).
 */
function anyDocumentBetween(
  after: number | undefined,
  before: number | undefined,
): { sql: string; values: number[] } {
  if (after === undefined && before === undefined) return { sql: '', values: [] };
  if (before === undefined) return { sql: 'ci.source_updated_at >= ?', values: [after as number] };
  if (after === undefined) return { sql: 'ci.first_at < ?', values: [before] };
  return {
    sql:
      '(ci.first_at < ? AND ci.source_updated_at >= ? AND (ci.source_updated_at < ? OR ci.first_at >= ? OR EXISTS (' +
      'SELECT 1 FROM community_documents d WHERE d.id >= ci.id * 64 AND d.id < ci.id * 64 + 64 AND d.at >= ? AND d.at < ?)))',
    values: [before, after, before, after, after, before],
  };
}

/**
 * Builds the WHERE clause over `community_interactions ci` for one filter. A filter with text
 * needs its search run first into temp.community_search_hits (`searched`).
 */
export function buildWhere(filter: InteractionFilter, searched = false): WhereClause {
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
  if (match !== null) {
    if (!searched) throw new Error('A text filter needs its search run first (searchSql, runSearch).');
    // The search ran once already; count and page both reuse its hits.
    conditions.push('ci.id IN (SELECT id FROM temp.community_search_hits)');
  } else if (filter.query !== undefined && filter.query.trim() !== '') {
    // Text with no searchable token (only punctuation) can match nothing.
    conditions.push('0');
  } else if (onDocuments) {
    const { sql, values } = anyDocumentBetween(filter.sourceUpdatedAfter, filter.sourceUpdatedBefore);
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
