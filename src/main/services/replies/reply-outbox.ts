import type { DatabaseSync } from 'node:sqlite';
import type { ContractError } from '../../../shared/contract/index.ts';
import { isMissingFeature, type ApiError } from '../api/api-error.ts';
import type { CommunityApi } from '../api/community.ts';
import { systemClock, type GateClock } from '../api/gate-clock.ts';
import { attemptFailure } from '../drafts/attempt-failure.ts';
import { mayHaveReachedService } from '../drafts/lookup-before-resend.ts';
import { SendLoop } from '../drafts/send-loop.ts';
import { findEarlierSend, interactionGone } from './reply-lookup.ts';
import * as store from './reply-store.ts';
import type { StoredReply } from './reply-store.ts';

/**
 * The reply outbox of one profile: sends its replies one at a time, in the order they were
 * written, as background calls through the profile's rate gate. Its state is in the database
 * (reply-store.ts), so it picks up after a restart or a crash. It follows the drafts outbox's
 * rules, with the drafts outbox's own pieces:
 * - never twice: a POST is noted before it goes, and any attempt after a POST that may have
 *   reached the service (noted, or in line at start) first looks for the reply on the service
 *   (`mayHaveReachedService`, reply-lookup.ts); after an unanswered POST it waits `settleMs` first;
 * - what a failure means is attempt-failure.ts's verdict: refused for good (kept on the reply
 *   with its reason, for Retry), no verdict (it waits with a growing backoff, and an answer from
 *   the service elsewhere in the app ends the wait: `nudge`), no token (held until one comes),
 *   or closing;
 * - one thing more of its own: a 404 or 405 on the replies path says the service has no reply
 *   extension (conventions §9): the reply fails with that note and `onUnsupported` tells; but a
 *   404 for an interaction the service no longer lists says only that, and that reply fails alone.
 */

export interface ReplyOutboxOptions {
  db: DatabaseSync;
  /** The profile's community API, asked at each attempt (the client is rebuilt on changes). */
  community: () => CommunityApi;
  clock?: GateClock;
  backoff?: { firstMs: number; maxMs: number };
  settleMs?: number;
  random?: () => number;
  onChanged?: (reply: StoredReply) => void;
  /** The service answered 404/405 on the replies path: it has no reply extension. */
  onUnsupported?: () => void;
  /** What a reply refused for want of the extension reads as. */
  unsupportedError: ContractError;
}

const interactionGoneError: ContractError = {
  code: 'not_found',
  message:
    'This interaction is no longer on the service (deleted where it was posted), so the reply cannot be sent.',
  fieldErrors: {},
};

const internalError: ContractError = {
  code: 'internal',
  message: 'Something went wrong in Socialdesk while sending this reply.',
  fieldErrors: {},
};

export class ReplyOutbox {
  readonly #options: ReplyOutboxOptions;
  readonly #db: DatabaseSync;
  readonly #clock: GateClock;
  readonly #abort = new AbortController();
  readonly #sender: SendLoop<StoredReply>;
  #inLineAtStart = new Set<string>();

  constructor(options: ReplyOutboxOptions) {
    this.#options = options;
    this.#db = options.db;
    this.#clock = options.clock ?? systemClock;
    this.#sender = new SendLoop({
      name: 'the reply outbox',
      clock: this.#clock,
      isOpen: () => this.#db.isOpen,
      next: () => store.nextReply(this.#db),
      attempt: (reply) => this.#attempt(reply),
      backoff: options.backoff,
      random: options.random,
    });
  }

  /** After opening the database: replies left in line (or sending, by a crash) go on. */
  start(): void {
    this.#inLineAtStart = new Set(store.inLineIds(this.#db));
    this.kick();
  }

  /** A reply was queued, or Retry: sends unless already sending or waiting out a backoff. */
  kick(options: { now?: boolean } = {}): void {
    this.#sender.kick(options);
  }

  /**
   * The service answered some other call, or the profile changed (a new token): a wait because
   * it seemed offline, or a hold for want of a token, ends now.
   */
  nudge(): void {
    this.#sender.nudge();
  }

  async close(): Promise<void> {
    const closed = this.#sender.close();
    this.#abort.abort(new DOMException('The reply outbox was closed.', 'AbortError'));
    await closed;
  }

  async #attempt(reply: StoredReply): Promise<'next' | 'wait' | 'stop'> {
    const request = { lane: 'background' as const, signal: this.#abort.signal };
    const now = () => this.#clock.now();
    try {
      const community = this.#options.community();
      if (mayHaveReachedService({ id: reply.id, createPending: reply.sendPending }, this.#inLineAtStart)) {
        store.startSending(this.#db, reply.id, now());
        this.#changed(reply.id);
        const found = await findEarlierSend(community, reply, request);
        this.#answered();
        this.#inLineAtStart.delete(reply.id);
        if (found) return this.#succeeded(reply.id, found);
      }
      store.recordSend(this.#db, reply.id, now());
      this.#changed(reply.id);
      try {
        const sent = await community.createReply(reply.interactionId, { text: reply.text }, request);
        this.#answered();
        return this.#succeeded(reply.id, sent);
      } catch (error) {
        if (isReplyNotFound(error) && (await interactionGone(community, reply, request))) {
          if (this.#sender.closed || !this.#db.isOpen) return 'stop';
          return this.#refused(reply.id, interactionGoneError);
        }
        throw error;
      }
    } catch (error) {
      return this.#failed(reply, error);
    }
  }

  /** The service answered, and refused this reply for good: kept on it, with its reason. */
  #refused(id: string, error: ContractError): 'next' {
    this.#answered();
    store.fail(this.#db, id, error, this.#clock.now());
    this.#changed(id);
    return 'next';
  }

  #succeeded(id: string, sent: Parameters<typeof store.succeed>[2]): 'next' {
    this.#sender.failures = 0;
    store.succeed(this.#db, id, sent, this.#clock.now());
    this.#changed(id);
    return 'next';
  }

  #answered(): void {
    this.#sender.offline = false;
  }

  #failed(reply: StoredReply, error: unknown): 'next' | 'wait' | 'stop' {
    if (this.#sender.closed || !this.#db.isOpen) return 'stop';
    const now = this.#clock.now();
    if (isMissingFeature(error) && (error as ApiError).operation === 'community.replies.create') {
      this.#refused(reply.id, this.#options.unsupportedError);
      this.#options.onUnsupported?.();
      return 'next';
    }
    const failure = attemptFailure(error, 'create');
    switch (failure.kind) {
      case 'stop':
        return 'stop';
      case 'refuse':
        if (failure.bug !== undefined) {
          console.error('socialdesk: the reply outbox failed on a reply:', failure.bug);
          failure.error = internalError; // the shared verdict's words speak of a draft
        }
        if (failure.answered) {
          this.#answered();
          this.#sender.failures = 0;
        }
        store.fail(this.#db, reply.id, failure.error, now);
        this.#changed(reply.id);
        return 'next';
      case 'retry':
        if (failure.settle) this.#sender.settleUntil = now + (this.#options.settleMs ?? 5_000);
        this.#sender.offline = failure.connection === 'offline';
        this.#sender.failures += 1;
        store.wait(this.#db, reply.id, now, { sendDidNotHappen: failure.createDidNotHappen });
        this.#changed(reply.id);
        return 'wait';
      case 'hold':
        // No token: waiting cannot bring one; the profile's change (nudge with a new token) or
        // the person's Retry does.
        store.wait(this.#db, reply.id, now, { sendDidNotHappen: failure.createDidNotHappen });
        this.#changed(reply.id);
        this.#sender.offline = true;
        return 'stop';
    }
  }

  #changed(id: string): void {
    const reply = store.getReply(this.#db, id);
    if (reply) this.#options.onChanged?.(reply);
  }
}

/** A 404 on the replies path: no extension, or no such interaction (see `interactionGone`). */
function isReplyNotFound(error: unknown): boolean {
  return (
    isMissingFeature(error) &&
    (error as ApiError).status === 404 &&
    (error as ApiError).operation === 'community.replies.create'
  );
}
