import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasCaller } from './auth.ts';
import { SandboxError } from './errors.ts';

/**
 * Fixed-window rate limits per application (conventions §4), written here rather than taken from
 * @fastify/rate-limit because the rules are the interface's own: windows aligned to the sandbox
 * clock, a throttle that lasts until the window ends, throttled calls not counted, and headers
 * that describe whichever of two limits has fewer calls left.
 */

/** A stricter limit for some routes: `{ config: { rateLimit: { bucket: 'reports', limit: 60 } } }`. */
export interface RouteRateLimit {
  bucket: string;
  /** Calls per window, whatever the window's length. */
  limit: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
}

export interface RateLimitOptions {
  /** Calls per application per window (`--rate-limit`, default 1000). */
  limit: number;
  /** Window length in seconds (`--rate-window`, default 60). */
  windowSeconds: number;
  /** The sandbox clock in milliseconds. */
  nowMs: () => number;
}

interface Counter {
  window: number;
  count: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** UNIX seconds at which the window ends. */
  reset: number;
}

/** An application over one of its limits: every call is a 429 until the window ends. */
interface Throttle {
  window: number;
  /** The limit that was exceeded, for the headers of every throttled answer. */
  limit: number;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly nowMs: () => number;
  private readonly counters = new Map<string, Counter>();
  private readonly throttles = new Map<string, Throttle>();

  constructor(options: RateLimitOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowSeconds * 1000;
    this.nowMs = options.nowMs;
  }

  /**
   * Counts one call of `key` (and of its route bucket). A call over either limit is refused, and
   * from then on so is every call of `key`, on any route, until the window ends (conventions §4:
   * "so does every further request of that application until x-ratelimit-reset"). All limits
   * share one aligned window, so the reset of the limit exceeded is the window's end.
   */
  take(key: string, route?: RouteRateLimit, atMs = this.nowMs()): RateDecision {
    const window = Math.floor(atMs / this.windowMs);
    const reset = Math.round(((window + 1) * this.windowMs) / 1000);
    const throttle = this.throttles.get(key);
    if (throttle && throttle.window === window) {
      return { allowed: false, limit: throttle.limit, remaining: 0, reset };
    }
    const app = this.counter(key, window);
    const bucket = route ? this.counter(`${key}\u0000${route.bucket}`, window) : undefined;
    const exceeded =
      bucket && route && bucket.count >= route.limit
        ? route.limit
        : app.count >= this.limit
          ? this.limit
          : undefined;
    if (exceeded !== undefined) {
      // Throttled calls are not counted; the throttle itself is what lasts to the reset.
      this.throttles.set(key, { window, limit: exceeded });
      return { allowed: false, limit: exceeded, remaining: 0, reset };
    }
    app.count += 1;
    if (bucket) bucket.count += 1;
    let limit = this.limit;
    let remaining = this.limit - app.count;
    if (bucket && route && route.limit - bucket.count < remaining) {
      limit = route.limit;
      remaining = route.limit - bucket.count;
    }
    return { allowed: true, limit, remaining, reset };
  }

  private counter(key: string, window: number): Counter {
    let counter = this.counters.get(key);
    if (!counter || counter.window !== window) {
      if (this.counters.size > 50_000) this.prune(window);
      counter = { window, count: 0 };
      this.counters.set(key, counter);
    }
    return counter;
  }

  private prune(window: number): void {
    for (const [key, counter] of this.counters) if (counter.window !== window) this.counters.delete(key);
    for (const [key, throttle] of this.throttles) if (throttle.window !== window) this.throttles.delete(key);
  }
}

/** The three headers every answer carries (conventions §4). */
export function rateHeaders(decision: RateDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.reset),
  };
}

/** The 429 of a call over the limit; no Retry-After: clients read x-ratelimit-reset. */
export function throttled(decision: RateDecision): SandboxError {
  return new SandboxError(
    429,
    `Rate limit of ${decision.limit} calls per window reached; wait until x-ratelimit-reset (${decision.reset}).`,
  );
}

/** Who a request is counted against: its application, or its address when the token is bad. */
function rateKey(request: FastifyRequest): string {
  return hasCaller(request) ? `app:${request.caller.applicationId}` : `anon:${request.ip}`;
}

/**
 * Registers the limiter as an onRequest hook (after the caller is identified). Headers are set
 * on the reply before anything can fail, so every answer carries them, errors included. The
 * `Date` header follows the sandbox clock, so a client that corrects `x-ratelimit-reset` for
 * skew with it (conventions §4) gets the right wait even under `--now`. It is the instant of the
 * decision, not of the send: a 429 decided just before the reset must not carry a later Date.
 */
export function installRateLimit(app: FastifyInstance, limiter: RateLimiter, nowMs: () => number): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('date')) reply.header('date', new Date(nowMs()).toUTCString());
    return payload;
  });
  app.addHook('onRequest', async (request, reply) => {
    const at = nowMs();
    const decision = limiter.take(rateKey(request), request.routeOptions.config?.rateLimit, at);
    reply.header('date', new Date(at).toUTCString());
    reply.headers(rateHeaders(decision));
    if (!decision.allowed) throw throttled(decision);
  });
}
