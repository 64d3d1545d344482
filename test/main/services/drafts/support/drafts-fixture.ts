import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../../src/main/services/api/api-client.ts';
import type { GateClock } from '../../../../../src/main/services/api/gate-clock.ts';
import { RateGate } from '../../../../../src/main/services/api/rate-gate.ts';
import {
  getDraft,
  insertDraft,
  type NewDraft,
  type StoredDraft,
} from '../../../../../src/main/services/drafts/draft-store.ts';
import { Outbox, type OutboxOptions } from '../../../../../src/main/services/drafts/outbox.ts';
import {
  createProfileDatabases,
  type ProfileDatabases,
} from '../../../../../src/main/services/storage/profile-databases.ts';
import type { DraftFields, DraftState } from '../../../../../src/shared/contract/index.ts';
import type { RunningSandbox } from '../../support/sandbox.ts';

export const PROFILE = 'profile-1';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A profile database in a fresh folder, as the app opens it; closed and removed after the test. */
export function profileDatabase(): { databases: ProfileDatabases; db: DatabaseSync; directory: string } {
  const directory = mkdtempSync(join(tmpdir(), 'socialdesk-drafts-'));
  const databases = createProfileDatabases({ directory });
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  cleanups.push(() => databases.close());
  return { databases, db: databases.open(PROFILE), directory };
}

/** Opens the same folder again, as the next start of the app does. */
export function reopen(directory: string): { databases: ProfileDatabases; db: DatabaseSync } {
  const databases = createProfileDatabases({ directory });
  cleanups.push(() => databases.close());
  return { databases, db: databases.open(PROFILE) };
}

export function newDraft(
  db: DatabaseSync,
  init: Partial<NewDraft> & { fields?: DraftFields } = {},
  now = 1,
): StoredDraft {
  return insertDraft(
    db,
    { id: randomUUID(), channel: 'threads', brandId: 101, fields: { text: 'Hello' }, ...init },
    now,
  );
}

/** What the client sent: method, path with query, and the JSON body. */
export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
}

export type FetchStep = (request: Request, send: () => Promise<Response>) => Promise<Response>;

/**
 * A profile's client on the sandbox with a fetch the test can step in: `step` sees each request
 * and decides what happens (send it, drop the answer, fail as offline). Every request is logged.
 * ky's own retries are off, so each attempt the outbox makes is one request in the log. `token`
 * is asked at each request, as the app asks its secret store (undefined: the profile has none).
 */
export function clientOn(
  sandbox: RunningSandbox,
  step?: FetchStep,
  token: () => string | undefined = () => sandbox.tokens.user,
): { client: ApiClient; sent: SentRequest[]; gate: RateGate } {
  const sent: SentRequest[] = [];
  const gate = new RateGate();
  const client = createApiClient({
    baseUrls: sandbox.urls,
    getToken: token,
    gate,
    retryLimit: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      sent.push({
        method: request.method,
        url: new URL(request.url),
        body: text ? JSON.parse(text) : undefined,
      });
      const send = () => fetch(request);
      return step ? step(request, send) : send();
    },
  });
  return { client, sent, gate };
}

export const offlineError = () => new TypeError('fetch failed');

/**
 * An outbox on `db` and `client`, with quick waits (the backoff is not what these tests measure),
 * and a way to wait for a draft's state through the outbox's own change notices.
 */
export function outboxOn(
  db: DatabaseSync,
  client: ApiClient,
  options: Partial<OutboxOptions> & { clock?: GateClock } = {},
) {
  const listeners = new Set<() => void>();
  const connections: string[] = [];
  const outbox = new Outbox({
    db,
    scheduler: () => client.scheduler,
    backoff: { firstMs: 1, maxMs: 10 },
    settleMs: 0,
    ...options,
    onDraftChanged: (id) => {
      options.onDraftChanged?.(id);
      for (const listener of [...listeners]) listener();
    },
    onConnection: (connection) => {
      connections.push(connection.state);
      options.onConnection?.(connection);
    },
  });
  cleanups.push(() => outbox.close());

  /** Resolves when the draft reaches `state` (as the outbox reports its changes). */
  function until(id: string, state: DraftState): Promise<StoredDraft> {
    return new Promise((resolve) => {
      const check = () => {
        const draft = db.isOpen ? getDraft(db, id) : undefined;
        if (draft?.state !== state) return;
        listeners.delete(check);
        resolve(draft);
      };
      listeners.add(check);
      check();
    });
  }

  return { outbox, until, connections };
}

/** The sandbox's posts with these source ids on a channel (every page). */
export async function postsWithSourceIds(
  client: ApiClient,
  channel: 'threads' | 'twitter' | 'instagram' | 'linkedin' | 'snapchat',
  brandId: number,
  sourceIds: string[],
) {
  const posts = [];
  for await (const post of client.scheduler.iterate(channel, {
    brand_id: brandId,
    source_ids: sourceIds,
    limit: 1000,
  })) {
    posts.push(post);
  }
  return posts;
}
