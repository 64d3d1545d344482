import { describe, expect, it } from 'vitest';
import { getDraft, saveDraft } from '../../../../src/main/services/drafts/draft-store.ts';
import * as queue from '../../../../src/main/services/drafts/outbox-queue.ts';
import { writableFields } from '../../../../src/main/services/drafts/post-fields.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import {
  clientOn,
  newDraft,
  offlineError,
  outboxOn,
  postsWithSourceIds,
  profileDatabase,
  reopen,
  type SentRequest,
} from './support/drafts-fixture.ts';

/** The outbox's state machine against a real sandbox: sends, refusals, lost answers, conflicts. */
const sandbox = await sandboxForThisFile();
const brand = sandbox.brands[0]!;
const future = () => new Date(sandbox.clock.nowMs() + 86_400_000).toISOString();

const posts = (sent: SentRequest[]) => sent.filter((r) => r.method === 'POST');
const lookups = (sent: SentRequest[]) =>
  sent.filter((r) => r.method === 'GET' && r.url.searchParams.has('source_ids'));

describe('the outbox sending new posts', () => {
  it('creates the post with the draft id as source_id, as background calls, and marks the draft synced', async () => {
    const { db } = profileDatabase();
    const { client, sent, gate } = clientOn(sandbox);
    const lanes: string[] = [];
    const acquire = gate.acquire.bind(gate);
    gate.acquire = (key, options) => {
      lanes.push(options?.lane ?? 'interactive');
      return acquire(key, options);
    };
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Launch day', status: 'DRAFT' } });
    const { outbox, until, connections } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();

    const synced = await until(draft.id, 'synced');
    expect(lanes).toEqual(['background']);
    const [post] = await postsWithSourceIds(client, 'threads', brand, [draft.id]);
    expect(post).toMatchObject({ id: synced.postId, text: 'Launch day', source_id: draft.id });
    expect(synced).toMatchObject({ baseUpdatedAt: post!.updated_at, error: null, revision: 1 });
    expect(posts(sent)).toHaveLength(1);
    expect(connections).toEqual(['online']);
    expect(queue.pendingCount(db)).toBe(0);
  });

  it('sends drafts in the order they were queued, one at a time', async () => {
    const { db } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const drafts = Array.from({ length: 5 }, (_, i) =>
      newDraft(db, { brandId: brand, fields: { text: `Post ${i}` } }, 10 - i),
    );
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    for (const [i, draft] of [...drafts].reverse().entries()) queue.enqueue(db, draft.id, 100 + i);
    outbox.kick();
    for (const draft of drafts) await until(draft.id, 'synced');

    const order = posts(sent).map((r) => (r.body as { text: string }).text);
    expect(order).toEqual(['Post 4', 'Post 3', 'Post 2', 'Post 1', 'Post 0']);
  });

  it('refuses what the shared schemas refuse without a request, keeping the field errors', async () => {
    const { db } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const draft = newDraft(db, { brandId: brand, fields: { text: 'x'.repeat(501) } });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    const failed = await until(draft.id, 'failed');
    expect(failed.error).toMatchObject({ code: 'invalid_input' });
    expect(failed.error?.fieldErrors.text?.[0]).toMatch(/500/);
    expect(sent).toEqual([]);
  });

  it("keeps the service's 422 field errors on the draft, and a retry after the fix syncs it", async () => {
    const { db } = profileDatabase();
    const { client } = clientOn(sandbox);
    // The shared schema takes any date-time; the service wants a future one for SCHEDULED.
    const past = new Date(sandbox.clock.nowMs() - 86_400_000).toISOString();
    const draft = newDraft(db, {
      brandId: brand,
      fields: { text: 'Too late', status: 'SCHEDULED', timestamp: past },
    });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();

    const failed = await until(draft.id, 'failed');
    expect(failed.error).toMatchObject({ code: 'invalid_input', status: 422 });
    expect(Object.keys(failed.error!.fieldErrors)).toEqual(['timestamp']);
    // The refusal reads like every other: the service's clock as a rule, never in the words.
    expect(failed.error!.fieldRules).toEqual([
      { field: 'timestamp', rule: 'after', bound: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(failed.error!.fieldErrors.timestamp!.join(' ')).not.toMatch(/\d{4}-\d\d-\d\dT/);

    saveDraft(db, draft.id, { fields: { ...failed.fields, timestamp: future() } }, 2);
    expect(queue.requeueFailed(db, undefined, 3)).toEqual([draft.id]);
    outbox.kick({ now: true });
    const synced = await until(draft.id, 'synced');
    expect(synced.error).toBeNull();
    expect(await postsWithSourceIds(client, 'threads', brand, [draft.id])).toHaveLength(1);
  });
});

describe('the outbox never creating a post twice', () => {
  it('finds the post of a create whose answer was lost, instead of creating another', async () => {
    const { db } = profileDatabase();
    let dropped = 0;
    const { client, sent } = clientOn(sandbox, async (request, send) => {
      const response = await send();
      // The first POST reaches the service and is done; its answer never comes back.
      if (request.method === 'POST' && dropped++ === 0) throw offlineError();
      return response;
    });
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Lost answer' } });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    const synced = await until(draft.id, 'synced');

    const found = await postsWithSourceIds(client, 'threads', brand, [draft.id]);
    expect(found.map((p) => p.id)).toEqual([synced.postId]);
    expect(posts(sent)).toHaveLength(1);
  });

  it('looks the post up before sending again after a 5xx that came after the create', async () => {
    const { db } = profileDatabase();
    let failedOnce = false;
    const { client, sent } = clientOn(sandbox, async (request, send) => {
      const response = await send();
      if (request.method === 'POST' && !failedOnce) {
        failedOnce = true; // done on the service, answered 502 by a proxy on the way back
        return new Response('{"message":"Bad gateway"}', { status: 502 });
      }
      return response;
    });
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Behind a proxy' } });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    await until(draft.id, 'synced');

    expect(sent.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(lookups(sent)[0]!.url.searchParams.get('source_ids')).toBe(draft.id);
    expect(await postsWithSourceIds(client, 'threads', brand, [draft.id])).toHaveLength(1);
  });

  it('sends the create again when the lookup after a 5xx finds nothing', async () => {
    const { db } = profileDatabase();
    let failedOnce = false;
    const { client, sent } = clientOn(sandbox, async (request, send) => {
      if (request.method === 'POST' && !failedOnce) {
        failedOnce = true; // refused before doing anything
        return new Response('{"message":"Down"}', { status: 503 });
      }
      return send();
    });
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Try again' } });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    await until(draft.id, 'synced');
    expect(sent.map((r) => r.method)).toEqual(['POST', 'GET', 'POST']);
    expect(await postsWithSourceIds(client, 'threads', brand, [draft.id])).toHaveLength(1);
  });

  it('after a crash during a create that reached the service, adopts that post on restart', async () => {
    const { databases, db, directory } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Crashed while sending' } });
    queue.enqueue(db, draft.id, 1);
    queue.startAttempt(db, draft.id);
    queue.recordSend(db, draft.id, 'create', { revision: 1, fields: draft.fields });
    // The POST went out and was done; then the app was killed before the answer.
    const made = await client.scheduler.create('threads', {
      brand_id: brand,
      text: 'Crashed while sending',
      source_id: draft.id,
    });
    databases.close();

    const again = reopen(directory).db;
    expect(getDraft(again, draft.id)?.state).toBe('syncing');
    const { outbox, until } = outboxOn(again, client);
    outbox.start();
    const synced = await until(draft.id, 'synced');
    expect(synced.postId).toBe(made.id);
    expect(posts(sent)).toHaveLength(1); // the test's own create; the outbox sent none
    expect(await postsWithSourceIds(client, 'threads', brand, [draft.id])).toHaveLength(1);
  });

  it('looks up every draft in line at start, as a power cut may have lost the note of its POST', async () => {
    const { databases, db, directory } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Sent before the power cut' } });
    queue.enqueue(db, draft.id, 1);
    // The POST was done, but the outbox's notes of it (written without an fsync) were lost.
    const made = await client.scheduler.create('threads', {
      brand_id: brand,
      text: 'Sent before the power cut',
      source_id: draft.id,
    });
    databases.close();

    const again = reopen(directory).db;
    const { outbox, until } = outboxOn(again, client);
    outbox.start();
    expect((await until(draft.id, 'synced')).postId).toBe(made.id);
    expect(posts(sent)).toHaveLength(1); // the test's own
  });

  it('after a crash before the create reached the service, looks, then creates it once', async () => {
    const { databases, db, directory } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Crashed before sending' } });
    queue.enqueue(db, draft.id, 1);
    queue.recordSend(db, draft.id, 'create', { revision: 1, fields: draft.fields });
    databases.close();

    const again = reopen(directory).db;
    const { outbox, until } = outboxOn(again, client);
    outbox.start();
    await until(draft.id, 'synced');
    expect(sent.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(await postsWithSourceIds(client, 'threads', brand, [draft.id])).toHaveLength(1);
  });

  it('sends the newest fields as an update when the draft was saved while its create was in flight', async () => {
    const { db } = profileDatabase();
    let releasePost!: () => void;
    const held = new Promise<void>((resolve) => (releasePost = resolve));
    let postSeen!: () => void;
    const posting = new Promise<void>((resolve) => (postSeen = resolve));
    const { client, sent } = clientOn(sandbox, async (request, send) => {
      if (request.method !== 'POST') return send();
      postSeen();
      await held;
      return send();
    });
    const draft = newDraft(db, { brandId: brand, fields: { text: 'First words' } });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    await posting;
    expect(getDraft(db, draft.id)?.state).toBe('syncing');
    saveDraft(db, draft.id, { fields: { text: 'Better words' } }, 2);
    releasePost();

    const synced = await until(draft.id, 'synced');
    expect(synced.revision).toBe(2);
    const [post] = await postsWithSourceIds(client, 'threads', brand, [draft.id]);
    expect(post?.text).toBe('Better words');
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ text: 'Better words' }]);
  });
});

describe('the outbox updating existing posts', () => {
  async function existingPost(client: ReturnType<typeof clientOn>['client'], text: string) {
    return client.scheduler.create('threads', { brand_id: brand, text, status: 'DRAFT' });
  }

  it('sends only the changed fields when the post did not move', async () => {
    const { db } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const post = await existingPost(client, 'Original');
    const base = writableFields('threads', post);
    const draft = newDraft(db, {
      brandId: brand,
      fields: { ...base, text: 'Edited offline' },
      base: { postId: post.id, updatedAt: post.updated_at, fields: base },
    });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    await until(draft.id, 'synced');
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ text: 'Edited offline' }]);
    expect((await client.scheduler.get('threads', post.id)).text).toBe('Edited offline');
  });

  it.each(['threads', 'twitter', 'linkedin'] as const)(
    'syncs a %s draft whose text was cleared, and the post then reads without text',
    async (channel) => {
      const { db } = profileDatabase();
      const { client, sent } = clientOn(sandbox);
      const post = await client.scheduler.create(channel, { brand_id: brand, text: 'Original' });
      const base = writableFields(channel, post);
      const draft = newDraft(db, {
        channel,
        brandId: brand,
        fields: { ...base, text: null },
        base: { postId: post.id, updatedAt: post.updated_at, fields: base },
      });
      const { outbox, until } = outboxOn(db, client);
      outbox.start();
      queue.enqueue(db, draft.id, 1);
      outbox.kick();
      const settled = await Promise.race([until(draft.id, 'synced'), until(draft.id, 'failed')]);
      expect({ state: settled.state, error: settled.error?.message }).toEqual({
        state: 'synced',
        error: undefined,
      });
      expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ text: null }]);
      expect((await client.scheduler.get(channel, post.id)).text).toBeNull();
    },
  );

  it('keeps both versions when the post changed on the service, and sends the merge once resolved', async () => {
    const { db } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const post = await existingPost(client, 'Original');
    const base = writableFields('threads', post);
    const draft = newDraft(db, {
      brandId: brand,
      fields: { ...base, text: 'My text', link: 'https://example.com/mine' },
      base: { postId: post.id, updatedAt: post.updated_at, fields: base },
    });
    // Someone else edits the post later on.
    sandbox.clock.advance(5_000);
    const someoneElse = clientOn(sandbox).client;
    const theirs = await someoneElse.scheduler.update('threads', post.id, {
      text: 'Their text',
      sort_index: 4,
    });
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();

    const conflicted = await until(draft.id, 'conflict');
    expect(conflicted.remote).toMatchObject({
      id: post.id,
      text: 'Their text',
      updated_at: theirs.updated_at,
    });
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
    expect((await client.scheduler.get('threads', post.id)).text).toBe('Their text'); // nothing overwritten

    // The person keeps their text and takes the other sort_index.
    const merged = { ...conflicted.fields, sort_index: 4 };
    expect(() => queue.enqueue(db, draft.id, 2)).toThrow(/choose between/);
    queue.resolve(
      db,
      draft.id,
      merged,
      { fields: writableFields('threads', theirs), updatedAt: theirs.updated_at },
      3,
    );
    outbox.kick({ now: true });
    await until(draft.id, 'synced');
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { text: 'My text', link: 'https://example.com/mine' },
    ]);
    expect(await client.scheduler.get('threads', post.id)).toMatchObject({
      text: 'My text',
      link: 'https://example.com/mine',
      sort_index: 4,
    });
  });

  it('puts a draft of a post deleted on the service in conflict, and creates it again if so resolved', async () => {
    const { db } = profileDatabase();
    const { client } = clientOn(sandbox);
    const post = await existingPost(client, 'Soon gone');
    const base = writableFields('threads', post);
    const draft = newDraft(db, {
      brandId: brand,
      fields: { ...base, text: 'Keep me' },
      base: { postId: post.id, updatedAt: post.updated_at, fields: base },
    });
    await client.scheduler.delete('threads', post.id);
    const { outbox, until } = outboxOn(db, client);
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    const conflicted = await until(draft.id, 'conflict');
    expect(conflicted.remote).toBeNull();

    queue.resolve(db, draft.id, conflicted.fields, null, 2);
    outbox.kick({ now: true });
    const synced = await until(draft.id, 'synced');
    expect(synced.postId).not.toBe(post.id);
    expect((await client.scheduler.get('threads', synced.postId!)).text).toBe('Keep me');
  });

  it('takes its own PATCH cut off by a crash for what moved the post, not for a conflict', async () => {
    const { databases, db, directory } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const post = await existingPost(client, 'Before');
    const base = writableFields('threads', post);
    const draft = newDraft(db, {
      brandId: brand,
      fields: { ...base, text: 'After' },
      base: { postId: post.id, updatedAt: post.updated_at, fields: base },
    });
    queue.enqueue(db, draft.id, 1);
    queue.recordSend(db, draft.id, 'update', { revision: 1, fields: draft.fields });
    // The PATCH was done on the service; the app died before its answer.
    sandbox.clock.advance(5_000);
    await client.scheduler.update('threads', post.id, { text: 'After' });
    databases.close();

    const again = reopen(directory).db;
    const { outbox, until } = outboxOn(again, client);
    outbox.start();
    const synced = await until(draft.id, 'synced');
    expect(synced.baseUpdatedAt).not.toBe(post.updated_at);
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1); // the test's own
  });
});

describe('the outbox offline and across restarts', () => {
  it('waits with a growing backoff while offline (no polling), and resumes when nudged', async () => {
    const { db } = profileDatabase();
    let online = false;
    const { client, sent } = clientOn(sandbox, async (_request, send) => {
      if (!online) throw offlineError();
      return send();
    });
    const clock = new FakeClock(Date.now());
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Written on the train' } });
    const { outbox, until, connections } = outboxOn(db, client, {
      clock,
      backoff: { firstMs: 1_000, maxMs: 60_000 },
      random: () => 1,
    });
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    await outbox.whenIdle();
    // The POST, then the client's own lookup of its source_id, as no answer came.
    expect(sent.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(outbox.connection()).toEqual({ state: 'offline', retryAt: clock.now() + 1_000 });
    expect(getDraft(db, draft.id)?.state).toBe('queued');

    // Nothing happens between timers: one attempt per wait (a lookup by source_id first, as
    // the POST may have landed), each wait twice the last.
    await clock.advance(999);
    expect(sent).toHaveLength(2);
    await clock.advance(1);
    await outbox.whenIdle();
    expect(sent).toHaveLength(3);
    expect(lookups(sent)).toHaveLength(2);
    expect(outbox.connection().retryAt).toBe(clock.now() + 2_000);
    await clock.advance(2_000);
    await outbox.whenIdle();
    expect(sent).toHaveLength(4);
    expect(outbox.connection().retryAt).toBe(clock.now() + 4_000);

    // Back online: an answer elsewhere in the app nudges it, long before its next timer.
    online = true;
    outbox.nudge();
    await until(draft.id, 'synced');
    expect(connections.at(-1)).toBe('online');
    expect(connections).toContain('offline');
    expect(clock.pendingTimers).toBeLessThanOrEqual(1); // at most the progress notice's
  });

  it('a nudge while idle sends nothing, and says online where nothing had been tried yet', async () => {
    const { db } = profileDatabase();
    const { client, sent } = clientOn(sandbox);
    const { outbox, connections } = outboxOn(db, client);
    outbox.start();
    await outbox.whenIdle();
    expect(outbox.connection().state).toBe('unknown');
    outbox.nudge();
    await outbox.whenIdle();
    expect(sent).toEqual([]);
    expect(outbox.connection()).toEqual({ state: 'online', retryAt: null });
    expect(connections).toEqual(['online']);
  });

  it('resumes its queue after the app closes and starts again', async () => {
    const { databases, db, directory } = profileDatabase();
    const offline = clientOn(sandbox, async () => {
      throw offlineError();
    });
    const drafts = Array.from({ length: 3 }, (_, i) =>
      newDraft(db, { brandId: brand, fields: { text: `Queued ${i}` } }, i),
    );
    for (const draft of drafts) queue.enqueue(db, draft.id, 10);
    const first = outboxOn(db, offline.client, { clock: new FakeClock(Date.now()) });
    first.outbox.start();
    await first.outbox.whenIdle();
    expect(first.outbox.connection().state).toBe('offline');
    await first.outbox.close();
    databases.close();

    const again = reopen(directory).db;
    expect(queue.pendingCount(again)).toBe(3);
    const { client } = clientOn(sandbox);
    const second = outboxOn(again, client);
    second.outbox.start();
    for (const draft of drafts) await second.until(draft.id, 'synced');
    const found = await postsWithSourceIds(
      client,
      'threads',
      brand,
      drafts.map((d) => d.id),
    );
    expect(found).toHaveLength(3);
  });
});

describe('the outbox without a token', () => {
  it('holds its queued drafts unsent, with no timer, and sends each once when the token is back', async () => {
    const { db } = profileDatabase();
    let token: string | undefined = undefined; // a session-only token, forgotten at the restart
    const { client, sent } = clientOn(sandbox, undefined, () => token);
    const clock = new FakeClock(Date.now());
    const drafts = [1, 2].map((i) =>
      newDraft(db, { brandId: brand, fields: { text: `Held for the token ${i}` } }, i),
    );
    const { outbox, until, connections } = outboxOn(db, client, { clock });
    outbox.start();
    for (const draft of drafts) queue.enqueue(db, draft.id, 10);
    outbox.kick();
    await outbox.whenIdle();

    expect(outbox.connection()).toEqual({ state: 'no_token', retryAt: null });
    for (const draft of drafts)
      expect(getDraft(db, draft.id)).toMatchObject({ state: 'queued', error: null });
    expect(outbox.progress()).toMatchObject({ pending: 2, failed: 0 });
    // Nothing was sent, and nothing is tried again on its own: no timer, however long it waits.
    await clock.advance(600_000);
    expect(sent).toEqual([]);
    expect(clock.pendingTimers).toBe(0);

    // The person enters the token again: the profile's change nudges the outbox.
    token = sandbox.tokens.user;
    outbox.nudge();
    for (const draft of drafts) await until(draft.id, 'synced');
    expect(posts(sent)).toHaveLength(2);
    for (const draft of drafts) {
      expect(await postsWithSourceIds(client, 'threads', brand, [draft.id])).toHaveLength(1);
    }
    expect(connections).toEqual(['no_token', 'online']);
  });

  it('sends when the token is entered while an attempt is reading the missing one', async () => {
    const { db } = profileDatabase();
    let token: string | undefined = undefined;
    const late: { outbox?: ReturnType<typeof outboxOn>['outbox'] } = {};
    // The person enters the token at the very moment the attempt has found none: the profile's
    // change reaches the outbox while that attempt is still under way.
    const { client, sent } = clientOn(sandbox, undefined, () => {
      const read = token;
      if (read === undefined) {
        token = sandbox.tokens.user;
        late.outbox!.nudge('profile');
      }
      return read;
    });
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Token entered mid-attempt' } });
    const { outbox } = outboxOn(db, client, { clock: new FakeClock(Date.now()) });
    late.outbox = outbox;
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    await outbox.whenIdle();
    expect(getDraft(db, draft.id)?.state).toBe('synced');
    expect(posts(sent)).toHaveLength(1);
    expect(outbox.connection().state).toBe('online');
  });

  it('holds a draft whose earlier POST may have landed, and adopts that post when the token is back', async () => {
    const { db } = profileDatabase();
    let token: string | undefined = undefined;
    const { client, sent } = clientOn(sandbox, undefined, () => token);
    const { outbox, until } = outboxOn(db, client, { clock: new FakeClock(Date.now()) });
    outbox.start();
    // A POST whose answer never came (it was done on the service); then the token was forgotten.
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Landed before the token went' } });
    queue.enqueue(db, draft.id, 1);
    queue.recordSend(db, draft.id, 'create', { revision: 1, fields: draft.fields });
    queue.wait(db, draft.id);
    const made = await clientOn(sandbox).client.scheduler.create('threads', {
      brand_id: brand,
      text: 'Landed before the token went',
      source_id: draft.id,
    });
    outbox.kick();
    await outbox.whenIdle();
    expect(outbox.connection().state).toBe('no_token');
    expect(getDraft(db, draft.id)?.state).toBe('queued');
    expect(sent).toEqual([]);

    token = sandbox.tokens.user;
    outbox.nudge();
    const synced = await until(draft.id, 'synced');
    expect(synced.postId).toBe(made.id);
    expect(sent.map((r) => r.method)).toEqual(['GET']); // the lookup found it: no second POST
    expect(await postsWithSourceIds(client, 'threads', brand, [draft.id])).toHaveLength(1);
  });

  it('tries again on Sync, and its holds do not lengthen the wait once the service is unreachable', async () => {
    const { db } = profileDatabase();
    let token: string | undefined = undefined;
    const { client, sent } = clientOn(
      sandbox,
      async () => {
        throw offlineError();
      },
      () => token,
    );
    const clock = new FakeClock(Date.now());
    const draft = newDraft(db, { brandId: brand, fields: { text: 'Sync without a token' } });
    const { outbox } = outboxOn(db, client, {
      clock,
      backoff: { firstMs: 1_000, maxMs: 60_000 },
      random: () => 1,
    });
    outbox.start();
    queue.enqueue(db, draft.id, 1);
    outbox.kick();
    await outbox.whenIdle();
    for (let i = 0; i < 3; i++) {
      outbox.kick({ now: true }); // Sync, still without a token
      await outbox.whenIdle();
      expect(outbox.connection()).toEqual({ state: 'no_token', retryAt: null });
    }
    expect(sent).toEqual([]);

    token = sandbox.tokens.user;
    outbox.kick({ now: true });
    await outbox.whenIdle();
    expect(sent.map((r) => r.method)).toEqual(['POST', 'GET']);
    // The first wait of the backoff: the holds before were not failures.
    expect(outbox.connection()).toEqual({ state: 'offline', retryAt: clock.now() + 1_000 });
    expect(getDraft(db, draft.id)?.state).toBe('queued');
  });
});
