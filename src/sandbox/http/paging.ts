import type { FastifyRequest } from 'fastify';
import { SandboxError } from './errors.ts';

/** Paging per conventions §5: `limit` and `offset`, links that keep every other parameter. */

export interface Paging {
  limit: number;
  offset: number;
}

/** A type alias (not an interface) so it fits the domain's loose paging schema type. */
export type PagingLinks = {
  count: number;
  next: string | null;
  previous: string | null;
};

function readInt(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text.trim())) {
    throw new SandboxError(422, `${name} must be an integer.`, { [name]: ['Must be an integer.'] });
  }
  const number = Number(text);
  if (number < min || number > max) {
    const bound = number < min ? `at least ${min}` : `at most ${max}`;
    throw new SandboxError(422, `${name} must be ${bound}.`, { [name]: [`Must be ${bound}.`] });
  }
  return number;
}

/** Reads `limit` and `offset` from a query (or a body); out of range -> 422. */
export function parsePaging(
  source: { limit?: unknown; offset?: unknown } | undefined,
  options: { defaultLimit: number; maxLimit: number },
): Paging {
  return {
    limit: readInt(source?.limit, 'limit', 0, options.maxLimit) ?? options.defaultLimit,
    offset: readInt(source?.offset, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}

/** A query parameter's name as decoded from its raw `name=value` text. */
function paramName(part: string): string {
  const raw = (part.split('=', 1)[0] ?? '').replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The raw query string with `limit` and `offset` set: each replaced where the client put it (or
 * added at the end), every other parameter kept byte for byte as sent, so `brand_ids=1,2,3` stays
 * plain (conventions §6) rather than coming back re-encoded as `brand_ids=1%2C2%2C3`.
 */
function withPage(search: string, page: { limit: number; offset: number }): string {
  const paging = new Map([
    ['limit', `limit=${page.limit}`],
    ['offset', `offset=${page.offset}`],
  ]);
  const placed = new Set<string>();
  const parts: string[] = [];
  for (const part of search.split('&')) {
    if (part === '') continue;
    const name = paramName(part);
    const replacement = paging.get(name);
    if (replacement === undefined) parts.push(part);
    // A second limit or offset was a 422 already; the link carries one of each.
    else if (!placed.has(name)) {
      parts.push(replacement);
      placed.add(name);
    }
  }
  for (const [name, part] of paging) if (!placed.has(name)) parts.push(part);
  return parts.join('&');
}

/**
 * The paging object: absolute `next`/`previous` URLs built from the request's own path and
 * query (only `limit` and `offset` change), null at either end. `limit=0` pages nowhere.
 * `baseUrl` is the area's base URL and gives the scheme, host and port.
 */
export function pageLinks(
  request: FastifyRequest,
  baseUrl: string,
  page: { limit: number; offset: number; count: number },
): PagingLinks {
  const queryAt = request.url.indexOf('?');
  const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const search = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
  const origin = new URL(baseUrl).origin;
  const link = (offset: number) => `${origin}${path}?${withPage(search, { limit: page.limit, offset })}`;
  const { limit, offset, count } = page;
  const next = limit > 0 && offset + limit < count ? link(offset + limit) : null;
  const previous = limit > 0 && offset > 0 ? link(Math.max(0, Math.min(offset, count) - limit)) : null;
  return { count, next, previous };
}
