import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import type { z } from 'zod';
import {
  perServiceArea,
  toQueryParams,
  type BaseUrls,
  type ErrorObject,
  type QueryValue,
  type ServiceArea,
} from '../../../shared/domain/index.ts';
import { ApiError, errorObjectFrom } from './api-error.ts';
import { DiagnosticLog, readLeniently, type DiagnosticSink } from './lenient.ts';
import type { GateLane, Lane, RateGate, RateTicket } from './rate-gate.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, QueryValue | null | undefined>;

export interface HttpClientOptions {
  baseUrls: BaseUrls;
  /** Read on every request, so the token lives in the secret store only, never on this object. */
  getToken: () => string | undefined | Promise<string | undefined>;
  gate: RateGate;
  /** The lane of calls that do not name one (default interactive: a person is waiting). */
  lane?: Lane;
  fetch?: typeof globalThis.fetch;
  onDiagnostic?: DiagnosticSink;
  /** Retries of idempotent calls after a network error or a 5xx (default 2). */
  retryLimit?: number;
  /** Wait before the first retry, doubling at each next one up to `maxMs` (default 300 ms, 5 s). */
  backoff?: { firstMs: number; maxMs: number };
  /** Re-sends after a 429, each once the gate has waited for the reset (default 3). */
  throttledRetries?: number;
  /** Per attempt, for the answer's headers (default 15 s). */
  timeoutMs?: number;
}

export interface RequestSpec {
  /** Names the call in errors and diagnostics, e.g. 'community.listTags'. */
  operation: string;
  area: ServiceArea;
  method: Method;
  /** Relative to the area's base URL (no leading slash), or an absolute URL from `paging.next`. */
  path: string;
  query?: Query;
  json?: unknown;
  schema?: z.ZodType;
  signal?: AbortSignal;
  /** Whether a person waits for this call; the rate gate serves interactive calls first. */
  lane?: GateLane;
  /** A POST that only reads (searches, statistics) may be retried like a GET. */
  readOnly?: boolean;
}

/**
 * Methods ky may retry on a network error or a 5xx. PATCH is included because every PATCH of
 * this interface sets fields to given values (post fields, interaction flags), so sending it
 * twice leaves the same state. POST is left out: a create sent twice makes two posts.
 */
const idempotentMethods = ['get', 'put', 'patch', 'delete'];

/** Per-call state the hooks share: the gate slot of the attempt in flight. */
interface CallState {
  /** The operation: calls of one operation share any stricter endpoint limit. */
  key: string;
  lane: GateLane;
  /** When the call began (the gate's clock): every attempt of it counts its wait from there. */
  since: number;
  ticket?: RateTicket;
  signal?: AbortSignal;
}

export class HttpClient {
  readonly #options: HttpClientOptions;
  readonly #instances: Record<ServiceArea, KyInstance>;
  readonly diagnostics: DiagnosticLog;

  constructor(options: HttpClientOptions) {
    this.#options = options;
    this.diagnostics = new DiagnosticLog(options.onDiagnostic);
    this.#instances = perServiceArea((area) => this.#createInstance(withSlash(options.baseUrls[area])));
  }

  /** The rate gate every call of this client passes (one per application). */
  get gate(): RateGate {
    return this.#options.gate;
  }

  /** Sends one call and reads its JSON answer leniently; 204 gives `undefined`. */
  async send<T>(spec: RequestSpec): Promise<T> {
    const response = await this.fetchResponse(spec);
    const text = await this.#readText(spec, response);
    if (text === '') return undefined as T;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError({
        kind: 'http',
        operation: spec.operation,
        status: response.status,
        message: 'The service answered with something that is not JSON.',
      });
    }
    return readLeniently<T>(spec.operation, spec.schema, data, this.diagnostics.sink);
  }

  /**
   * Sends one call and returns the successful `Response` unread (streams such as CSV reports).
   * A 429 is re-sent once the gate has waited for the reset: the service did not act on it.
   */
  async fetchResponse(spec: RequestSpec): Promise<Response> {
    this.#checkLink(spec);
    const attempts = 1 + (this.#options.throttledRetries ?? 3);
    // A person's call waits one window in all at the gate, however many 429s it meets.
    const since = this.#options.gate.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#instances[spec.area](spec.path, {
          method: spec.method,
          searchParams: spec.query ? toQueryParams(spec.query) : undefined,
          json: spec.json,
          signal: spec.signal,
          retry: this.#retryFor(spec),
          context: {
            call: {
              key: spec.operation,
              lane: spec.lane ?? this.#options.lane ?? 'interactive',
              since,
              signal: spec.signal,
            } satisfies CallState,
          },
        });
      } catch (error) {
        const apiError = await this.#toApiError(spec, error);
        if (apiError.status === 429 && attempt < attempts) continue;
        throw apiError;
      }
    }
  }

  /** Whether an absolute URL lies under the area's base URL (where the token may be sent). */
  isUnderBase(area: ServiceArea, url: string): boolean {
    const base = new URL(withSlash(this.#options.baseUrls[area]));
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return false;
    }
    return target.origin === base.origin && target.pathname.startsWith(base.pathname);
  }

  #checkLink(spec: RequestSpec): void {
    // Every request carries the bearer token, so it may only go under the profile's base URL:
    // a paging link elsewhere (absolute, `//host/...` or `../..`) is refused, not followed.
    let resolved: string;
    try {
      resolved = new URL(spec.path, withSlash(this.#options.baseUrls[spec.area])).href;
    } catch {
      resolved = '';
    }
    if (!this.isUnderBase(spec.area, resolved)) {
      throw new ApiError({
        kind: 'unsafe_link',
        operation: spec.operation,
        message: 'The service sent a paging link outside its own address; Socialdesk did not follow it.',
      });
    }
  }

  #retryFor(spec: RequestSpec) {
    const { firstMs, maxMs } = this.#options.backoff ?? { firstMs: 300, maxMs: 5000 };
    return {
      limit: this.#options.retryLimit ?? 2,
      methods: spec.readOnly ? [...idempotentMethods, 'post'] : idempotentMethods,
      // 429 is left to the gate: ky would retry it on its own clock, without the skew correction.
      statusCodes: [500, 502, 503, 504],
      afterStatusCodes: [],
      delay: (attempt: number) => Math.min(maxMs, firstMs * 2 ** (attempt - 1)),
      backoffLimit: maxMs,
      // "Equal jitter": half the delay fixed, half random. Clients failing together do not come
      // back together, and unlike full jitter each wait is at least half its step, so the waits
      // still grow and a struggling service gets the breathing room the backoff is for.
      jitter: (delay: number) => delay / 2 + Math.random() * (delay / 2),
    };
  }

  #createInstance(baseUrl: string): KyInstance {
    const { gate, getToken } = this.#options;
    const state = (context: Record<string, unknown>) => context.call as CallState;
    return ky.create({
      baseUrl,
      fetch: this.#options.fetch,
      timeout: this.#options.timeoutMs ?? 15_000,
      hooks: {
        beforeRequest: [
          async ({ request, options }) => {
            const token = await getToken();
            if (!token)
              throw new ApiError({
                kind: 'no_token',
                operation: '',
                status: 401,
                message: 'No token is stored for this profile.',
              });
            request.headers.set('authorization', `Bearer ${token}`);
            const call = state(options.context);
            call.ticket = await gate.acquire(call.key, {
              lane: call.lane,
              signal: call.signal,
              since: call.since,
            });
          },
        ],
        // Retries skip beforeRequest, so each retry waits at the gate here.
        beforeRetry: [
          async ({ options }) => {
            const call = state(options.context);
            call.ticket?.abandon();
            call.ticket = undefined;
            call.ticket = await gate.acquire(call.key, {
              lane: call.lane,
              signal: call.signal,
              since: call.since,
            });
          },
        ],
        afterResponse: [
          ({ response, options }) => {
            const call = state(options.context);
            call.ticket?.complete(response.status, response.headers);
            call.ticket = undefined;
          },
        ],
        beforeError: [
          ({ error, options }) => {
            const call = state(options.context);
            call.ticket?.abandon();
            call.ticket = undefined;
            return error;
          },
        ],
      },
    });
  }

  async #readText(spec: RequestSpec, response: Response): Promise<string> {
    try {
      return await response.text();
    } catch {
      throw new ApiError({
        kind: 'network',
        operation: spec.operation,
        status: response.status,
        message: 'The answer was cut off.',
      });
    }
  }

  /** ky's errors hold the Request (and so the token): keep status and body, drop the rest. */
  async #toApiError(spec: RequestSpec, error: unknown): Promise<ApiError> {
    const { operation } = spec;
    if (error instanceof ApiError) {
      if (error.operation) return error;
      return new ApiError({
        kind: error.kind,
        operation,
        status: error.status,
        body: error.body,
        message: error.message,
      });
    }
    if (spec.signal?.aborted) throw spec.signal.reason;
    if (isHTTPError(error)) {
      const { status, statusText } = error.response;
      const body = await this.#redacted(errorObjectFrom(status, statusText, error.data));
      return new ApiError({ kind: 'http', operation, status, body, message: body.message });
    }
    if (isTimeoutError(error)) {
      return new ApiError({ kind: 'timeout', operation, message: 'The service did not answer in time.' });
    }
    if (isNetworkError(error)) {
      return new ApiError({ kind: 'network', operation, message: 'The service could not be reached.' });
    }
    throw error; // not from ky, so it holds no request: a bug of ours, left as it is
  }

  /**
   * A service that quotes the token (some echo the header, in the message or beside a field)
   * must not carry it further: the error object reaches forms, the renderer and logs. Keys
   * beside the four of the error object are dropped, as nothing reads them.
   */
  async #redacted(body: ErrorObject): Promise<ErrorObject> {
    const token = await this.#options.getToken();
    const redact = (text: string) => (token && token.length >= 4 ? text.split(token).join('[token]') : text);
    const errors = Object.fromEntries(
      Object.entries(body.errors).map(([field, messages]) => [redact(field), messages.map(redact)]),
    );
    return { code: body.code, errors, message: redact(body.message), status: redact(body.status) };
  }
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
