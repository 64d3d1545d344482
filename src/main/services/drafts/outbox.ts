import type { DatabaseSync } from 'node:sqlite';
import type { ContractError, OutboxConnection, SyncProgress } from '../../../shared/contract/index.ts';
import type { ScheduledPost, SchedulerChannel } from '../../../shared/domain/index.ts';
import { systemClock, type GateClock } from '../api/gate-clock.ts';
import type { SchedulerApi } from '../api/scheduler.ts';
import { StatusCoalescer } from '../api/status-coalescer.ts';
import { attemptFailure } from './attempt-failure.ts';
import type { StoredDraft } from './draft-store.ts';
import * as queue from './outbox-queue.ts';
import type { OutboxEntry } from './outbox-queue.ts';
import { writableFields } from './post-fields.ts';
import { sendDraft, type Sent, type ServicePost } from './send-draft.ts';

/**
 * The sync outbox of one profile: sends its queued drafts to the service one at a time, in the
 * order they were queued, as background calls through the profile's rate gate. Its state is in
 * the database (outbox-queue.ts), so it picks up where it stopped after a restart or a crash.
 * This file is its loop and its timing; the rules live beside it:
 * - send-draft.ts sends one draft once, and never silently over another version;
 * - lookup-before-resend.ts: never twice, even after a lost answer, a crash or a power cut;
 * - attempt-failure.ts: what a failure means (refused, try later, hold for a token, stop).
 *
 * Waiting: after failures without a verdict the outbox waits with an exponential backoff (equal
 * jitter) rather than polling, and `nudge()` (any answer from the service elsewhere in the app)
 * ends the wait early. Held for want of a token, no timer is set: `nudge()` (the profile's token
 * changed) or `kick({ now: true })` (Sync) tries again.
 */

export interface OutboxOptions {
  db: DatabaseSync;
  /** The profile's scheduler API, asked at each attempt (the client is rebuilt on changes). */
  scheduler: () => SchedulerApi;
  clock?: GateClock;
  /** Waits after failures without a verdict: doubling from `firstMs` up to `maxMs`. */
  backoff?: { firstMs: number; maxMs: number };
  /** Least wait after a create that got no answer, before looking it up and trying again. */
  settleMs?: number;
  random?: () => number;
  onDraftChanged?: (id: string) => void;
  /** A draft reached the service: `post` is the service's version of it now. */
  onPostChanged?: (channel: SchedulerChannel, post: ScheduledPost) => void;
  onProgress?: (progress: SyncProgress) => void;
  onConnection?: (connection: OutboxConnection) => void;
}

type Outcome = 'next' | 'wait' | 'stop';

const defaultBackoff = { firstMs: 1_000, maxMs: 60_000 };

export class Outbox {
  readonly #db: DatabaseSync;
  readonly #scheduler: () => SchedulerApi;
  readonly #clock: GateClock;
  readonly #backoff: { firstMs: number; maxMs: number };
  readonly #settleMs: number;
  readonly #random: () => number;
  readonly #options: OutboxOptions;
  readonly #abort = new AbortController();
  readonly #progress: StatusCoalescer<SyncProgress>;

  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;
  #connection: OutboxConnection = { state: 'unknown', retryAt: null };
  /** Consecutive attempts without a verdict, for the backoff. */
  #failures = 0;
  #cancelTimer: (() => void) | undefined;
  /** Not before this local time: after an unanswered create. */
  #settleUntil = 0;
  #done = 0;
  #wasIdle = true;
  #idleWaiters: Array<() => void> = [];
  /**
   * Drafts in line when this outbox started: an earlier run may have sent their POST, and the
   * note saying so can be lost to a power cut (outbox steps are written without an fsync), so the
   * first attempt of each looks the post up by source_id whatever the note says.
   */
  #inLineAtStart = new Set<string>();

  constructor(options: OutboxOptions) {
    this.#options = options;
    this.#db = options.db;
    this.#scheduler = options.scheduler;
    this.#clock = options.clock ?? systemClock;
    this.#backoff = options.backoff ?? defaultBackoff;
    this.#settleMs = options.settleMs ?? 5_000;
    this.#random = options.random ?? Math.random;
    this.#progress = new StatusCoalescer(
      this.#clock,
      100,
      () => this.progress(),
      (progress) => options.onProgress?.(progress),
    );
  }

  /** After opening the database: drafts a crash left syncing go back in line; sending starts. */
  start(): void {
    queue.recover(this.#db, this.#clock.now());
    this.#inLineAtStart = new Set(queue.queuedIds(this.#db));
    this.kick();
  }

  /**
   * Something was queued, or the person asked to try now (`now`): sends unless already sending.
   * Without `now` a wait in progress (backoff) is kept; with it the wait ends, except what an
   * unanswered create must still settle.
   */
  kick(options: { now?: boolean } = {}): void {
    if (this.#closed) return;
    this.#progress.notify();
    if (this.#cancelTimer) {
      if (!options.now) return;
      this.#cancelWait();
    }
    this.#schedule(this.#settleUntil - this.#clock.now());
  }

  /**
   * The service answered some other call: it can be reached, so an outbox that has sent nothing
   * yet says online rather than "not checked yet", and one waiting because it seemed offline
   * tries now (its own answer then says whether it is back). Or the profile changed (`profile`: a
   * new token, new addresses): one held for want of a token tries now; without one it holds
   * again, unsent.
   */
  nudge(reason: 'answer' | 'profile' = 'answer'): void {
    const { state } = this.#connection;
    if (state === 'unknown') this.#answered();
    if (state === 'offline' && this.#cancelTimer) this.kick({ now: true });
    if (state === 'no_token') this.kick({ now: true });
    // The profile changed while an attempt was under way: it may have read the token before the
    // person entered it, and held for want of it with no timer. It tries once more at its end.
    else if (reason === 'profile' && this.#running) this.#again = true;
  }

  /**
   * A draft changed outside the outbox (saved, queued, deleted; the drafts service tells of it):
   * the progress it reports may have moved.
   */
  recount(): void {
    this.#progress.notify();
  }

  connection(): OutboxConnection {
    return this.#connection;
  }

  progress(): SyncProgress {
    if (!this.#db.isOpen) return { pending: 0, done: this.#done, failed: 0 };
    return {
      pending: queue.pendingCount(this.#db),
      done: this.#done,
      failed: queue.attentionCount(this.#db),
    };
  }

  /**
   * Resolves once the outbox has nothing it can do now (empty, waiting to try again, or held
   * for a token).
   */
  whenIdle(): Promise<void> {
    const resting = this.#cancelTimer !== undefined || this.#connection.state === 'no_token';
    if (this.#closed || (!this.#running && (resting || !this.#hasWork()))) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops: the request in flight is aborted (its draft stays in line), no timer is left. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelWait();
    this.#progress.cancel();
    this.#abort.abort(new DOMException('The outbox was closed.', 'AbortError'));
    await this.#running;
    this.#releaseIdleWaiters();
  }

  #hasWork(): boolean {
    return this.#db.isOpen && queue.pendingCount(this.#db) > 0;
  }

  #schedule(delayMs: number): void {
    if (delayMs > 0) {
      this.#wait(delayMs);
      return;
    }
    if (this.#running) {
      this.#again = true;
      return;
    }
    const loop = this.#loop().catch((error: unknown) => {
      // A database that failed under us (full disk, ...): the drafts stay in line for next time.
      console.error('socialdesk: the drafts outbox stopped:', error instanceof Error ? error.message : error);
    });
    this.#running = loop.finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#closed && !this.#cancelTimer) {
        this.#again = false;
        this.#schedule(0);
      } else {
        this.#again = false;
        this.#releaseIdleWaiters();
      }
    });
  }

  #wait(delayMs: number): void {
    this.#cancelWait();
    const retryAt = this.#clock.now() + delayMs;
    this.#cancelTimer = this.#clock.setTimer(() => {
      this.#cancelTimer = undefined;
      this.#setConnection({ ...this.#connection, retryAt: null });
      this.#schedule(0);
    }, delayMs);
    this.#setConnection({ ...this.#connection, retryAt });
  }

  #cancelWait(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
  }

  #releaseIdleWaiters(): void {
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  async #loop(): Promise<void> {
    while (!this.#closed) {
      this.#again = false;
      let entry: OutboxEntry | undefined;
      try {
        entry = queue.nextEntry(this.#db);
      } catch (error) {
        if (!this.#db.isOpen) return; // the database closed under us: the app is stopping
        throw error;
      }
      if (!entry) {
        this.#wasIdle = true;
        this.#progress.notify();
        return;
      }
      if (this.#wasIdle) {
        this.#wasIdle = false;
        this.#done = 0;
      }
      const outcome = await this.#attempt(entry);
      if (outcome === 'stop') return;
      if (outcome === 'wait') {
        this.#wait(Math.max(this.#backoffMs(), this.#settleUntil - this.#clock.now()));
        return;
      }
    }
  }

  #backoffMs(): number {
    const step = Math.min(this.#backoff.maxMs, this.#backoff.firstMs * 2 ** (this.#failures - 1));
    return step / 2 + this.#random() * (step / 2);
  }

  async #attempt(entry: OutboxEntry): Promise<Outcome> {
    const { draft } = entry;
    const phase = draft.postId === null ? 'create' : 'update';
    try {
      await sendDraft(entry, {
        db: this.#db,
        api: this.#scheduler(),
        request: { lane: 'background', signal: this.#abort.signal },
        inLineAtStart: this.#inLineAtStart,
        answered: () => this.#answered(),
        changed: (id) => this.#changed(id),
        succeeded: (sentDraft, post, sent) => this.#succeeded(sentDraft, post, sent),
        refused: (refusedDraft, error) => this.#refused(refusedDraft, error),
      });
      this.#failures = 0;
      return 'next';
    } catch (error) {
      return this.#failed(draft, phase, error);
    }
  }

  #succeeded(draft: StoredDraft, post: ServicePost, sent: Sent): void {
    // The new base is the service's copy in request form, with what we sent over it (the
    // service writes some values back in its own form, and a later diff must not resend them).
    const base = { ...writableFields(draft.channel, post), ...sent.fields };
    const state = queue.succeed(
      this.#db,
      draft.id,
      post,
      { revision: sent.revision, fields: base },
      this.#clock.now(),
    );
    if (state === 'synced') this.#done += 1;
    this.#changed(draft.id);
    this.#options.onPostChanged?.(draft.channel, post as unknown as ScheduledPost);
  }

  #refused(draft: StoredDraft, error: ContractError): void {
    queue.fail(this.#db, draft.id, error);
    this.#changed(draft.id);
  }

  #answered(): void {
    this.#setConnection({ state: 'online', retryAt: null });
  }

  /** Acts on what a failure means (see attempt-failure.ts). */
  #failed(draft: StoredDraft, phase: 'create' | 'update', error: unknown): Outcome {
    if (this.#closed || !this.#db.isOpen) return 'stop';
    const failure = attemptFailure(error, phase);
    switch (failure.kind) {
      case 'stop':
        return 'stop';
      case 'refuse':
        if (failure.bug !== undefined)
          console.error('socialdesk: the drafts outbox failed on a draft:', failure.bug);
        if (failure.answered) {
          this.#answered();
          this.#failures = 0;
        }
        this.#refused(draft, failure.error);
        return 'next';
      case 'retry':
        if (failure.settle) this.#settleUntil = this.#clock.now() + this.#settleMs;
        if (failure.connection) this.#setConnection({ state: failure.connection, retryAt: null });
        this.#failures += 1;
        queue.wait(this.#db, draft.id, { createDidNotHappen: failure.createDidNotHappen });
        this.#changed(draft.id);
        return 'wait';
      case 'hold':
        queue.wait(this.#db, draft.id, { createDidNotHappen: failure.createDidNotHappen });
        this.#changed(draft.id);
        this.#setConnection({ state: 'no_token', retryAt: null });
        return 'stop';
    }
  }

  #setConnection(next: OutboxConnection): void {
    if (next.state === this.#connection.state && next.retryAt === this.#connection.retryAt) return;
    this.#connection = next;
    this.#options.onConnection?.(next);
  }

  #changed(id: string): void {
    this.#options.onDraftChanged?.(id);
    this.#progress.notify();
  }
}
