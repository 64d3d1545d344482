import type { DatabaseSync } from 'node:sqlite';
import type {
  ContractError,
  DraftFields,
  OutboxConnection,
  SyncProgress,
} from '../../../shared/contract/index.ts';
import { ApiError } from '../api/api-error.ts';
import { systemClock, type GateClock } from '../api/gate-clock.ts';
import type { SchedulerApi } from '../api/scheduler.ts';
import { StatusCoalescer } from '../api/status-coalescer.ts';
import type { ScheduledPost, SchedulerChannel } from '../../../shared/domain/index.ts';
import { serviceRefusal } from '../dispatch.ts';
import type { StoredDraft } from './draft-store.ts';
import * as queue from './outbox-queue.ts';
import type { OutboxEntry } from './outbox-queue.ts';
import { createBody, holdsValues, updateBody, validBody, writableFields } from './post-fields.ts';

/**
 * The sync outbox of one profile: sends its queued drafts to the service one at a time, in the
 * order they were queued, as background calls through the profile's rate gate. Its state is in
 * the database (outbox-queue.ts), so it picks up where it stopped after a restart or a crash.
 *
 * Never twice: a new post carries the draft's id as `source_id`, and before a POST goes the
 * database notes that it may reach the service unanswered. Any attempt after such a POST (a lost
 * answer, a 5xx, a crash) first looks the post up by `source_id`, and only POSTs when it is not
 * there; so does the first attempt of every draft found in line at start, since the outbox writes
 * its own steps without an fsync (see `bookkeeping` in outbox-queue.ts) and a power cut can lose
 * that note. Because the service offers no idempotency key, a POST the service still processes
 * after we gave up on it could be missed by that lookup; so after an unanswered create the next
 * attempt waits `settleMs` first.
 *
 * Never silently over another version: an update first reads the post; when its `updated_at`
 * moved since the draft started (and not by our own earlier PATCH), the draft goes to `conflict`
 * with both versions kept. (The interface has no conditional PATCH, so an edit landing between
 * that read and the PATCH cannot be seen; the window is one round trip. After a power cut lost the
 * note of our own PATCH, that PATCH reads as someone else's: a conflict of two equal versions.)
 *
 * Reachability: no answer (network error, timeout) means offline; the outbox then waits with an
 * exponential backoff (equal jitter) rather than polling, and `nudge()` (any answer from the
 * service elsewhere in the app) ends the wait early. Any answer means online.
 *
 * No token (a session-only token forgotten at a restart): the client refuses before sending
 * anything, so the outbox holds (state `no_token`): the draft stays queued, no timer is set, and
 * `nudge()` (the profile's token changed) or `kick({ now: true })` (Sync) tries again.
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
const internalError: ContractError = {
  code: 'internal',
  message: 'Something went wrong in Socialdesk while sending this draft.',
  fieldErrors: {},
};

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
   * tries now (its own answer then says whether it is back). Or the profile changed (a new token,
   * new addresses): one held for want of a token tries now; without one it holds again, unsent.
   */
  nudge(): void {
    const { state } = this.#connection;
    if (state === 'unknown') this.#answered();
    if (state === 'offline' && this.#cancelTimer) this.kick({ now: true });
    if (state === 'no_token') this.kick({ now: true });
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
      const api = this.#scheduler();
      if (phase === 'create') await this.#create(entry, api);
      else await this.#update(entry, api, draft.postId!);
      this.#failures = 0;
      return 'next';
    } catch (error) {
      return this.#failed(draft, phase, error);
    }
  }

  async #create(entry: OutboxEntry, api: SchedulerApi): Promise<void> {
    const { draft } = entry;
    const options = this.#requestOptions();
    if (entry.createPending || this.#inLineAtStart.has(draft.id)) {
      // An earlier POST may have reached the service: look before sending another.
      queue.startAttempt(this.#db, draft.id);
      this.#changed(draft.id);
      const found = await this.#answer(api.findBySourceId(draft.channel, draft.brandId, draft.id, options));
      this.#inLineAtStart.delete(draft.id);
      if (found) {
        const sent = {
          revision: entry.sentRevision ?? draft.revision,
          fields: entry.sentFields ?? draft.fields,
        };
        return this.#succeeded(draft, found, sent);
      }
    }
    const body = validBody(draft.channel, 'create', createBody(draft.fields, draft.brandId, draft.id));
    if (!body.ok) return this.#refused(draft, body.error);
    const sent = { revision: draft.revision, fields: draft.fields };
    queue.recordSend(this.#db, draft.id, 'create', sent);
    this.#changed(draft.id);
    const post = await this.#answer(api.create(draft.channel, body.value as never, options));
    this.#succeeded(draft, post, sent);
  }

  async #update(entry: OutboxEntry, api: SchedulerApi, postId: number): Promise<void> {
    const { draft } = entry;
    const options = this.#requestOptions();
    queue.startAttempt(this.#db, draft.id);
    this.#changed(draft.id);
    const remote = await this.#read(api, draft, postId);
    if (!remote) return;
    const base = draft.baseFields ?? {};
    if (!sameInstant(remote.updated_at, draft.baseUpdatedAt)) {
      const ours =
        entry.updatePending &&
        entry.sentFields !== null &&
        holdsValues(writableFields(draft.channel, remote), updateBody(entry.sentFields, base));
      // Our own PATCH, whose answer never came, moved it: that attempt succeeded.
      if (ours)
        return this.#succeeded(draft, remote, { revision: entry.sentRevision!, fields: entry.sentFields! });
      queue.conflict(this.#db, draft.id, remote);
      return this.#changed(draft.id);
    }
    const changes = updateBody(draft.fields, base);
    const sent = { revision: draft.revision, fields: draft.fields };
    if (Object.keys(changes).length === 0) return this.#succeeded(draft, remote, sent);
    const body = validBody(draft.channel, 'update', changes);
    if (!body.ok) return this.#refused(draft, body.error);
    queue.recordSend(this.#db, draft.id, 'update', sent);
    this.#changed(draft.id);
    let post;
    try {
      post = await this.#answer(api.update(draft.channel, postId, body.value as never, options));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      queue.conflict(this.#db, draft.id, null); // deleted between our read and our PATCH
      return this.#changed(draft.id);
    }
    this.#succeeded(draft, post, sent);
  }

  /** The post as the service has it now; undefined (and the draft in conflict) when deleted. */
  async #read(api: SchedulerApi, draft: StoredDraft, postId: number) {
    try {
      return (await this.#answer(api.get(draft.channel, postId, {}, this.#requestOptions()))) as Record<
        string,
        unknown
      > & {
        id: number;
        updated_at: string;
      };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      queue.conflict(this.#db, draft.id, null);
      this.#changed(draft.id);
      return undefined;
    }
  }

  /** Any answer of the service: it is reachable. */
  async #answer<T>(request: Promise<T>): Promise<T> {
    const answer = await request;
    this.#answered();
    return answer;
  }

  #requestOptions() {
    return { lane: 'background' as const, signal: this.#abort.signal };
  }

  #succeeded(
    draft: StoredDraft,
    post: { id: number; updated_at: string } & Record<string, unknown>,
    sent: { revision: number; fields: DraftFields },
  ): void {
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

  /** What a failure means: refused for good (failed), try later (wait), or stop (closing). */
  #failed(draft: StoredDraft, phase: 'create' | 'update', error: unknown): Outcome {
    if (this.#closed || !this.#db.isOpen) return 'stop';
    if (!(error instanceof ApiError)) {
      if (isAbort(error)) return 'stop';
      // A bug of ours, not the draft's: it leaves the line, so the drafts behind it still go.
      console.error(
        'socialdesk: the drafts outbox failed on a draft:',
        error instanceof Error ? error.message : error,
      );
      this.#refused(draft, internalError);
      return 'next';
    }
    const transient = () => {
      this.#failures += 1;
      queue.wait(this.#db, draft.id, { createDidNotHappen: refusedCreate(error) });
      this.#changed(draft.id);
      return 'wait' as const;
    };
    switch (error.kind) {
      case 'network':
      case 'timeout':
        if (phase === 'create') this.#settleUntil = this.#clock.now() + this.#settleMs;
        this.#setConnection({ state: 'offline', retryAt: null });
        return transient();
      case 'rate_limited':
        return transient();
      case 'gate_closed': // the profile was removed
        return 'stop';
      case 'no_token':
        // Thrown before anything is sent: the draft keeps its place (a POST refused so did not
        // happen; a lookup refused so leaves the earlier POST to look for next time), and the
        // drafts behind it would meet the same. No timer and no backoff: waiting cannot bring a
        // token, the person entering it does (nudge), or Sync.
        queue.wait(this.#db, draft.id, { createDidNotHappen: refusedCreate(error) });
        this.#changed(draft.id);
        this.#setConnection({ state: 'no_token', retryAt: null });
        return 'stop';
      case 'http':
        if (error.status >= 500 || error.status === 429 || error.status === 408) {
          // Reachable, but not taking it now: the backoff keeps growing while that lasts.
          this.#setConnection({ state: 'online', retryAt: null });
          if (phase === 'create' && error.status >= 500)
            this.#settleUntil = this.#clock.now() + this.#settleMs;
          return transient();
        }
        this.#answered();
        this.#failures = 0;
        this.#refused(draft, serviceRefusal(error));
        return 'next';
      default: // unsafe_link: nothing to retry until the profile is fixed
        this.#refused(draft, serviceRefusal(error));
        return 'next';
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

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return a === b;
  return a === b || Date.parse(a) === Date.parse(b);
}
