import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Caller } from './auth.ts';
import { errorBody, reasonPhrase } from './errors.ts';
import { rateHeaders, throttled, type RateLimiter } from './rate-limit.ts';

/**
 * Requests that fail before any hook runs. Fastify answers an undecodable path (`%E0%A4%A`) or a
 * path parameter over its length limit itself, and Node's HTTP parser answers headers that are
 * too large (a 40 kB query string) or a malformed request line; both in their own JSON shape and
 * without rate headers. These handlers answer with the error object and the rate headers like
 * every other answer (conventions §3 and §4), counted like any other call.
 */

export interface TransportErrorOptions {
  limiter: RateLimiter;
  identify(header: string | undefined): Caller | null;
  nowMs(): number;
}

/** What went wrong, for the client: status and one sentence. */
function describeFrameworkError(error: FastifyError): { status: number; message: string } {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // A path segment that long is no id of anything: an unknown resource.
    return { status: 404, message: 'No such resource: a path segment is over 100 characters.' };
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return { status: 400, message: 'The path is not valid percent-encoded UTF-8.' };
  }
  return { status: 400, message: 'The request could not be read.' };
}

/**
 * Every one of these is a request the sandbox could not read: a 400 (conventions §3 lists no
 * 431 or 408), with a sentence that says why.
 */
function describeClientError(error: Error & { code?: string }): { status: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 400,
      message: 'The request could not be read: its request line and headers are over 16 kB.',
    };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 400, message: 'The request could not be read: it did not arrive in time.' };
  }
  return { status: 400, message: 'The request is not valid HTTP.' };
}

export function transportErrorHandlers(
  options: TransportErrorOptions,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  const { limiter, identify, nowMs } = options;
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const caller = identify(request.headers.authorization);
      const at = nowMs();
      const decision = limiter.take(
        caller ? `app:${caller.applicationId}` : `anon:${request.ip}`,
        undefined,
        at,
      );
      const { status, message } = decision.allowed
        ? describeFrameworkError(error)
        : { status: 429, message: throttled(decision).message };
      void reply
        .code(status)
        .headers({ ...rateHeaders(decision), date: new Date(at).toUTCString() })
        .type('application/json; charset=utf-8')
        .send(errorBody(status, message));
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      // A reset connection has nobody left to answer (as Fastify's own handler does).
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const at = nowMs();
      const decision = limiter.take(`anon:${socket.remoteAddress ?? 'unknown'}`, undefined, at);
      const { status, message } = decision.allowed
        ? describeClientError(error)
        : { status: 429, message: throttled(decision).message };
      const body = JSON.stringify(errorBody(status, message));
      const headers = {
        ...rateHeaders(decision),
        date: new Date(at).toUTCString(),
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      if (socket.writable)
        socket.write(`HTTP/1.1 ${status} ${reasonPhrase(status)}\r\n${head.join('')}\r\n${body}`);
      socket.destroy(error);
    },
  };
}
