import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorObjectSchema } from '../../../src/shared/domain/index.ts';
import { RateLimiter } from '../../../src/sandbox/http/rate-limit.ts';
import { transportErrorHandlers } from '../../../src/sandbox/http/transport-errors.ts';

/**
 * Errors Node's HTTP parser raises before Fastify sees a request. A request timeout takes minutes
 * to provoke over a real socket (Node checks every 30 s), so the handler is driven directly with
 * the error Node passes it and a socket that records what is written.
 */
describe('sandbox transport errors', () => {
  const nowMs = () => Date.parse('2025-01-01T00:00:10Z');

  function answerTo(code: string) {
    const limiter = new RateLimiter({ limit: 10, windowSeconds: 60, nowMs });
    const { clientErrorHandler } = transportErrorHandlers({ limiter, identify: () => null, nowMs });
    let written = '';
    const socket = {
      destroyed: false,
      writable: true,
      remoteAddress: '127.0.0.1',
      write: (chunk: string) => {
        written += chunk;
        return true;
      },
      destroy: () => undefined,
    } as unknown as Socket;
    clientErrorHandler!(
      Object.assign(new Error(code), { code, bytesParsed: 0, rawPacket: { type: 'Buffer', data: [] } }),
      socket,
    );
    const [head = '', body = ''] = written.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head.split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    return { statusLine, headers, error: errorObjectSchema.parse(JSON.parse(body)) };
  }

  it.each([
    ['ERR_HTTP_REQUEST_TIMEOUT', /did not arrive in time/],
    ['HPE_HEADER_OVERFLOW', /over 16 kB/],
    ['HPE_INVALID_METHOD', /not valid HTTP/],
  ])(
    'answers %s with a 400 (a status conventions §3 lists), the error object and rate headers',
    (code, message) => {
      const { statusLine, headers, error } = answerTo(code);
      expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(error).toMatchObject({ code: 400, status: 'Bad Request', errors: {} });
      expect(error.message).toMatch(message);
      expect(headers['x-ratelimit-limit']).toBe('10');
      expect(headers['x-ratelimit-remaining']).toBe('9');
      expect(headers['x-ratelimit-reset']).toBe(String(Date.parse('2025-01-01T00:01:00Z') / 1000));
    },
  );
});
