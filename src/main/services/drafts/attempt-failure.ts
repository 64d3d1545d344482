import type { ContractError } from '../../../shared/contract/index.ts';
import { ApiError } from '../api/api-error.ts';
import { serviceRefusal } from '../dispatch.ts';

/**
 * What a failed attempt to send a draft means, for the outbox to act on:
 * - `refuse`: refused for good (the draft fails with the reason; the drafts behind it go on);
 * - `retry`: no verdict (offline, a timeout, 5xx, 429): the draft keeps its place and the outbox
 *   waits with a growing backoff;
 * - `hold`: no token (see below): the draft keeps its place, with no timer at all;
 * - `stop`: the outbox is closing or the profile was removed.
 *
 * Reachability: no answer (network error, timeout) means offline; any answer means online.
 */
export type AttemptFailure =
  | { kind: 'stop' }
  | {
      kind: 'refuse';
      error: ContractError;
      /** The service answered (a 4xx): it is online, and the backoff starts over. */
      answered: boolean;
      /** A bug of ours rather than the draft's, to be logged. */
      bug?: string;
    }
  | {
      kind: 'retry';
      /** What the failure says of the service, told before the draft waits. */
      connection: 'offline' | 'online' | undefined;
      /** A POST may still be processed by the service: the next attempt waits `settleMs`. */
      settle: boolean;
      createDidNotHappen: boolean;
    }
  | { kind: 'hold'; createDidNotHappen: boolean };

const internalError: ContractError = {
  code: 'internal',
  message: 'Something went wrong in Socialdesk while sending this draft.',
  fieldErrors: {},
};

export function attemptFailure(error: unknown, phase: 'create' | 'update'): AttemptFailure {
  if (!(error instanceof ApiError)) {
    if (isAbort(error)) return { kind: 'stop' };
    // A bug of ours, not the draft's: it leaves the line, so the drafts behind it still go.
    return {
      kind: 'refuse',
      error: internalError,
      answered: false,
      bug: error instanceof Error ? error.message : String(error),
    };
  }
  const createDidNotHappen = refusedCreate(error);
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return { kind: 'retry', connection: 'offline', settle: phase === 'create', createDidNotHappen };
    case 'rate_limited':
      return { kind: 'retry', connection: undefined, settle: false, createDidNotHappen };
    case 'gate_closed': // the profile was removed
      return { kind: 'stop' };
    case 'no_token':
      // No token (a session-only token forgotten at a restart): the client refuses before
      // sending anything, so the outbox holds (state `no_token`). The draft keeps its place (a
      // POST refused so did not happen; a lookup refused so leaves the earlier POST to look for
      // next time), and the drafts behind it would meet the same. No timer and no backoff:
      // waiting cannot bring a token, the person entering it does (`nudge()`), or Sync.
      return { kind: 'hold', createDidNotHappen };
    case 'http':
      if (error.status >= 500 || error.status === 429 || error.status === 408) {
        // Reachable, but not taking it now: the backoff keeps growing while that lasts.
        return {
          kind: 'retry',
          connection: 'online',
          settle: phase === 'create' && error.status >= 500,
          createDidNotHappen,
        };
      }
      return { kind: 'refuse', error: serviceRefusal(error), answered: true };
    default: // unsafe_link: nothing to retry until the profile is fixed
      return { kind: 'refuse', error: serviceRefusal(error), answered: false };
  }
}

/**
 * The POST itself was not acted on: held back by the gate, never sent for want of a token, or
 * answered 429 or 408. (A failure of the lookup the client makes after an unanswered POST, or of
 * the outbox's own lookup before one, names the list operation instead.)
 */
function refusedCreate(error: ApiError): boolean {
  if (!error.operation.endsWith('.create')) return false;
  return (
    error.kind === 'rate_limited' ||
    error.kind === 'no_token' ||
    (error.kind === 'http' && error.status < 500)
  );
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
