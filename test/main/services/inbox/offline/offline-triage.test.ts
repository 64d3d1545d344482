import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxItem, QueuedTriageList } from '../../../../../src/shared/contract/index.ts';
import { methodOf, serviceList, urlOf } from '../service-reads.ts';
import { sandboxForThisFile } from '../../support/sandbox.ts';
import { servicesOnSandbox, valueOf, type ServicesOnSandbox } from '../../support/services-on-sandbox.ts';

/**
 * Issue 25 §4: triage done while the service cannot be reached is applied to the mirror at once,
 * kept in line in the profile's database, and sent in order when the service answers again, each
 * change exactly once, only the fields the person touched; a refused change waits for Retry.
 * Against a real sandbox; "unreachable" is a fetch that finds no network.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const BRANDS = [101, 102, 103];

/** The network as the app's requests find it, and the PATCHes that reached the service, by row. */
function network() {
  const net = { down: false, patches: [] as number[] };
  const fetchThrough: typeof fetch = async (input, init) => {
    if (net.down) throw new TypeError('fetch failed');
    const response = await fetch(input, init);
    if (methodOf(input, init) === 'PATCH') net.patches.push(Number(urlOf(input).pathname.split('/').pop()));
    return response;
  };
  return Object.assign(net, {
    fetch: fetchThrough,
    sentTo: (id: number) => net.patches.filter((p) => p === id).length,
  });
}

async function serviceRow(id: number): Promise<InboxItem> {
  return (await serviceList(sandbox, `brand_ids=101,102,103&id=${id}&limit=1`))
    .data[0] as unknown as InboxItem;
}

async function teammatePatch(id: number, body: object): Promise<void> {
  const response = await fetch(`${sandbox.urls.community}/community_interactions/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${sandbox.tokens.user}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function tagsOf(brandId: number): Promise<{ id: number; brand_id: number }[]> {
  const response = await fetch(`${sandbox.urls.community}/tags?brand_ids=${brandId}`, {
    headers: { authorization: `Bearer ${sandbox.tokens.user}` },
  });
  return ((await response.json()) as { data: { id: number; brand_id: number }[] }).data;
}

/** Resolves with the first line told that `test` accepts. */
function lineWhere(app: ServicesOnSandbox, test: (line: QueuedTriageList) => boolean) {
  return new Promise<QueuedTriageList>((resolve) => {
    const unsubscribe = app.events.subscribe((event, payload) => {
      if (event === 'inbox:queued-changes' && test(payload as QueuedTriageList)) {
        unsubscribe();
        resolve(payload as QueuedTriageList);
      }
    });
  });
}

/** An app whose mirror is filled and which knows the service takes triage; then the network goes. */
async function appGoneOffline(net: ReturnType<typeof network>, userDataDir?: string) {
  const app = await servicesOnSandbox(sandbox, { syncMirror: true, fetch: net.fetch, userDataDir });
  await app.mirror.filled();
  expect(valueOf(await app.call('inbox:capabilities')).triage).toBe(true);
  net.patches.length = 0; // the capability's probe
  net.down = true;
  // The first request that finds no network tells the app it is offline.
  await app.call('inbox:insights', { brandIds: BRANDS });
  return app;
}

/** Rows of the mirror no other test of this file takes: unread, not archived, of one brand. */
async function freshRows(app: ServicesOnSandbox, skip: number, count: number): Promise<InboxItem[]> {
  const answer = valueOf(
    await app.call('inbox:list', {
      query: { brandIds: [101], filter: { read: false, archived: false, followUp: false } },
      offset: skip,
      limit: count,
    }),
  );
  return answer.items;
}

/** The service answers again: any answered request wakes the line (no waiting out its backoff). */
async function serviceBack(app: ServicesOnSandbox, net: ReturnType<typeof network>) {
  net.down = false;
  await app.call('inbox:insights', { brandIds: BRANDS });
}

describe('triage done offline', () => {
  it('shows at once, then reaches the service in order, each change once, keeping a teammate’s other fields', async () => {
    const net = network();
    const app = await appGoneOffline(net);
    afterAll(() => app.close());
    const [a, b] = await freshRows(app, 0, 2);
    const [tag, teammatesTag] = await tagsOf(101);
    const unreadBefore = valueOf(await app.call('inbox:unread-counts', { brandIds: [101] })).total;

    const archived = valueOf(await app.call('inbox:update', { id: a!.id, change: { archived: true } }));
    expect(archived.is_archived).toBe(true);
    valueOf(await app.call('inbox:update', { id: b!.id, change: { read: true } }));
    const tagged = valueOf(
      await app.call('inbox:update', { id: a!.id, change: { tagIds: [...(a!.tag_ids ?? []), tag!.id] } }),
    );
    expect(tagged.tag_ids).toContain(tag!.id);
    expect(net.patches).toEqual([]);

    // The lists, counts and the open item read as if it had gone through.
    const inArchive = valueOf(
      await app.call('inbox:list', {
        query: { brandIds: [101], filter: { archived: true } },
        offset: 0,
        limit: 100,
      }),
    );
    expect(inArchive.items.map((item) => item.id)).toContain(a!.id);
    expect(valueOf(await app.call('inbox:get', { brandIds: BRANDS, id: a!.id }))).toMatchObject({
      is_archived: true,
      tag_ids: expect.arrayContaining([tag!.id]),
    });
    // `b` read, and `a` archived: an archived row no longer counts as unread.
    expect(valueOf(await app.call('inbox:unread-counts', { brandIds: [101] })).total).toBe(unreadBefore - 2);
    const line = valueOf(await app.call('inbox:queued-changes'));
    expect(line.items.map((q) => [q.interactionId, q.state])).toEqual([
      [a!.id, 'waiting'],
      [b!.id, 'waiting'],
      [a!.id, 'waiting'],
    ]);
    // Only what the person touched: the tag as added, not the whole list they saw.
    expect(line.items[2]!.change).toEqual({ addTagIds: [tag!.id] });

    // Meanwhile a teammate marks `a` for follow-up and tags it with another tag.
    await teammatePatch(a!.id, { is_follow_up: true, tag_ids: [...(a!.tag_ids ?? []), teammatesTag!.id] });

    const emptied = lineWhere(app, (l) => l.items.length === 0);
    await serviceBack(app, net);
    await emptied;

    expect(net.patches).toEqual([a!.id, b!.id, a!.id]);
    const onService = await serviceRow(a!.id);
    expect(onService).toMatchObject({ is_archived: true, is_follow_up: true });
    expect(onService.tag_ids).toEqual(expect.arrayContaining([tag!.id, teammatesTag!.id]));
    expect((await serviceRow(b!.id)).is_read).toBe(true);
    // The service's answer is what the mirror now holds.
    const profileId = valueOf(await app.call('accounts:list')).activeId!;
    expect(app.mirror.get(profileId, a!.id)).toMatchObject({ is_follow_up: true, is_archived: true });
  });

  it('after a quit between the PATCH and its note, looks the row up and does not send it again', async () => {
    const net = network();
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-triage-'));
    let reached!: () => void;
    const patched = new Promise<void>((resolve) => (reached = resolve));
    let armed = false;
    // The first run's PATCH reaches the service, and the app quits before the answer comes.
    const quitting: typeof fetch = async (input, init) => {
      const response = await net.fetch(input, init);
      if (methodOf(input, init) !== 'PATCH' || !armed) return response;
      reached();
      const signal = input instanceof Request ? input.signal : init?.signal;
      return new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
    };
    const first = await servicesOnSandbox(sandbox, { syncMirror: true, fetch: quitting, userDataDir });
    await first.mirror.filled();
    valueOf(await first.call('inbox:capabilities'));
    net.patches.length = 0;
    net.down = true;
    await first.call('inbox:insights', { brandIds: BRANDS });
    const [c] = await freshRows(first, 5, 1);
    valueOf(await first.call('inbox:update', { id: c!.id, change: { followUp: true } }));
    const profileId = valueOf(await first.call('accounts:list')).activeId!;
    armed = true;
    net.down = false;
    await first.call('inbox:insights', { brandIds: BRANDS });
    await patched;
    await first.closeServicesOnly();
    expect(net.sentTo(c!.id)).toBe(1);

    const second = await servicesOnSandbox(sandbox, { fetch: net.fetch, userDataDir });
    try {
      const emptied = lineWhere(second, (l) => l.items.length === 0);
      valueOf(await second.call('accounts:switch', { id: profileId }));
      // These tests keep tokens in memory: the second run gets the profile's token again.
      valueOf(await second.call('accounts:update', { id: profileId, token: sandbox.tokens.user }));
      await emptied;
      expect(net.sentTo(c!.id)).toBe(1);
      expect((await serviceRow(c!.id)).is_follow_up).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('shows a refused change for Retry, puts the row back as the service has it, and goes on with the others', async () => {
    const net = network();
    const app = await appGoneOffline(net);
    afterAll(() => app.close());
    const [d, e] = await freshRows(app, 10, 2);
    const [foreign] = await tagsOf(102);
    valueOf(
      await app.call('inbox:update', { id: d!.id, change: { tagIds: [...(d!.tag_ids ?? []), foreign!.id] } }),
    );
    valueOf(await app.call('inbox:update', { id: e!.id, change: { read: true } }));
    const profileId = valueOf(await app.call('accounts:list')).activeId!;
    expect(app.mirror.get(profileId, d!.id)?.tag_ids).toContain(foreign!.id);

    const settled = lineWhere(app, (l) => l.items.length === 1 && l.items[0]!.state === 'refused');
    await serviceBack(app, net);
    const [refused] = (await settled).items;
    expect(refused).toMatchObject({ interactionId: d!.id, error: { code: 'invalid_input' } });
    expect(refused!.error!.message).not.toMatch(/^\{|HTTP|undefined/);
    expect(app.mirror.get(profileId, d!.id)?.tag_ids ?? []).not.toContain(foreign!.id);
    expect((await serviceRow(e!.id)).is_read).toBe(true);
    expect(net.sentTo(d!.id)).toBe(1);

    // Retry: in line again (and on the row again), refused again, sent once more.
    const again = lineWhere(app, (l) => l.items[0]?.state === 'refused');
    const retried = valueOf(await app.call('inbox:retry-change', { seq: refused!.seq }));
    expect(retried.items[0]?.state).toBe('waiting');
    await again;
    expect(net.sentTo(d!.id)).toBe(2);

    // Drop: it leaves the line, and the row stays as the service has it.
    expect(valueOf(await app.call('inbox:drop-change', { seq: refused!.seq })).items).toEqual([]);
    expect(app.mirror.get(profileId, d!.id)?.tag_ids ?? []).not.toContain(foreign!.id);
  });
});

describe('a change to a row the service no longer has', () => {
  it('is refused as gone, in words, and the mirror keeps no change for it', async () => {
    const net = network();
    const app = await appGoneOffline(net);
    try {
      const [gone] = await freshRows(app, 50, 1);
      valueOf(await app.call('inbox:update', { id: gone!.id, change: { followUp: true } }));
      // Meanwhile the row goes from the service.
      sandbox.db.prepare('DELETE FROM community_interactions WHERE id = ?').run(gone!.id);
      sandbox.db.prepare('DELETE FROM community_interaction_bodies WHERE id = ?').run(gone!.id);
      const settled = lineWhere(app, (l) => l.items[0]?.state === 'refused');
      await serviceBack(app, net);
      expect((await settled).items[0]).toMatchObject({
        interactionId: gone!.id,
        error: { code: 'not_found', message: 'This interaction is no longer on the service.' },
      });
      const profileId = valueOf(await app.call('accounts:list')).activeId!;
      expect(app.mirror.get(profileId, gone!.id)).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('started with the service unreachable', () => {
  it('offers triage as the service last answered, and queues it', async () => {
    const net = network();
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-triage-'));
    const first = await servicesOnSandbox(sandbox, { syncMirror: true, fetch: net.fetch, userDataDir });
    await first.mirror.filled();
    expect(valueOf(await first.call('inbox:capabilities')).triage).toBe(true);
    const [row] = await freshRows(first, 40, 1);
    const profileId = valueOf(await first.call('accounts:list')).activeId!;
    await first.closeServicesOnly();

    net.down = true;
    const second = await servicesOnSandbox(sandbox, { syncMirror: true, fetch: net.fetch, userDataDir });
    try {
      valueOf(await second.call('accounts:switch', { id: profileId }));
      valueOf(await second.call('accounts:update', { id: profileId, token: sandbox.tokens.user }));
      expect(valueOf(await second.call('inbox:capabilities')).triage).toBe(true);
      const changed = valueOf(await second.call('inbox:update', { id: row!.id, change: { followUp: true } }));
      expect(changed.is_follow_up).toBe(true);
      expect(valueOf(await second.call('inbox:queued-changes')).items).toMatchObject([
        { interactionId: row!.id, state: 'waiting' },
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('bulk triage and the TikTok pane offline', () => {
  it('puts each picked row in line, or each row the mirror lists for the filter, and a thread shows its change', async () => {
    const net = network();
    const app = await appGoneOffline(net);
    try {
      const picked = await freshRows(app, 30, 3);
      const [tag] = await tagsOf(101);
      const byIds = valueOf(
        await app.call('inbox:bulk-update', {
          brandIds: [101],
          target: { ids: picked.map((row) => row.id) },
          change: { addTagIds: [tag!.id] },
          jobId: 'offline-ids',
        }),
      );
      expect(byIds.failed).toEqual([]);
      expect(byIds.updated.map((row) => row.tag_ids)).toEqual(
        picked.map(() => expect.arrayContaining([tag!.id])),
      );

      const filter = { types: ['TIKTOK_COMMENT' as const], followUp: true };
      const matching = valueOf(
        await app.call('inbox:list', { query: { brandIds: [101], filter }, offset: 0, limit: 500 }),
      );
      const byFilter = valueOf(
        await app.call('inbox:bulk-update', {
          brandIds: [101],
          target: { filter },
          change: { followUp: false },
          jobId: 'offline-filter',
        }),
      );
      expect(byFilter.updated.map((row) => row.id).sort()).toEqual(
        matching.items.map((row) => row.id).sort(),
      );
      const line = valueOf(await app.call('inbox:queued-changes')).items;
      expect(line).toHaveLength(picked.length + matching.count);
      expect(line.slice(0, picked.length).map((q) => q.change)).toEqual(
        picked.map(() => ({ addTagIds: [tag!.id] })),
      );

      // The TikTok pane reads the thread offline from the mirror: it shows the change.
      const thread = matching.items[0]!;
      expect(valueOf(await app.call('inbox:thread', { id: thread.id })).is_follow_up).toBe(false);
      expect(net.patches).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('a service without the triage extension', () => {
  it('queues nothing offline: the change fails as offline, as it would have been hidden', async () => {
    const net = network();
    const withoutTriage: typeof fetch = (input, init) =>
      methodOf(input, init) === 'PATCH' && !net.down
        ? Promise.resolve(new Response(JSON.stringify({ message: 'Method Not Allowed' }), { status: 405 }))
        : net.fetch(input, init);
    const app = await servicesOnSandbox(sandbox, { syncMirror: true, fetch: withoutTriage });
    try {
      await app.mirror.filled();
      expect(valueOf(await app.call('inbox:capabilities')).triage).toBe(false);
      net.down = true;
      await app.call('inbox:insights', { brandIds: BRANDS });
      const [row] = await freshRows(app, 20, 1);
      const answer = await app.call('inbox:update', { id: row!.id, change: { archived: true } });
      expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } });
      expect(valueOf(await app.call('inbox:queued-changes')).items).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
