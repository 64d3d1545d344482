import type { DatabaseSync } from 'node:sqlite';
import type { ContractError, InboxItem } from '../../../../shared/contract/index.ts';
import { ApiError, isMissingFeature } from '../../api/api-error.ts';
import type { CommunityApi } from '../../api/community.ts';
import { systemClock, type GateClock } from '../../api/gate-clock.ts';
import { attemptFailure } from '../../drafts/attempt-failure.ts';
import { SendLoop } from '../../drafts/send-loop.ts';
import { mayHaveReachedService } from '../../drafts/lookup-before-resend.ts';
import { NO_TRIAGE_NOTE } from '../triage-capability.ts';
import { carries, needsCurrentRow, patchFor } from './queued-change.ts';
import * as store from './triage-queue-store.ts';
import type { StoredTriage } from './triage-queue-store.ts';

/**
 * Sends one profile's triage done offline, one change at a time in the order it was made, as
 * background calls through the profile's rate gate, each exactly once. It follows the outboxes'
 * rules, with their pieces:
 * - never twice: the PATCH is noted before it goes, and any attempt after one that may have
 *   reached the service (noted, or in line at start: the note has no fsync) first reads the row,
 *   and does not send when the row already reads as the change asks (`mayHaveReachedService`);
 * - what a failure means is attempt-failure.ts's verdict: refused for good (kept with its reason,
 *   for Retry; the mirror's row goes back to the service's), no verdict (waits with a growing
 *   backoff, and an answer from the service elsewhere ends the wait: `nudge`), no token (held
 *   until one comes), or closing;
 * - one thing of its own: a 404 on a row that is still there, or a 405/501, says the service has
 *   no triage extension (conventions §9); a 404 on a row that is gone says the row is gone.
 */

export interface TriageOutboxOptions {
  db: DatabaseSync;
  community: () => CommunityApi;
  /** The service's row after a change was sent or refused: into the mirror (null: it is gone). */
  onServiceRow: (interactionId: number, item: InboxItem | null) => void;
  /** The line changed: told to the renderer. */
  onChanged: () => void;
  clock?: GateClock;
  backoff?: { firstMs: number; maxMs: number };
  random?: () => number;
}

const goneError: ContractError = {
  code: 'not_found',
  message: 'This interaction is no longer on the service.',
  fieldErrors: {},
};
const noTriageError: ContractError = { code: 'not_found', message: NO_TRIAGE_NOTE, fieldErrors: {} };
const internalError: ContractError = {
  code: 'internal',
  message: 'Something went wrong in Socialdesk while sending this change.',
  fieldErrors: {},
};

export class TriageOutbox {
  readonly #options: TriageOutboxOptions;
  readonly #db: DatabaseSync;
  readonly #abort = new AbortController();
  readonly #sender: SendLoop<StoredTriage>;
  #inLineAtStart = new Set<string>();

  constructor(options: TriageOutboxOptions) {
    this.#options = options;
    this.#db = options.db;
    this.#sender = new SendLoop({
      name: 'the triage outbox',
      clock: options.clock ?? systemClock,
      isOpen: () => this.#db.isOpen,
      next: () => store.nextWaiting(this.#db),
      attempt: (entry) => this.#attempt(entry),
      backoff: options.backoff,
      random: options.random,
    });
  }

  start(): void {
    this.#inLineAtStart = new Set(store.waitingSeqs(this.#db).map(String));
    this.kick();
  }

  /** A change was put in line, or Retry: sends unless sending already or waiting out a backoff. */
  kick(): void {
    this.#sender.kick();
  }

  /** The service answered some other call, or a token came: a wait for it ends now. */
  nudge(): void {
    this.#sender.nudge();
  }

  /** Whether it is waiting for the service (or a token) with changes in line. */
  get waitingForService(): boolean {
    return this.#sender.offline;
  }

  async close(): Promise<void> {
    const closed = this.#sender.close();
    this.#abort.abort(new DOMException('The triage outbox was closed.', 'AbortError'));
    await closed;
  }

  async #attempt(entry: StoredTriage): Promise<'next' | 'wait' | 'stop'> {
    const request = { lane: 'background' as const, signal: this.#abort.signal };
    const key = String(entry.seq);
    let current: InboxItem | null = null;
    try {
      const community = this.#options.community();
      const mayHaveGone = mayHaveReachedService(
        { id: key, createPending: entry.sendPending },
        this.#inLineAtStart,
      );
      if (mayHaveGone || needsCurrentRow(entry.change)) {
        current = await this.#read(community, entry, request);
        this.#answered();
        this.#inLineAtStart.delete(key);
        if (!current) return this.#refused(entry, goneError, null);
        if (mayHaveGone && carries(current, entry.change)) return this.#sent(entry, current);
      }
      const body = patchFor(current, entry.change);
      if (!body && current) return this.#sent(entry, current); // it reads so already
      if (!body) return this.#refused(entry, internalError, undefined);
      store.noteSending(this.#db, entry.seq);
      const updated = await community.updateInteraction(entry.interactionId, body, request);
      this.#answered();
      return this.#sent(entry, updated);
    } catch (error) {
      return this.#failed(entry, error);
    }
  }

  /** The row as the service has it now; null when the service no longer has it. */
  async #read(
    community: CommunityApi,
    entry: StoredTriage,
    request: { lane: 'background'; signal: AbortSignal },
  ): Promise<InboxItem | null> {
    const page = await community.listInteractions(
      { brand_ids: [entry.brandId], id: entry.interactionId, limit: 1, offset: 0 },
      request,
    );
    return page.data.find((row) => row.id === entry.interactionId) ?? null;
  }

  /** The row now, for the mirror after a refusal; undefined when even that could not be read. */
  #readQuietly(entry: StoredTriage): Promise<InboxItem | null | undefined> {
    return this.#read(this.#options.community(), entry, {
      lane: 'background',
      signal: this.#abort.signal,
    }).catch(() => undefined);
  }

  #sent(entry: StoredTriage, item: InboxItem): 'next' {
    this.#sender.failures = 0;
    store.done(this.#db, entry.seq);
    this.#options.onServiceRow(entry.interactionId, item);
    this.#options.onChanged();
    return 'next';
  }

  #refused(entry: StoredTriage, error: ContractError, item: InboxItem | null | undefined): 'next' {
    store.refuse(this.#db, entry.seq, error);
    if (item !== undefined) this.#options.onServiceRow(entry.interactionId, item);
    this.#options.onChanged();
    return 'next';
  }

  #answered(): void {
    this.#sender.offline = false;
  }

  async #failed(entry: StoredTriage, error: unknown): Promise<'next' | 'wait' | 'stop'> {
    if (this.#sender.closed || !this.#db.isOpen) return 'stop';
    if (isMissingFeature(error) && (error as ApiError).operation === 'community.updateInteraction') {
      // A 404 is a row that is gone, or a service without the extension: the row tells which.
      this.#answered();
      const current = await this.#readQuietly(entry);
      if (current === null) return this.#refused(entry, goneError, null);
      return this.#refused(entry, noTriageError, current);
    }
    const failure = attemptFailure(error, 'update');
    switch (failure.kind) {
      case 'stop':
        return 'stop';
      case 'refuse': {
        if (failure.bug !== undefined) {
          console.error('socialdesk: the triage outbox failed on a change:', failure.bug);
          failure.error = internalError; // the shared verdict's words speak of a draft
        }
        if (failure.answered) this.#answered();
        this.#sender.failures = 0;
        // The mirror's row goes back to the service's, as it reads now.
        return this.#refused(entry, failure.error, await this.#readQuietly(entry));
      }
      case 'retry':
        this.#sender.offline = failure.connection === 'offline';
        this.#sender.failures += 1;
        return 'wait';
      case 'hold':
        this.#sender.offline = true;
        return 'stop';
    }
  }
}
