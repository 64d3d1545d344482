import { afterAll, describe, expect, it } from 'vitest';
import type { InboxBulkProgress } from '../../../../src/shared/contract/index.ts';
import { NO_TRIAGE_NOTE } from '../../../../src/main/services/inbox/triage-capability.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { methodOf, serviceGet, serviceList, urlOf } from './service-reads.ts';

/** Triage through the PATCH extension, one and many, against a real sandbox. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const brands = [101, 102, 103];
const BRANDS = 'brand_ids=101,102,103';
const patches = () => app.requests.filter((r) => /\/community_interactions\/\d+$/.test(r));

/** Ids of interactions no other test of this file touches: each test takes its own type. */
async function idsOf(type: string, query: string, count: number): Promise<number[]> {
  const brandsOf = query.includes('brand_ids=') ? '' : `${BRANDS}&`;
  const list = await serviceList(sandbox, `${brandsOf}types=${type}&${query}&limit=${count}`);
  expect(list.data).toHaveLength(count);
  return list.data.map((item) => item.id);
}

function progressOf(jobId: string) {
  const seen: InboxBulkProgress[] = [];
  const unsubscribe = app.events.subscribe((event, payload) => {
    if (event === 'inbox:bulk-progress' && (payload as InboxBulkProgress).id === jobId) {
      seen.push(payload as InboxBulkProgress);
    }
  });
  return { seen, unsubscribe };
}

describe('inbox:capabilities', () => {
  it('finds the PATCH extension on the sandbox once, changing nothing', async () => {
    const [first] = (await serviceList(sandbox, `${BRANDS}&limit=1`)).data;
    const before = await serviceList(sandbox, `${BRANDS}&id=${first!.id}&limit=1`);
    expect(valueOf(await app.call('inbox:capabilities'))).toEqual({ triage: true, note: null });
    expect(valueOf(await app.call('inbox:capabilities'))).toEqual({ triage: true, note: null });
    expect(patches()).toHaveLength(1);
    const after = await serviceList(sandbox, `${BRANDS}&id=${first!.id}&limit=1`);
    expect(after.data[0]).toEqual(before.data[0]);
  });

  it('says triage is not offered, in plain words, on a service answering 405 to a PATCH', async () => {
    const without = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) =>
        methodOf(input, init) === 'PATCH'
          ? new Response(
              JSON.stringify({
                code: 405,
                errors: {},
                message: 'Method Not Allowed',
                status: 'Method Not Allowed',
              }),
              {
                status: 405,
                headers: { 'content-type': 'application/json', allow: 'GET' },
              },
            )
          : fetch(input, init),
    });
    try {
      expect(valueOf(await without.call('inbox:capabilities'))).toEqual({
        triage: false,
        note: NO_TRIAGE_NOTE,
      });
      valueOf(await without.call('inbox:capabilities'));
      expect(without.requests.filter((r) => /\/community_interactions\/\d+$/.test(r))).toHaveLength(1);
    } finally {
      await without.close();
    }
  });

  it('asks again with another interaction when the one it tried was deleted in between (a 404 too)', async () => {
    let gone: number | null = null;
    const racing = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) => {
        const url = urlOf(input);
        const patched = /\/community_interactions\/(\d+)$/.exec(url.pathname);
        if (methodOf(input, init) === 'PATCH' && patched && gone === null) {
          // Deleted at its source between the probe's read and its PATCH: 404, and listed no more.
          gone = Number(patched[1]);
          return new Response(
            JSON.stringify({ code: 404, errors: {}, message: 'Not Found', status: 'Not Found' }),
            {
              status: 404,
              headers: { 'content-type': 'application/json' },
            },
          );
        }
        if (gone !== null && url.searchParams.get('id') === String(gone))
          return new Response(JSON.stringify({ data: [], paging: { count: 0, offset: 0, limit: 1 } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        return fetch(input, init);
      },
    });
    try {
      expect(valueOf(await racing.call('inbox:capabilities'))).toEqual({ triage: true, note: null });
      expect(racing.requests.filter((r) => /\/community_interactions\/\d+$/.test(r))).toHaveLength(2);
    } finally {
      await racing.close();
    }
  });

  it('asks again after a probe that said nothing either way (the service unreachable)', async () => {
    let offline = true;
    const flaky = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) => {
        if (offline && urlOf(input).pathname.includes('community_interactions'))
          throw new TypeError('fetch failed');
        return fetch(input, init);
      },
    });
    try {
      expect(await flaky.call('inbox:capabilities')).toMatchObject({ ok: false, error: { code: 'offline' } });
      offline = false;
      expect(valueOf(await flaky.call('inbox:capabilities'))).toEqual({ triage: true, note: null });
    } finally {
      await flaky.close();
    }
  });
  it('keeps probing for the others when the first caller goes away', async () => {
    const fresh = await servicesOnSandbox(sandbox);
    try {
      const leaving = new AbortController();
      const first = fresh.call('inbox:capabilities', undefined, { signal: leaving.signal });
      const second = fresh.call('inbox:capabilities');
      leaving.abort();
      expect(await first).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(valueOf(await second)).toEqual({ triage: true, note: null });
      expect(fresh.requests.filter((r) => /\/community_interactions\/\d+$/.test(r))).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('inbox:update', () => {
  it('marks one read: the service has it, the list shows it, and its type unread count drops by one', async () => {
    const [id] = await idsOf('YOUTUBE_COMMENT', 'is_read=false&is_archived=false', 1);
    const filter = { types: ['YOUTUBE_COMMENT' as const], read: false };
    const listed = valueOf(
      await app.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit: 100 }),
    );
    expect(listed.items.map((item) => item.id)).toContain(id);
    const before = valueOf(await app.call('inbox:unread-counts', { brandIds: brands }));

    const updated = valueOf(await app.call('inbox:update', { id: id!, change: { read: true } }));
    expect(updated).toMatchObject({ id, is_read: true });
    expect((await serviceList(sandbox, `${BRANDS}&id=${id}&limit=1`)).data[0]).toMatchObject({
      is_read: true,
    });

    const after = valueOf(await app.call('inbox:unread-counts', { brandIds: brands }));
    expect(after.byType.YOUTUBE_COMMENT).toBe(before.byType.YOUTUBE_COMMENT! - 1);
    const relisted = valueOf(
      await app.call('inbox:list', { query: { brandIds: brands, filter }, offset: 0, limit: 100 }),
    );
    expect(relisted.items.map((item) => item.id)).not.toContain(id);
    expect(relisted.count).toBe(listed.count - 1);
  });

  it('sets tags, follow-up and the assignee, and unassigns with null', async () => {
    const [id] = await idsOf('TWITTER_MENTION', 'brand_ids=101', 1);
    const { data: tags } = await serviceGet<{ data: { id: number }[] }>(sandbox, 'tags?brand_ids=101');
    const tagIds = tags.slice(0, 2).map((tag) => tag.id);
    const item = (await serviceList(sandbox, `brand_ids=101&id=${id}&limit=1`)).data[0]!;
    const assignee = valueOf(
      await app.call('inbox:update', { id: id!, change: { tagIds, followUp: true, assigneeId: 2 } }),
    );
    expect(assignee).toMatchObject({
      id,
      tag_ids: expect.arrayContaining(tagIds),
      is_follow_up: true,
      assignee_id: 2,
    });
    const cleared = valueOf(
      await app.call('inbox:update', { id: id!, change: { assigneeId: null, tagIds: [] } }),
    );
    expect(cleared).toMatchObject({
      assignee_id: null,
      tag_ids: [],
      is_follow_up: true,
      is_read: item.is_read,
    });
  });

  it("answers another brand's tag as invalid input at the change's field", async () => {
    const [id] = await idsOf('TWITTER_MENTION', 'brand_ids=102', 1);
    const { data: tags } = await serviceGet<{ data: { id: number }[] }>(sandbox, 'tags?brand_ids=101');
    const answer = await app.call('inbox:update', { id: id!, change: { tagIds: [tags[0]!.id] } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!answer.ok) expect(Object.keys(answer.error.fieldErrors)).toEqual(['change.tagIds']);
  });

  it('refuses an empty change without asking the service', async () => {
    const before = patches().length;
    expect(await app.call('inbox:update', { id: 1, change: {} })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(patches()).toHaveLength(before);
  });
});

describe('inbox:bulk-update', () => {
  it('archives ten, listing the one that failed by id, with progress to the end', async () => {
    const ids = await idsOf('INSTAGRAM_COMMENT', 'is_archived=false', 9);
    const missing = 9_999_999;
    const jobId = 'bulk-archive-ten';
    const progress = progressOf(jobId);
    const result = valueOf(
      await app.call('inbox:bulk-update', {
        brandIds: brands,
        target: { ids: [...ids.slice(0, 4), missing, ...ids.slice(4)] },
        change: { archived: true },
        jobId,
      }),
    );
    progress.unsubscribe();
    expect(result.updated.map((item) => item.id).sort()).toEqual([...ids].sort());
    expect(result.updated.every((item) => item.is_archived)).toBe(true);
    expect(result.failed).toEqual([
      { id: missing, error: expect.objectContaining({ code: 'not_found', status: 404 }) },
    ]);
    const archived = await serviceList(
      sandbox,
      `${BRANDS}&is_archived=true&limit=100&types=INSTAGRAM_COMMENT`,
    );
    expect(archived.data.map((item) => item.id)).toEqual(expect.arrayContaining(ids));
    expect(progress.seen[0]).toEqual({ id: jobId, done: 0, total: 10, failed: 0 });
    expect(progress.seen.at(-1)).toEqual({ id: jobId, done: 10, total: 10, failed: 1 });
  });

  it('stops sending when cancelled; what was done stays done', async () => {
    const ids = await idsOf('FACEBOOK_COMMENT', 'is_follow_up=false', 40);
    const controller = new AbortController();
    let sent = 0;
    let answered = 0;
    let sentAfterCancel = 0;
    const own = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) => {
        if (methodOf(input, init) !== 'PATCH') return fetch(input, init);
        if (controller.signal.aborted) sentAfterCancel++;
        sent++;
        const response = await fetch(input, init);
        // The fifth answer cancels the action: five are done for certain.
        if (++answered === 5) controller.abort();
        return response;
      },
    });
    try {
      const answer = await own.call(
        'inbox:bulk-update',
        { brandIds: brands, target: { ids }, change: { followUp: true }, jobId: 'bulk-cancel' },
        { signal: controller.signal },
      );
      expect(answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      // The call has ended: every worker has stopped, so no PATCH can follow.
      expect(sentAfterCancel).toBe(0);
      expect(sent).toBeLessThan(ids.length);
      const followed = await serviceList(
        sandbox,
        `${BRANDS}&types=FACEBOOK_COMMENT&is_follow_up=true&limit=100`,
      );
      const done = ids.filter((id) => followed.data.some((item) => item.id === id));
      // Those answered before the cancel stay done; those in flight may or may not have landed.
      expect(done.length).toBeGreaterThanOrEqual(5);
      expect(done.length).toBeLessThanOrEqual(sent);
    } finally {
      await own.close();
    }
  });

  it('walks a filter first, then changes every interaction matching it', async () => {
    const filter = { read: false, followUp: false };
    const query = `brand_ids=101,102&is_read=false&is_follow_up=false`;
    const before = await serviceList(sandbox, `${query}&limit=0`);
    expect(before.paging.count).toBeGreaterThan(100); // more than one page, which shrinks as it is read
    const result = valueOf(
      await app.call('inbox:bulk-update', {
        brandIds: [101, 102],
        target: { filter },
        change: { read: true },
        jobId: 'by-filter',
      }),
    );
    expect(result.failed).toEqual([]);
    expect(result.updated).toHaveLength(before.paging.count);
    const after = await serviceList(sandbox, `${query}&limit=0`);
    expect(after.paging.count).toBe(0);
  });
});
