import { afterAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayload, PostView } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

// Every change the app makes to a post tells the renderer (`posts:changed`) and makes the next
// list read the service again, whichever way it was made: the Scheduler's calls or a draft the
// outbox sent. The sandbox's clock stands still, so "in the future" never changes under a test.
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const brandIds = [101, 102, 103];
const day = 86_400_000;
const now = sandbox.clock.now().getTime();

/** Every `name` event main pushes from now on, as the renderer would receive them. */
function heard<E extends EventName>(name: E): EventPayload<E>[] {
  const seen: EventPayload<E>[] = [];
  app.events.subscribe((event, payload) => {
    if ((event as EventName) === name) seen.push(payload as unknown as EventPayload<E>);
  });
  return seen;
}

/** Resolves with the first `posts:changed` about this post. */
function changeOf(channel: string, id: number): Promise<EventPayload<'posts:changed'>> {
  return new Promise((resolve) => {
    const off = app.events.subscribe((event, payload) => {
      const change = payload as EventPayload<'posts:changed'>;
      if (event !== 'posts:changed' || change.channel !== channel || change.id !== id) return;
      off();
      resolve(change);
    });
  });
}

async function threadsPosts(): Promise<PostView[]> {
  return valueOf(
    await app.call('posts:list', {
      query: { brandIds, channels: ['threads'], statuses: ['SCHEDULED'] },
      limit: 500,
    }),
  ).items;
}

describe('a change the app makes to a post', () => {
  it('edited in a draft and sent by the outbox: the renderer is told, the next list has the new text', async () => {
    const [post] = (await threadsPosts()).filter((p) => Date.parse(p.timestamp!) > now + day);
    expect(post).toBeDefined();
    const draft = valueOf(await app.call('drafts:from-post', { channel: 'threads', postId: post!.id }));
    const text = `Doors open at nine ${post!.id}`;
    valueOf(await app.call('drafts:save', { id: draft.id, fields: { ...draft.fields, text } }));

    const changed = changeOf('threads', post!.id);
    valueOf(await app.call('drafts:sync', { id: draft.id }));
    const change = await changed;
    expect(change.post).toMatchObject({ channel: 'threads', id: post!.id, text });

    // Asked again at once (within the lists' few seconds of keeping): the service's new text.
    const listed = (await threadsPosts()).find((p) => p.id === post!.id);
    expect(listed?.text).toBe(text);
  });

  it('rescheduled: the renderer gets the post at its new time, and the next list has it there', async () => {
    const [post] = (await threadsPosts()).filter((p) => Date.parse(p.timestamp!) > now + day);
    const later = new Date(Date.parse(post!.timestamp!) + 3 * 3_600_000).toISOString();
    const changed = changeOf('threads', post!.id);
    valueOf(await app.call('posts:reschedule', { channel: 'threads', id: post!.id, timestamp: later }));
    expect(Date.parse((await changed).post!.timestamp!)).toBe(Date.parse(later));
    const listed = (await threadsPosts()).find((p) => p.id === post!.id);
    expect(Date.parse(listed!.timestamp!)).toBe(Date.parse(later));
  });

  it('deleted: the renderer is told it is gone; a refused delete or move tells nothing', async () => {
    const [post] = await threadsPosts();
    const changes = heard('posts:changed');
    const refused = await app.call('posts:reschedule', {
      channel: 'threads',
      id: post!.id,
      timestamp: new Date(now - day).toISOString(),
    });
    expect(refused.ok).toBe(false);
    expect(changes).toEqual([]);

    const changed = changeOf('threads', post!.id);
    valueOf(await app.call('posts:delete', { channel: 'threads', id: post!.id }));
    expect(await changed).toEqual({ channel: 'threads', id: post!.id, post: null });
    expect((await threadsPosts()).map((p) => p.id)).not.toContain(post!.id);

    const again = await app.call('posts:delete', { channel: 'threads', id: post!.id });
    expect(again.ok).toBe(false);
    expect(changes).toHaveLength(1);
  });
});
