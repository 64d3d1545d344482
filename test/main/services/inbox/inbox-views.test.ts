import { afterAll, describe, expect, it } from 'vitest';
import type { InboxFilterInput } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { serviceList, urlOf } from './service-reads.ts';

/** Saved views: named filters per profile, each with the unread count of its filter. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
/** A view whose filter names this ticket cannot have its count read (the service fails it). */
const FAILING_TICKET = 'no-answer';
const app = await servicesOnSandbox(sandbox, {
  fetch: async (input, init) =>
    urlOf(input).searchParams.get('ticket_id') === FAILING_TICKET
      ? new Response('{"code":500,"errors":{},"message":"Boom.","status":""}', { status: 500 })
      : fetch(input, init),
});
afterAll(() => app.close());

const brands = [101, 102, 103];
const BRANDS = 'brand_ids=101,102,103';

describe('inbox saved views', () => {
  it('saves views, lists them by name with their filters and unread counts, and deletes them', async () => {
    const negative: InboxFilterInput = {
      types: ['INSTAGRAM_COMMENT', 'FACEBOOK_COMMENT'],
      sentiment: 'negative',
    };
    const followUps: InboxFilterInput = { followUp: true, sort: 'SOURCE_UPDATED_AT' };
    const archived: InboxFilterInput = { archived: true };
    const a = valueOf(await app.call('inbox:save-view', { name: 'Negative comments', filter: negative }));
    const b = valueOf(await app.call('inbox:save-view', { name: 'follow-ups', filter: followUps }));
    const c = valueOf(await app.call('inbox:save-view', { name: 'Archive', filter: archived }));
    expect(a).toEqual({
      id: expect.any(String),
      name: 'Negative comments',
      filter: negative,
      createdAt: expect.any(String),
    });

    const { items } = valueOf(await app.call('inbox:views', { brandIds: brands }));
    expect(items.map((view) => view.name)).toEqual(['Archive', 'follow-ups', 'Negative comments']);
    expect(items.map((view) => view.filter)).toEqual([archived, followUps, negative]);
    // Unread as the badges count them: not read, and not archived unless the view asks for archived ones.
    const unread = async (query: string) =>
      (await serviceList(sandbox, `${BRANDS}&${query}&is_read=false&limit=0`)).paging.count;
    const expected = [
      await unread('is_archived=true'),
      await unread('is_follow_up=true&is_archived=false'),
      await unread('types=INSTAGRAM_COMMENT,FACEBOOK_COMMENT&is_negative=true&is_archived=false'),
    ];
    expect(items.map((view) => view.unread)).toEqual(expected);
    expect(expected.every((count) => count > 0)).toBe(true);

    // Marking one of them read lowers its view's count.
    const [target] = (
      await serviceList(
        sandbox,
        `${BRANDS}&types=INSTAGRAM_COMMENT&is_negative=true&is_read=false&is_archived=false&limit=1`,
      )
    ).data;
    valueOf(await app.call('inbox:update', { id: target!.id, change: { read: true } }));
    const after = valueOf(await app.call('inbox:views', { brandIds: brands }));
    expect(after.items.find((view) => view.id === a.id)?.unread).toBe(expected[2]! - 1);

    expect(valueOf(await app.call('inbox:delete-view', { id: b.id }))).toEqual({ deleted: true });
    expect(valueOf(await app.call('inbox:delete-view', { id: b.id }))).toEqual({ deleted: false });
    const left = valueOf(await app.call('inbox:views', { brandIds: brands }));
    expect(left.items.map((view) => view.id)).toEqual([c.id, a.id]);
    for (const view of [a, c]) valueOf(await app.call('inbox:delete-view', { id: view.id }));
  });

  it('counts for the brands chosen now, not those of the moment it was saved', async () => {
    valueOf(await app.call('inbox:save-view', { name: 'Unread only', filter: { read: false } }));
    const before = app.requests.length;
    const { items } = valueOf(await app.call('inbox:views', { brandIds: [102] }));
    const sent = app.requests.slice(before).filter((r) => r.includes('/community_interactions?'));
    expect(sent).toHaveLength(1);
    expect(new URLSearchParams(sent[0]!.split('?')[1]).get('brand_ids')).toBe('102');
    expect(items[0]!.unread).toBe(
      (await serviceList(sandbox, 'brand_ids=102&is_read=false&is_archived=false&limit=0')).paging.count,
    );
    valueOf(await app.call('inbox:delete-view', { id: items[0]!.id }));
  });

  it('lists a view whose count could not be read, with null', async () => {
    const failing = valueOf(
      await app.call('inbox:save-view', { name: 'Ticket', filter: { ticketId: FAILING_TICKET } }),
    );
    const fine = valueOf(
      await app.call('inbox:save-view', { name: 'Questions', filter: { question: true } }),
    );
    const { items } = valueOf(await app.call('inbox:views', { brandIds: brands }));
    expect(items.find((view) => view.id === failing.id)?.unread).toBeNull();
    expect(items.find((view) => view.id === fine.id)?.unread).toBeGreaterThan(0);
  });

  it('refuses a name another view has, at the name field', async () => {
    valueOf(await app.call('inbox:save-view', { name: 'Twice', filter: { read: true } }));
    const again = await app.call('inbox:save-view', { name: 'Twice', filter: { read: false } });
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'conflict', fieldErrors: { name: [expect.any(String)] } },
    });
  });

  it('refuses a blank name or a bad filter without saving anything', async () => {
    const before = valueOf(await app.call('inbox:views', { brandIds: brands })).items.length;
    expect(await app.call('inbox:save-view', { name: '  ', filter: {} })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fieldErrors: { name: [expect.any(String)] } },
    });
    expect(
      await app.call('inbox:save-view', {
        name: 'Bad',
        filter: { sentiment: 'angry' } as unknown as InboxFilterInput,
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(valueOf(await app.call('inbox:views', { brandIds: brands })).items).toHaveLength(before);
  });
});
