import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from './sandbox-error.ts';

/**
 * 404 or 405 (with `Allow`) for a request no route of its method takes (conventions §3), decided
 * before anything reads the body:
 * - a path a route names literally (`/community_interactions/unread_interaction_counts`) allows
 *   that route's methods only, though a parametric route beside it (`/community_interactions/:id`)
 *   matches it too: a PATCH there is a 405, not a PATCH of an interaction with id
 *   "unread_interaction_counts" (404), and a GET's Allow does not offer PATCH;
 * - the answer comes before body parsing, so an unreadable body, or a method Fastify refuses
 *   without a Content-Type (QUERY), does not turn a wrong method or path into a 400.
 */

/** Route patterns (with their methods) seen so far, to tell a wrong method (405) from a wrong path (404). */
interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
  /** No parameter or wildcard: the route names exactly one path. */
  literal: boolean;
}

function patternOf(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}$`);
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const pathOf = (request: FastifyRequest) => decodeURIComponentSafe(request.url.split('?')[0] ?? '/');

export function installMethodRouting(app: FastifyInstance): void {
  const known = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    const entry = known.get(route.url) ?? {
      pattern: patternOf(route.url),
      methods: new Set<string>(),
      literal: !/[:*]/.test(route.url),
    };
    for (const method of [route.method].flat()) entry.methods.add(method);
    known.set(route.url, entry);
  });

  /** The methods `path` allows: a literal route's own where one names it, else every match's. */
  function allowedOn(path: string): string[] {
    const literal = known.get(path);
    if (literal?.literal) return [...literal.methods].sort();
    const allowed = new Set<string>();
    for (const route of known.values()) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    return [...allowed].sort();
  }

  /** The 404 or 405 for a request no route of its method takes (sets `Allow` on a 405). */
  function miss(request: FastifyRequest, reply: FastifyReply): SandboxError {
    const path = pathOf(request);
    const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (bare !== path && [...known.values()].some((route) => route.pattern.test(bare))) {
      // Paths take no trailing slash: say so rather than leave the client guessing.
      return new SandboxError(404, `No such path: ${path}. Drop the trailing slash: ${bare}.`);
    }
    const allowed = allowedOn(path);
    if (allowed.length === 0) return new SandboxError(404, `No such path: ${path}.`);
    reply.header('allow', allowed.join(', '));
    return new SandboxError(405, `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`);
  }

  /** A request a parametric route took although a literal route names its path, for other methods. */
  function shadowed(request: FastifyRequest): boolean {
    if (!request.routeOptions.url?.includes(':')) return false;
    const literal = known.get(pathOf(request));
    return literal?.literal === true && !literal.methods.has(request.method);
  }

  // preParsing runs after the onRequest hooks (caller, rate limit, faults, 401) and before the body
  // is read, for routed requests and the not-found handler alike.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.is404 || shadowed(request)) throw miss(request, reply);
    return payload;
  });
  app.setNotFoundHandler(async (request, reply) => {
    throw miss(request, reply);
  });
}
