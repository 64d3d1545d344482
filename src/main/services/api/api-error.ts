import type { ErrorObject } from '../../../shared/domain/index.ts';
import { ContractCallError, type ContractError } from '../../../shared/contract/index.ts';
import { errorObjectSchema } from '../../../shared/domain/index.ts';

/**
 * The one error the API client throws. It carries the HTTP status, the service's error object
 * and its field errors (for forms), and deliberately nothing of the request: no headers, no
 * `Request`, no ky error as `cause`, because the request holds the bearer token and errors end
 * up in logs.
 */
export type ApiErrorKind =
  | 'http' // the service answered with an error status
  | 'network' // no answer: refused, reset, DNS, offline
  | 'timeout' // no answer in time
  | 'no_token' // the profile has no token to send
  | 'unsafe_link' // a paging link pointed outside the profile's base URL; not followed
  | 'rate_limited' // waited at the rate gate past its deadline; not sent
  | 'gate_closed'; // the profile went away while the call waited at its rate gate; not sent

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Operation name, e.g. 'community.listInteractions'. */
  operation: string;
  /** HTTP status; 0 when there was no answer. */
  status?: number;
  /** The error object of the answer; synthesized when the body was not one. */
  body?: ErrorObject;
  message: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status: number;
  readonly body: ErrorObject;
  /** Field or parameter name -> messages (the error object's `errors`); `{}` when none. */
  readonly fieldErrors: Record<string, string[]>;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status ?? 0;
    this.body = init.body ?? { code: this.status, errors: {}, message: init.message, status: '' };
    this.fieldErrors = this.body.errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Reads an error body leniently: the error object when it is one, otherwise one built from the
 * status (a proxy's HTML page, an empty body). Field errors whose values are a bare string are
 * wrapped in an array rather than dropped.
 */
export function errorObjectFrom(status: number, statusText: string, data: unknown): ErrorObject {
  const parsed = errorObjectSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const errors: Record<string, string[]> = {};
  if (typeof record.errors === 'object' && record.errors !== null) {
    for (const [field, value] of Object.entries(record.errors)) {
      errors[field] = Array.isArray(value) ? value.map(String) : [String(value)];
    }
  }
  return {
    code: typeof record.code === 'number' ? record.code : status,
    errors,
    message:
      typeof record.message === 'string'
        ? record.message
        : `The service answered ${status} ${statusText}.`.trim(),
    status: typeof record.status === 'string' ? record.status : statusText,
  };
}

/** An extension the service does not offer (conventions: a 404/405 answer hides the feature). */
export function isMissingFeature(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && [404, 405, 501].includes(error.status);
}

export const unauthorizedMessage =
  'The service refused this token. Check that it was copied whole and has not been revoked, or paste a new one in Settings.';
const offlineMessage =
  "The service could not be reached. Check the network connection and the profile's addresses.";
const rateLimitedMessage =
  'The service asked Socialdesk to slow down; the request was not completed. Try again in a moment.';

/**
 * Maps any error from the API client to the contract's error, for the renderer. Field errors are
 * kept so forms can show them beside their fields.
 */
export function toContractError(error: unknown): ContractError {
  if (!(error instanceof ApiError)) {
    return { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} };
  }
  const base = { fieldErrors: error.fieldErrors, status: error.status || undefined };
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return { ...base, code: 'offline', message: offlineMessage };
    case 'no_token':
      return {
        ...base,
        code: 'unauthorized',
        message: 'No token is stored for this profile. Add one in Settings.',
      };
    case 'unsafe_link':
      return { ...base, code: 'service_error', message: error.message, wording: 'machine' };
    case 'rate_limited':
      return { ...base, code: 'rate_limited', message: error.message };
    case 'gate_closed':
      return { ...base, code: 'not_found', message: error.message };
    case 'http':
      break;
  }
  const serviceMessage = error.body.message || error.message;
  // The service's own text is written for developers ("Invalid request body. assignee_id: ..."):
  // the renderer says it in its own words and keeps this behind "Details".
  const said = { message: serviceMessage, wording: 'machine' } as const;
  switch (error.status) {
    case 401:
      return { ...base, code: 'unauthorized', message: unauthorizedMessage };
    case 403:
      // The service's 403: the token cannot reach that brand (not the IPC sender check).
      return { ...base, code: 'forbidden', ...said };
    case 404:
      return { ...base, code: 'not_found', ...said };
    case 409:
      return { ...base, code: 'conflict', ...said };
    case 422:
      return { ...base, code: 'invalid_input', ...said };
    case 429:
      return { ...base, code: 'rate_limited', message: rateLimitedMessage };
    default:
      return { ...base, code: 'service_error', ...said };
  }
}

/**
 * For handlers: `catch (error) { throw asContractCallError(error); }` turns an ApiError into the
 * ContractCallError dispatch answers with; anything else is returned as it is.
 */
export function asContractCallError(error: unknown): unknown {
  return error instanceof ApiError ? new ContractCallError(toContractError(error)) : error;
}
