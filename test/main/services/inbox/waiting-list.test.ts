import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxItem, ReplyView } from '../../../../src/shared/contract/index.ts';
import { waitingSince, type WaitingShape } from '../../../../src/shared/domain/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { answerInSandbox } from '../../../e2e/support/sandbox-answer.ts';
import { serviceList } from './service-reads.ts';

/** Needs reply, Oldest waiting first and the waiting queue, against a real sandbox. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const brands = [101, 102];
const BRANDS = 'brand_ids=101,102';
/** The walk's pages (each read also asks one row, to see whether anything changed since). */
const walkedPages = () =>
  app.requests.filter((r) => r.includes('/community_interactions?') && r.includes('limit=100'));

/** Every not-archived interaction of the brands as the service lists them, oldest first. */
async function notArchived(): Promise<WaitingShape[]> {
  const all: WaitingShape[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await serviceList(
      sandbox,
      `${BRANDS}&is_archived=false&sort=SOURCE_UPDATED_AT&offset=${offset}&limit=100`,
    );
    all.push(...(page.data as unknown as WaitingShape[]));
    if (offset + 100 >= page.paging.count) return all;
  }
}

const idOf = (item: WaitingShape) => (item as unknown as { id: number }).id;

async function list(filter: object, offset = 0, limit = 100) {
  return valueOf(await app.call('inbox:list', { query: { brandIds: brands, filter }, offset, limit }));
}

describe('Needs reply', () => {
  it('lists exactly the waiting ones, newest first, and counts them, not the pages walked', async () => {
    const all = await notArchived();
    const waiting = all.filter((item) => waitingSince(item) !== null);
    // The seed has people waiting and people answered, in every kind of interaction.
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.length).toBeLessThan(all.length);
    const answer = await list({ needsReply: true });
    expect(answer.count).toBe(waiting.length);
    expect(answer.items.map((item) => item.id)).toEqual(waiting.map(idOf).reverse().slice(0, 100));
    expect(answer.items.every((item) => waitingSince(item) !== null && item.is_archived === false)).toBe(
      true,
    );
  });

  it('orders them by the longest wait, and the overview names the same person and count', async () => {
    const waiting = (await notArchived())
      .map((item) => ({ id: idOf(item), since: waitingSince(item) }))
      .filter((row): row is { id: number; since: number } => row.since !== null)
      .sort((a, b) => a.since - b.since || a.id - b.id);
    const answer = await list({ needsReply: true, sort: 'OLDEST_WAITING' }, 10, 30);
    expect(answer.items.map((item) => item.id)).toEqual(waiting.slice(10, 40).map((row) => row.id));
    const summary = valueOf(await app.call('inbox:waiting-summary', { brandIds: brands }));
    expect(summary.count).toBe(waiting.length);
    expect(summary.oldest?.item.id).toBe(waiting[0]!.id);
    expect(Date.parse(summary.oldest!.since)).toBe(waiting[0]!.since);
  });

  it('walks once per question: other orders, ranges and the overview read what was kept', async () => {
    await list({ needsReply: true, types: ['INSTAGRAM_COMMENT'] });
    const walked = walkedPages().length;
    await list({ needsReply: true, types: ['INSTAGRAM_COMMENT'], sort: 'OLDEST_WAITING' }, 50, 50);
    await list({ needsReply: true, types: ['INSTAGRAM_COMMENT'], sort: 'SOURCE_UPDATED_AT' });
    expect(walkedPages().length).toBe(walked);
  });

  it('forgets what it kept when the inbox changes: an archived row leaves the list and the count', async () => {
    const filter = { needsReply: true, types: ['FACEBOOK_COMMENT'] };
    const before = await list(filter);
    const first = before.items[0] as InboxItem;
    valueOf(await app.call('inbox:update', { id: first.id, change: { archived: true } }));
    const after = await list(filter);
    expect(after.count).toBe(before.count - 1);
    expect(after.items.map((item) => item.id)).not.toContain(first.id);
  });
});

describe('working down Needs reply', () => {
  it('archiving a row through the app takes it out at once, without walking the pages again', async () => {
    const filter = { needsReply: true, types: ['FACEBOOK_CONVERSATION'] };
    const before = await list(filter);
    expect(before.count).toBeGreaterThan(1);
    const walked = walkedPages().length;
    const archived = before.items[0] as InboxItem;
    valueOf(await app.call('inbox:update', { id: archived.id, change: { archived: true } }));
    const after = await list(filter);
    expect(after.items.map((item) => item.id)).not.toContain(archived.id);
    expect(after.count).toBe(before.count - 1);
    expect(walkedPages().length).toBe(walked);
    // Undo: the row comes back in its place, still without a walk.
    valueOf(await app.call('inbox:update', { id: archived.id, change: { archived: false } }));
    const undone = await list(filter);
    expect(undone.count).toBe(before.count);
    expect(undone.items.map((item) => item.id)).toEqual(before.items.map((item) => item.id));
    expect(walkedPages().length).toBe(walked);
  });

  it('a reply sent through the reply outbox takes the person off at once, without a walk', async () => {
    const filter = { needsReply: true, types: ['INSTAGRAM_CONVERSATION'] };
    const before = await list(filter);
    expect(before.count).toBeGreaterThan(1);
    const summaryBefore = valueOf(await app.call('inbox:waiting-summary', { brandIds: brands }));
    const walked = walkedPages().length;
    const answered = before.items[0] as InboxItem;
    const id = randomUUID();
    const sent = replySent(id);
    valueOf(
      await app.call('replies:send', {
        id,
        interactionId: answered.id,
        brandId: answered.brand_id,
        type: answered.type!,
        text: 'Thanks for writing, we are on it.',
      }),
    );
    await sent;
    const after = await list(filter);
    expect(after.items.map((item) => item.id)).not.toContain(answered.id);
    expect(after.count).toBe(before.count - 1);
    // The overview's waiting queue counts one fewer too, read from its kept walk.
    const summaryAfter = valueOf(await app.call('inbox:waiting-summary', { brandIds: brands }));
    expect(summaryAfter.count).toBe(summaryBefore.count - 1);
    expect(walkedPages().length).toBe(walked);
  });
});

/** Resolves once the reply outbox has sent reply `id`. */
function replySent(id: string) {
  return new Promise<void>((resolve) => {
    const unsubscribe = app.events.subscribe((event, payload) => {
      if (event === 'replies:changed' && (payload as ReplyView).id === id) {
        if ((payload as ReplyView).state !== 'sent') return;
        unsubscribe();
        resolve();
      }
    });
  });
}

describe('a reply sent from another tool', () => {
  it('takes the person off Needs reply at the next read, though the app changed nothing', async () => {
    const filter = { needsReply: true, types: ['YOUTUBE_COMMENT'] };
    const before = await list(filter);
    const answered = before.items[0] as InboxItem;
    answerInSandbox(sandbox.db, answered.id, sandbox.clock.now().getTime());
    const after = await list(filter);
    expect(after.count).toBe(before.count - 1);
    expect(after.items.map((item) => item.id)).not.toContain(answered.id);
  });
});

describe('a bulk action over Needs reply', () => {
  it('changes the waiting ones only, as the list shows them', async () => {
    const filter = { needsReply: true as const, types: ['TWITTER_MENTION' as const] };
    const shown = await list(filter);
    expect(shown.count).toBeGreaterThan(0);
    const ids: number[] = [];
    for (let offset = 0; offset < shown.count; offset += 100)
      ids.push(...(await list(filter, offset, 100)).items.map((item) => item.id));
    const result = valueOf(
      await app.call('inbox:bulk-update', {
        brandIds: brands,
        target: { filter },
        change: { followUp: true },
        jobId: 'waiting-bulk',
      }),
    );
    expect(result.failed).toEqual([]);
    const byId = (a: number, b: number) => a - b;
    expect(result.updated.map((item) => item.id).sort(byId)).toEqual(ids.sort(byId));
  });
});
