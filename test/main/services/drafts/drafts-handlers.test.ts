import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../../../src/main/services/event-bus.ts';
import type { EventName, EventPayload } from '../../../../src/shared/contract/index.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/** The Drafts area's contract calls, through dispatch, on the app's services and a real sandbox. */
const sandbox = await sandboxForThisFile();
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());
const other = clientFor(sandbox); // another tool working on the same posts
const brand = 101;

/** Resolves with the first event `name` that `matches`, as the renderer would receive it. */
function nextEvent<E extends EventName>(
  events: EventBus,
  name: E,
  matches: (payload: EventPayload<E>) => boolean,
): Promise<EventPayload<E>> {
  return new Promise((resolve) => {
    const off = events.subscribe((event, payload) => {
      if ((event as EventName) !== name) return;
      const seen = payload as unknown as EventPayload<E>;
      if (!matches(seen)) return;
      off();
      resolve(seen);
    });
  });
}

const syncedEvent = (id: string) =>
  nextEvent(app.events, 'drafts:changed', (p) => p.id === id && p.draft?.state === 'synced');

describe('drafts calls', () => {
  it('create, save, find and sync a draft, telling the renderer every step', async () => {
    const created = valueOf(
      await app.call('drafts:create', { channel: 'linkedin', brandId: brand, fields: { text: 'Quarterly' } }),
    );
    expect(created).toMatchObject({ state: 'local', revision: 1, postId: null, conflict: null });

    const changed = nextEvent(app.events, 'drafts:changed', (p) => p.id === created.id);
    const saved = valueOf(
      await app.call('drafts:save', { id: created.id, fields: { text: 'Quarterly results are in' } }),
    );
    // The answer acknowledges the revision saved; the draft itself comes by the one event.
    expect(saved).toEqual({ revision: 2 });
    expect((await changed).draft).toMatchObject({ revision: 2, preview: 'Quarterly results are in' });

    const found = valueOf(
      await app.call('drafts:list', { query: { search: 'RESULTS quarterly' }, limit: 10 }),
    );
    expect(found.items.map((d) => d.id)).toEqual([created.id]);
    expect(valueOf(await app.call('drafts:list', { query: { search: 'nothing like it' } })).count).toBe(0);

    const synced = syncedEvent(created.id);
    const done = nextEvent(app.events, 'sync:progress', (p) => p.pending === 0 && p.done >= 1);
    const online = nextEvent(app.events, 'drafts:connection', (c) => c.state === 'online');
    expect(valueOf(await app.call('drafts:sync', { id: created.id }))).toEqual({ queued: true });
    const event = await synced;
    await done;
    await online;

    const [post] = (await other.scheduler.list('linkedin', { brand_id: brand, source_ids: [created.id] }))
      .data;
    expect(post).toMatchObject({ id: event.draft!.postId, text: 'Quarterly results are in' });
    const status = valueOf(await app.call('drafts:status'));
    expect(status.connection.state).toBe('online');
    expect(status.counts.synced).toBeGreaterThanOrEqual(1);
  });

  it('fails a draft the shared schemas refuse at once, with its field errors, and no request', async () => {
    const draft = valueOf(
      await app.call('drafts:create', {
        channel: 'twitter',
        brandId: brand,
        fields: { text: 'x'.repeat(300) },
      }),
    );
    const before = app.requests.length;
    const failed = nextEvent(app.events, 'drafts:changed', (p) => p.id === draft.id);
    expect(valueOf(await app.call('drafts:sync', { id: draft.id }))).toEqual({ queued: false });
    const told = (await failed).draft!;
    expect(told.state).toBe('failed');
    expect(Object.keys(told.error!.fieldErrors)).toEqual(['text']);
    expect(app.requests.length).toBe(before);
  });

  it('refuses to send an Instagram caption past 30 hashtags in the counter’s words, keeping every word of it', async () => {
    const caption = `Summer sale ${Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ')}`;
    const draft = valueOf(
      await app.call('drafts:create', { channel: 'instagram', brandId: brand, fields: { caption } }),
    );
    const before = app.requests.length;
    const failed = nextEvent(app.events, 'drafts:changed', (p) => p.id === draft.id);
    expect(valueOf(await app.call('drafts:sync', { id: draft.id }))).toEqual({ queued: false });
    const told = (await failed).draft!;
    expect(told.state).toBe('failed');
    expect(told.error!.fieldErrors).toEqual({ caption: ['31 hashtags, 1 more than the 30 allowed.'] });
    expect(app.requests.length).toBe(before);
    // Nothing lost: the draft holds the caption as written, to be fixed.
    expect(valueOf(await app.call('drafts:get', { id: draft.id })).fields).toEqual({ caption });
  });

  it("keeps the service's 422 on the draft for the composer, and retries it once fixed", async () => {
    const past = new Date(sandbox.clock.nowMs() - 3_600_000).toISOString();
    const draft = valueOf(
      await app.call('drafts:create', {
        channel: 'threads',
        brandId: brand,
        fields: { text: 'Late', status: 'SCHEDULED', timestamp: past },
      }),
    );
    const failed = nextEvent(
      app.events,
      'drafts:changed',
      (p) => p.id === draft.id && p.draft?.state === 'failed',
    );
    valueOf(await app.call('drafts:sync', { id: draft.id }));
    expect((await failed).draft?.error).toMatchObject({ code: 'invalid_input', status: 422 });
    const kept = valueOf(await app.call('drafts:get', { id: draft.id }));
    expect(Object.keys(kept.error!.fieldErrors)).toEqual(['timestamp']);

    const later = new Date(sandbox.clock.nowMs() + 3_600_000).toISOString();
    valueOf(await app.call('drafts:save', { id: draft.id, fields: { ...kept.fields, timestamp: later } }));
    const synced = syncedEvent(draft.id);
    expect(valueOf(await app.call('drafts:retry', { ids: [draft.id] }))).toEqual({ queued: 1 });
    expect((await synced).draft?.error).toBeNull();
  });

  it('shows both versions of a post changed elsewhere, and sends the merge the person chose', async () => {
    const post = await other.scheduler.create('instagram', {
      brand_id: brand,
      caption: 'Summer sale',
      first_comment: 'Link in bio',
      status: 'DRAFT',
    });
    const draft = valueOf(
      await app.call('drafts:create', {
        channel: 'instagram',
        brandId: brand,
        post: post as Record<string, unknown> & { id: number; updated_at: string },
        fields: { caption: 'Summer sale: 30% off' },
      }),
    );
    expect(draft).toMatchObject({ postId: post.id, baseUpdatedAt: post.updated_at });
    expect(draft.fields).toMatchObject({ caption: 'Summer sale: 30% off', first_comment: 'Link in bio' });

    sandbox.clock.advance(5_000);
    await other.scheduler.update('instagram', post.id, {
      caption: 'Summer sale (ends Friday)',
      first_comment: 'Shop now',
    });
    const conflicted = nextEvent(
      app.events,
      'drafts:changed',
      (p) => p.id === draft.id && p.draft?.state === 'conflict',
    );
    valueOf(await app.call('drafts:sync', { id: draft.id }));
    await conflicted;

    const view = valueOf(await app.call('drafts:get', { id: draft.id }));
    expect(view.conflict).toMatchObject({
      mine: { caption: 'Summer sale: 30% off', first_comment: 'Link in bio' },
      remote: { caption: 'Summer sale (ends Friday)', first_comment: 'Shop now' },
      base: { caption: 'Summer sale', first_comment: 'Link in bio' },
      differing: ['caption', 'first_comment'],
    });
    const refused = await app.call('drafts:sync', { id: draft.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const stale = await app.call('drafts:resolve', {
      id: draft.id,
      fields: view.conflict!.mine,
      remoteUpdatedAt: post.updated_at,
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'conflict' } });

    // Their caption, my first comment.
    const merged = { ...view.conflict!.mine, caption: view.conflict!.remote!.caption };
    const synced = syncedEvent(draft.id);
    valueOf(
      await app.call('drafts:resolve', {
        id: draft.id,
        fields: merged,
        remoteUpdatedAt: view.conflict!.remoteUpdatedAt,
      }),
    );
    await synced;
    expect(await other.scheduler.get('instagram', post.id)).toMatchObject({
      caption: 'Summer sale (ends Friday)',
      first_comment: 'Link in bio',
    });
  });

  it('opens a draft of a post by its id, and the same draft again while it is being worked on', async () => {
    const post = await other.scheduler.create('twitter', {
      brand_id: 102,
      text: 'Launch day',
      replies: [{ text: 'More soon' }],
      status: 'DRAFT',
    });
    const draft = valueOf(await app.call('drafts:from-post', { channel: 'twitter', postId: post.id }));
    expect(draft).toMatchObject({
      brandId: 102,
      postId: post.id,
      baseUpdatedAt: post.updated_at,
      state: 'local',
      fields: { text: 'Launch day', replies: [{ text: 'More soon' }] },
    });
    // The reply's id is the service's own, never part of a draft's request form.
    expect((draft.fields.replies as object[])[0]).not.toHaveProperty('id');

    valueOf(
      await app.call('drafts:save', { id: draft.id, fields: { ...draft.fields, text: 'Launch day!' } }),
    );
    const again = valueOf(await app.call('drafts:from-post', { channel: 'twitter', postId: post.id }));
    expect(again).toMatchObject({ id: draft.id, revision: 2, fields: { text: 'Launch day!' } });

    const synced = syncedEvent(draft.id);
    valueOf(await app.call('drafts:sync', { id: draft.id }));
    await synced;
    // Synced: the next edit starts from the service's copy as it is then, in a draft of its own.
    const next = valueOf(await app.call('drafts:from-post', { channel: 'twitter', postId: post.id }));
    expect(next.id).not.toBe(draft.id);
    expect(next.fields).toMatchObject({ text: 'Launch day!' });

    // The post as the service has it now, with what only the service writes.
    const read = valueOf(await app.call('drafts:post', { id: next.id }));
    expect(read.post).toMatchObject({ id: post.id, status: 'DRAFT', text: 'Launch day!' });
    const fresh = valueOf(await app.call('drafts:create', { channel: 'twitter', brandId: 102 }));
    expect(valueOf(await app.call('drafts:post', { id: fresh.id }))).toEqual({ post: null });

    expect(await app.call('drafts:from-post', { channel: 'twitter', postId: 987_654_321 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('tells of a save once: one event, in which the renderer reads the draft', async () => {
    const draft = valueOf(await app.call('drafts:create', { channel: 'threads', brandId: brand }));
    const told: unknown[] = [];
    const off = app.events.subscribe((event, payload) => {
      if (event === 'drafts:changed' && (payload as { id: string }).id === draft.id) told.push(payload);
    });
    const saved = valueOf(await app.call('drafts:save', { id: draft.id, fields: { text: 'Once' } }));
    off();
    expect(saved).toEqual({ revision: 2 });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ id: draft.id, draft: { revision: 2, state: 'local', preview: 'Once' } });
  });

  it('deletes a draft and says so', async () => {
    const draft = valueOf(await app.call('drafts:create', { channel: 'snapchat', brandId: brand }));
    const gone = nextEvent(app.events, 'drafts:changed', (p) => p.id === draft.id && p.draft === null);
    expect(valueOf(await app.call('drafts:delete', { id: draft.id }))).toEqual({ deleted: true });
    await gone;
    expect(await app.call('drafts:get', { id: draft.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
