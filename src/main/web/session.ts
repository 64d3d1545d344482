import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OneTimeCodes } from './one-time-codes.ts';

/** Where a printed or opened link points: `/connect?code=<one-time code>`. */
export const CONNECT_PATH = '/connect';

export interface Session {
  cookieName: string;
  /** The `Set-Cookie` value that hands the page its credential. */
  setCookie: string;
  /** Whether a request (a fetch, or a socket's upgrade) carries the page's credential. */
  isAuthenticated(request: { headers: IncomingHttpHeaders }): boolean;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The page's credential: a per-launch secret in a cookie no script can read (HttpOnly), sent only
 * by pages of this site (SameSite=Strict), only to the bridge (Path=/bridge), and kept by the
 * browser only while it runs (no Expires or Max-Age: a session cookie, never in localStorage or
 * sessionStorage). The name is per launch because a browser shares one cookie jar across all
 * ports of 127.0.0.1: two shells must not overwrite each other's cookie.
 */
export function createSession(): Session {
  const secret = randomBytes(32).toString('hex');
  const cookieName = `socialdesk_${randomBytes(4).toString('hex')}`;
  return {
    cookieName,
    setCookie: `${cookieName}=${secret}; Path=/bridge; HttpOnly; SameSite=Strict`,
    isAuthenticated(request) {
      const sent = cookieValue(request.headers.cookie, cookieName);
      if (sent === undefined || sent.length !== secret.length) return false;
      return timingSafeEqual(Buffer.from(sent), Buffer.from(secret));
    },
  };
}

export function refuseUnauthenticated(reply: FastifyReply) {
  return reply.code(401).send({
    message: 'This bridge answers only a page opened with a link the browser shell printed or opened.',
  });
}

/**
 * `GET /connect?code=…`: trades a one-time code for the session cookie, then sends the browser on
 * to the app without the code (303), so the address bar, history and restored tabs keep only a
 * spent code. A spent, expired or made-up code gets the same redirect without a cookie: the app
 * then says how to get a new link.
 */
export function registerConnect(app: FastifyInstance, opts: { codes: OneTimeCodes; session: Session }) {
  app.get<{ Querystring: { code?: unknown } }>(
    CONNECT_PATH,
    // No HEAD twin: a link checker's HEAD must not spend the code.
    { exposeHeadRoute: false },
    (request, reply) => {
      const { code } = request.query;
      if (typeof code === 'string' && opts.codes.redeem(code)) {
        reply.header('set-cookie', opts.session.setCookie);
      }
      return reply.header('cache-control', 'no-store').redirect('/', 303);
    },
  );
}
