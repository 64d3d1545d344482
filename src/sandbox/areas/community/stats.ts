import type { DatabaseSync } from 'node:sqlite';
import { interactionTypes, type UnreadCountType } from '../../../shared/domain/index.ts';
import { statement } from './interaction-store.ts';

/**
 * The community statistics of operations 18 to 20 (answers per conventions §9), each one SQL
 * aggregate over the interactions. Ranges are half-open: after <= source_updated_at < before.
 * "Unread" means not read and not archived: what an inbox badge counts.
 */

const dayMs = 86_400_000;

export interface StatsScope {
  brandIds: readonly number[];
  /** Epoch ms. */
  after?: number;
  before?: number;
}

function scopeWhere(scope: StatsScope, column = 'source_updated_at') {
  const parts = ['brand_id IN (SELECT value FROM json_each(?))'];
  const params: (string | number)[] = [JSON.stringify(scope.brandIds)];
  if (scope.after !== undefined) {
    parts.push(`${column} >= ?`);
    params.push(scope.after);
  }
  if (scope.before !== undefined) {
    parts.push(`${column} < ?`);
    params.push(scope.before);
  }
  return { sql: parts.join(' AND '), params };
}

const num = (value: unknown) => Number(value ?? 0);

/** Ads comments are counted within their type too; TIKTOK_COMMENT_MENTION matches none here. */
function countsFor(type: UnreadCountType, row: { type: string; is_ad: number }): boolean {
  if (type === 'FACEBOOK_ADS_COMMENT') return row.type === 'FACEBOOK_COMMENT' && row.is_ad === 1;
  if (type === 'INSTAGRAM_ADS_COMMENT') return row.type === 'INSTAGRAM_COMMENT' && row.is_ad === 1;
  return row.type === type;
}

export function unreadCounts(db: DatabaseSync, scope: StatsScope, types: UnreadCountType[] | undefined) {
  const where = scopeWhere(scope);
  const groups = statement(
    db,
    `SELECT brand_id, type, is_ad, count(*) AS n FROM community_interactions
      WHERE ${where.sql} AND is_read = 0 AND is_archived = 0 GROUP BY brand_id, type, is_ad`,
  )
    .all(...where.params)
    .map((row) => ({
      brand_id: num(row.brand_id),
      type: String(row.type),
      is_ad: num(row.is_ad),
      n: num(row.n),
    }));
  const wanted: readonly UnreadCountType[] =
    types && types.length > 0 ? [...new Set(types)] : interactionTypes;
  const by_type: Record<string, number> = Object.fromEntries(wanted.map((type) => [type, 0]));
  const by_brand: Record<string, number> = Object.fromEntries(scope.brandIds.map((id) => [String(id), 0]));
  let total = 0;
  for (const group of groups) {
    const matching = wanted.filter((type) => countsFor(type, group));
    if (matching.length === 0) continue;
    for (const type of matching) by_type[type] = (by_type[type] ?? 0) + group.n;
    by_brand[String(group.brand_id)] = (by_brand[String(group.brand_id)] ?? 0) + group.n;
    total += group.n;
  }
  return { total, by_type, by_brand };
}

export function overviewStats(db: DatabaseSync, scope: StatsScope) {
  const where = scopeWhere(scope);
  const row = statement(
    db,
    `SELECT count(*) AS total, sum(is_follow_up) AS follow_up, sum(is_read = 0 AND is_archived = 0) AS unread,
            avg(response_seconds) AS response
       FROM community_interactions WHERE ${where.sql}`,
  ).get(...where.params);
  return {
    /** Seconds from an interaction to the brand's first reply, over the interactions replied to. */
    average_response_time:
      row?.response === null || row?.response === undefined ? null : Math.round(Number(row.response)),
    follow_up_count: num(row?.follow_up),
    unread_count: num(row?.unread),
    total_count: num(row?.total),
  };
}

export function sentimentDistribution(db: DatabaseSync, scope: StatsScope) {
  const where = scopeWhere(scope);
  const row = statement(
    db,
    `SELECT sum(is_positive) AS positive, sum(is_negative) AS negative, sum(is_neutral) AS neutral, sum(is_question) AS question
       FROM community_interactions WHERE ${where.sql}`,
  ).get(...where.params);
  return {
    positive: num(row?.positive),
    negative: num(row?.negative),
    neutral: num(row?.neutral),
    question: num(row?.question),
  };
}

const dateOf = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/**
 * Every UTC day from the range's first to its last (or, without bounds, from the first to the
 * last day with data), so a chart gets zeros rather than gaps.
 */
function days(scope: StatsScope, found: number[]): number[] {
  const first = scope.after !== undefined ? Math.floor(scope.after / dayMs) : Math.min(...found);
  const last = scope.before !== undefined ? Math.floor((scope.before - 1) / dayMs) : Math.max(...found);
  if (!Number.isFinite(first) || !Number.isFinite(last) || last < first) return [];
  return Array.from({ length: last - first + 1 }, (_, n) => first + n);
}

export function sentimentTimeSeries(db: DatabaseSync, scope: StatsScope) {
  const where = scopeWhere(scope);
  const rows = statement(
    db,
    `SELECT source_updated_at / ${dayMs} AS day, sum(is_positive) AS positive, sum(is_negative) AS negative,
            sum(is_neutral) AS neutral, sum(is_question) AS question
       FROM community_interactions WHERE ${where.sql} GROUP BY day`,
  ).all(...where.params);
  const byDay = new Map(rows.map((row) => [num(row.day), row]));
  return days(scope, [...byDay.keys()]).map((day) => {
    const row = byDay.get(day);
    return {
      date: dateOf(day),
      positive: num(row?.positive),
      negative: num(row?.negative),
      neutral: num(row?.neutral),
      question: num(row?.question),
    };
  });
}

/** `{date, count, <TYPE>: n}`: the day's total and its split by type (types seen in the range). */
export function volumeTimeSeries(db: DatabaseSync, scope: StatsScope) {
  const where = scopeWhere(scope);
  const rows = statement(
    db,
    `SELECT source_updated_at / ${dayMs} AS day, type, count(*) AS n
       FROM community_interactions WHERE ${where.sql} GROUP BY day, type`,
  ).all(...where.params);
  const types = [...new Set(rows.map((row) => String(row.type)))].sort();
  const byDay = new Map<number, Record<string, number>>();
  for (const row of rows) {
    const counts = byDay.get(num(row.day)) ?? {};
    counts[String(row.type)] = num(row.n);
    byDay.set(num(row.day), counts);
  }
  return days(scope, [...byDay.keys()]).map((day) => {
    const counts = byDay.get(day) ?? {};
    const point: Record<string, string | number> = { date: dateOf(day), count: 0 };
    for (const type of types) {
      point[type] = counts[type] ?? 0;
      point.count = Number(point.count) + (counts[type] ?? 0);
    }
    return point;
  });
}

/** The 20 keywords most interactions mention, most first (ties by keyword). */
export function topKeywords(db: DatabaseSync, scope: StatsScope) {
  const where = scopeWhere(scope);
  return statement(
    db,
    `SELECT keyword, count(*) AS n FROM community_interaction_keywords
      WHERE ${where.sql} GROUP BY keyword ORDER BY n DESC, keyword ASC LIMIT 20`,
  )
    .all(...where.params)
    .map((row) => ({ keyword: String(row.keyword), count: num(row.n) }));
}
