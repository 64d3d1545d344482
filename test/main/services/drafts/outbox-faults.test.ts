import { expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import { RateGate } from '../../../../src/main/services/api/rate-gate.ts';
import { getDraft } from '../../../../src/main/services/drafts/draft-store.ts';
import * as queue from '../../../../src/main/services/drafts/outbox-queue.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import {
  newDraft,
  offlineError,
  outboxOn,
  postsWithSourceIds,
  profileDatabase,
} from './support/drafts-fixture.ts';

const DRAFTS = 200;

// A sandbox failing 30% of requests (500s, dropped connections, slow answers) before it handles
// them; slow ones wait 50 ms, well within the client's timeout.
const sandbox = await sandboxForThisFile({ faults: 0.3, faultSlowMs: 50 });
const brand = sandbox.brands[0]!;

/** A client on that sandbox whose own GET retries wait only a little (speed, not correctness). */
function faultyClient(fetchImpl: typeof fetch = fetch) {
  return createApiClient({
    baseUrls: sandbox.urls,
    getToken: () => sandbox.tokens.user,
    gate: new RateGate(),
    backoff: { firstMs: 1, maxMs: 20 },
    retryLimit: 10,
    fetch: fetchImpl,
  });
}

it(`syncs ${DRAFTS} drafts through a service failing 30% of requests into exactly ${DRAFTS} posts`, async () => {
  // On top of the sandbox's faults, every fifth create the service did carry out loses its
  // answer on the way back, and the network stays down for the client's immediate lookup too:
  // the case a blind retry would turn into a second post, left to the outbox's next attempt.
  let creates = 0;
  let lostAnswers = 0;
  let downForNext = 0;
  const client = faultyClient(async (input, init) => {
    const request = new Request(input, init);
    if (downForNext > 0) {
      downForNext -= 1;
      throw offlineError();
    }
    const response = await fetch(request);
    if (request.method === 'POST' && response.status === 201 && ++creates % 5 === 0) {
      lostAnswers += 1;
      downForNext = 11; // the lookup and all of its retries
      throw offlineError();
    }
    return response;
  });
  const { db } = profileDatabase();
  const drafts = Array.from({ length: DRAFTS }, (_, i) =>
    newDraft(db, { brandId: brand, fields: { text: `Fault-tolerant post ${i}` } }, i),
  );
  const { outbox, until } = outboxOn(db, client, { backoff: { firstMs: 1, maxMs: 20 }, settleMs: 1 });
  outbox.start();
  for (const draft of drafts) queue.enqueue(db, draft.id, 1_000);
  outbox.kick();
  for (const draft of drafts) await until(draft.id, 'synced');

  const found = await postsWithSourceIds(
    faultyClient(),
    'threads',
    brand,
    drafts.map((d) => d.id),
  );
  expect(found).toHaveLength(DRAFTS);
  expect(new Set(found.map((p) => p.source_id)).size).toBe(DRAFTS);
  expect(queue.pendingCount(db)).toBe(0);
  const byId = new Map(found.map((p) => [p.source_id, p]));
  for (const draft of drafts) {
    const post = byId.get(draft.id);
    expect(post?.text).toBe(draft.fields.text);
    expect(getDraft(db, draft.id)).toMatchObject({ state: 'synced', postId: post?.id });
  }
  expect(lostAnswers).toBeGreaterThanOrEqual(DRAFTS / 5 - 1);
}, 300_000);
