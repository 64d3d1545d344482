import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The error object of interface.md: every error answer of the sandbox has this shape. */
export interface ErrorBody {
  code: number;
  errors: Record<string, string[]>;
  message: string;
  status: string;
}

/**
 * An error an area throws to answer with the error object. Anything else thrown in a route
 * becomes a 500, so a bug never leaks a stack trace or a half-written answer.
 */
export class SandboxError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'SandboxError';
    this.status = status;
    this.errors = errors;
  }
}

/** The statuses conventions §3 lists; a client may rely on no other. */
const conventionStatuses = new Set([400, 401, 403, 404, 405, 409, 410, 422, 429, 500]);

/**
 * A status from the list of conventions §3: any other client error (a too-large body or header
 * block, a request that timed out: 413, 431, 408, ...) is a request the sandbox could not read,
 * which §3 calls a 400; any other server error is a 500.
 */
export function conventionStatus(status: number): number {
  if (conventionStatuses.has(status)) return status;
  return status >= 400 && status < 500 ? 400 : 500;
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

export function errorBody(status: number, message: string, errors: Record<string, string[]> = {}): ErrorBody {
  return { code: status, errors, message, status: reasonPhrase(status) };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  errors: Record<string, string[]> = {},
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(status, message, errors));
}

/** Fastify's default body limit (1 MiB), which the sandbox keeps. */
export const bodyLimitBytes = 1024 * 1024;
export const bodyTooLargeMessage = "The body could not be read: it is over 1 MiB (the sandbox's limit).";

/** Maps whatever was thrown to a status and a sentence a client developer can act on. */
function describe(error: FastifyError | SandboxError | Error): ErrorBody {
  if (error instanceof SandboxError) return errorBody(error.status, error.message, error.errors);
  const fastifyError = error as FastifyError;
  const code = fastifyError.code ?? '';
  const status = fastifyError.statusCode ?? 500;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
    return errorBody(400, 'The body is not valid JSON.');
  }
  // An unreadable body is a 400 (conventions §3); bodies.ts normally answers this itself.
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return errorBody(400, 'Send the body as JSON with Content-Type: application/json.');
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return errorBody(400, bodyTooLargeMessage);
  }
  if (fastifyError.validation) return errorBody(422, error.message);
  // Other client errors Fastify raises itself (bad URL encoding, ...) keep their status where
  // conventions §3 lists it, and are a 400 (an unreadable request) where it does not.
  if (status >= 400 && status < 500) return errorBody(conventionStatus(status), error.message);
  return errorBody(500, 'The sandbox failed to answer this request.');
}

export function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = describe(error);
  if (body.code >= 500) request.log.error({ err: error }, 'sandbox request failed');
  return reply.code(body.code).type('application/json; charset=utf-8').send(body);
}

/** Route patterns (with their methods) seen so far, to tell a wrong method (405) from a wrong path (404). */
interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
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

/**
 * Installs the error handler, the not-found handler (404 or 405 with `Allow`) and the route
 * registry behind it. Call before any route is registered.
 */
export function installErrorHandling(app: FastifyInstance): void {
  const known = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    const entry = known.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) entry.methods.add(method);
    known.set(route.url, entry);
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    const path = decodeURIComponentSafe(request.url.split('?')[0] ?? '/');
    const allowed = new Set<string>();
    for (const route of known.values()) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (bare !== path && [...known.values()].some((route) => route.pattern.test(bare))) {
      // Paths take no trailing slash: say so rather than leave the client guessing.
      return sendError(reply, 404, `No such path: ${path}. Drop the trailing slash: ${bare}.`);
    }
    if (allowed.size > 0) {
      reply.header('allow', [...allowed].sort().join(', '));
      return sendError(
        reply,
        405,
        `${request.method} is not allowed on ${path}; use ${[...allowed].sort().join(', ')}.`,
      );
    }
    return sendError(reply, 404, `No such path: ${path}.`);
  });
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
