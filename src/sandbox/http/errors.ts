import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { installMethodRouting } from './method-routing.ts';
import { SandboxError } from './sandbox-error.ts';

export { SandboxError };

/** The error object of interface.md: every error answer of the sandbox has this shape. */
export interface ErrorBody {
  code: number;
  errors: Record<string, string[]>;
  message: string;
  status: string;
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

/**
 * Installs the error handler, and the 404/405 answers with the route registry behind them (see
 * method-routing.ts). Call before any route is registered.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
  installMethodRouting(app);
}
