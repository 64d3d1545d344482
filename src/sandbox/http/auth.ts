import type { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenHash } from '../seed/token-store.ts';
import { SandboxError } from './errors.ts';

/** Who is calling: resolved from the bearer token on every request (conventions §2). */
export interface Caller {
  userId: number;
  applicationId: number;
  /** A service account: may omit brand filters where the interface allows it (Threads list). */
  isApplicationUser: boolean;
  /** The brands this token can reach, ascending. */
  brandIds: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the auth hooks. Typed non-null because routes only run after a valid token was
     * found; hooks before that point must treat it as possibly null (see `hasCaller`).
     */
    caller: Caller;
  }
}

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

/**
 * Resolves tokens against the `token_hashes`, `users` and `user_brands` tables: the database
 * holds only SHA-256 hashes of the tokens, so a token is found by its hash. Tokens and brand
 * grants do not change while the sandbox runs, so each token is looked up once.
 */
export function createAuthenticator(db: DatabaseSync) {
  const byHash = db.prepare(
    `SELECT u.id AS user_id, u.application_id, u.is_application_user
       FROM token_hashes t JOIN users u ON u.id = t.user_id WHERE t.sha256 = ?`,
  );
  const brandsOf = db.prepare('SELECT brand_id FROM user_brands WHERE user_id = ? ORDER BY brand_id');
  const cache = new Map<string, Caller | null>();

  function lookup(token: string): Caller | null {
    if (cache.has(token)) return cache.get(token) ?? null;
    const row = byHash.get(tokenHash(token));
    const caller: Caller | null = row
      ? {
          userId: Number(row.user_id),
          applicationId: Number(row.application_id),
          isApplicationUser: Number(row.is_application_user) === 1,
          brandIds: brandsOf.all(Number(row.user_id)).map((r) => Number(r.brand_id)),
        }
      : null;
    if (cache.size < 10_000) cache.set(token, caller);
    return caller;
  }

  return {
    /** The caller behind an Authorization header, or null when missing, malformed or unknown. */
    identify(header: string | undefined): Caller | null {
      const match = header ? bearerPattern.exec(header) : null;
      return match?.[1] ? lookup(match[1]) : null;
    },
  };
}

/**
 * Registers the two halves of authentication as onRequest hooks. `identify` runs first so the
 * rate limiter (registered between them) can count per application; `require` then answers 401.
 * Split this way, a request without a valid token still gets rate-limit headers.
 */
export type Authenticator = ReturnType<typeof createAuthenticator>;

export function installAuth(app: FastifyInstance, auth: Authenticator, between: () => void = () => {}): void {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request) => {
    request.caller = auth.identify(request.headers.authorization) as Caller;
  });
  between();
  app.addHook('onRequest', async (request) => {
    if (hasCaller(request)) return;
    const header = request.headers.authorization;
    const message = !header
      ? 'Send an Authorization: Bearer <token> header.'
      : bearerPattern.test(header)
        ? 'The bearer token is not valid.'
        : 'The Authorization header must be "Bearer <token>".';
    throw new SandboxError(401, message);
  });
}

/** False before the token was resolved, or when it was missing or unknown. */
export function hasCaller(request: FastifyRequest): boolean {
  return (request.caller as Caller | null) !== null;
}

/** The caller of a request that passed the auth hooks. */
export function callerOf(request: FastifyRequest): Caller {
  if (!hasCaller(request)) throw new SandboxError(401, 'Send an Authorization: Bearer <token> header.');
  return request.caller;
}

/**
 * 403 for any brand id outside the token's set (conventions §2), whether another application
 * owns it or no brand has that id: the answer neither reveals which brand ids exist, nor sends a
 * client that mistyped a brand id off to check its addresses, as a 404 would (a 404 means "no
 * such path", see the client's connection test). `field` names the parameter in `errors`.
 */
export function requireBrand(request: FastifyRequest, brandId: number, field = 'brand_id'): void {
  requireBrands(request, [brandId], field);
}

export function requireBrands(
  request: FastifyRequest,
  brandIds: readonly number[],
  field = 'brand_ids',
): void {
  const caller = callerOf(request);
  const reachable = new Set(caller.brandIds);
  const forbidden = brandIds.filter((id) => !reachable.has(id));
  if (forbidden.length > 0) {
    const list = forbidden.join(', ');
    throw new SandboxError(403, `This token cannot reach brand ${list}.`, {
      [field]: [`Not reachable with this token: ${list}.`],
    });
  }
}
