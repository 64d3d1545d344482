import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyLimitBytes, bodyTooLargeMessage, SandboxError } from './errors.ts';
import { prototypeKeysError } from './prototype-keys.ts';

/**
 * How request bodies are read. Every body of the interface is JSON (interface.md), so:
 * - `application/json` (and `application/<x>+json`) is parsed with Fastify's own parser, which
 *   also refuses `__proto__` and `constructor.prototype` keys (a 422 naming them: see
 *   prototype-keys.ts);
 * - an empty body counts as no body whatever its Content-Type says: clients (fetch wrappers,
 *   ky, curl -X DELETE -H ...) send `Content-Type: application/json` on a DELETE or a body-less
 *   POST, and the route's own rules (a 204, or "brand_ids is required") should answer, not 400;
 * - any other non-empty body (text/plain, a form) is an unreadable body: 400 (conventions §3),
 *   where Fastify would answer 415 or hand the route a string;
 * - a body announced as over the limit is read away before the 400: Fastify would answer at
 *   once and close the connection while the client is still sending, so the client would see a
 *   broken pipe instead of the answer, or not, depending on timing.
 */
type ParseDone = (error: Error | null, body?: unknown) => void;

/** Bodies announced as larger than this are not read away: Fastify's early answer stands. */
const drainLimitBytes = 64 * 1024 * 1024;

export function installBodyParsing(app: FastifyInstance): void {
  // Fastify's default parser is the callback form of its FastifyBodyParser union.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: ParseDone,
  ) => void;
  app.addHook('preParsing', async (request, _reply, payload) => {
    const length = Number(request.headers['content-length']);
    if (!(length > bodyLimitBytes && length <= drainLimitBytes)) return payload;
    for await (const chunk of payload) void chunk; // discarded
    throw new SandboxError(400, bodyTooLargeMessage);
  });
  app.removeAllContentTypeParsers();
  const json = (request: FastifyRequest, body: string, done: ParseDone) => {
    if (body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body, (error, parsed) => {
      done(error ? (prototypeKeysError(body) ?? error) : null, parsed);
    });
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, json);
  // Fastify tests a pattern against the whole header, parameters (`; charset=utf-8`) included.
  app.addContentTypeParser(/^application\/[\w.-]+\+json\s*(;|$)/i, { parseAs: 'string' }, json);
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    const type = request.headers['content-type'];
    done(
      new SandboxError(
        400,
        `Send the body as JSON with Content-Type: application/json${type ? ` (not ${type})` : ''}.`,
      ),
      undefined,
    );
  });
}
