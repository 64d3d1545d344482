import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommunityApi } from '../../../../src/main/services/api/community.ts';
import { fillBrand, type MirrorSyncDeps } from '../../../../src/main/services/mirror/mirror-fill.ts';
import {
  firstScreenFromMirror,
  listFromMirror,
  uncovered,
} from '../../../../src/main/services/mirror/mirror-query.ts';
import { MirrorStore } from '../../../../src/main/services/mirror/mirror-store.ts';
import { createProfileDatabases } from '../../../../src/main/services/storage/profile-databases.ts';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { serviceList } from '../inbox/service-reads.ts';

const sandbox = await sandboxForThisFile({ frozenClock: true });
const client = clientFor(sandbox);
const folder = mkdtempSync(join(tmpdir(), 'socialdesk-mirror-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The brand's interactions the service lists within the last `days` days. */
async function serviceCount(brandId: number, days: number): Promise<number> {
  const after = new Date(Date.now() - days * 86_400_000).toISOString();
  return (await serviceList(sandbox, `brand_ids=${brandId}&source_updated_after=${after}&limit=0`)).paging
    .count;
}

/** Op 16 as the fill calls it, each query noted, aborting the fill after `stopAfter` pages. */
function recordingCommunity(stopAfter = Infinity) {
  const queries: Record<string, unknown>[] = [];
  const controller = new AbortController();
  const community = {
    ...client.community,
    listInteractions: async (query: Record<string, unknown>, options: { signal?: AbortSignal }) => {
      queries.push(query);
      const page = await client.community.listInteractions(query as never, options);
      if (queries.length >= stopAfter) controller.abort(new Error('stopped: the app quit'));
      return page;
    },
  } as unknown as CommunityApi;
  return { community, queries, signal: controller.signal };
}

function syncDeps(
  store: MirrorStore,
  community: CommunityApi,
  signal: AbortSignal,
  days = 90,
): MirrorSyncDeps {
  return {
    store,
    community,
    retentionDays: () => days,
    now: Date.now,
    signal,
  };
}

describe('the first fill', () => {
  it('resumes after a stop from where its pages got to, and ends with every row of the period', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'resume') });
    const first = recordingCommunity(3);
    const store = new MirrorStore(databases.open('p1'));
    await expect(fillBrand(syncDeps(store, first.community, first.signal), 101)).rejects.toThrow('stopped');
    const stopped = store.brandState(101)!;
    expect(stopped.filledAt).toBeNull();
    expect(stopped.filledTo).not.toBeNull();
    databases.close();

    // The app starts again on the same file.
    const again = createProfileDatabases({ directory: join(folder, 'resume') });
    const second = recordingCommunity();
    const reopened = new MirrorStore(again.open('p1'));
    expect(reopened.rebuilt).toBe(false);
    await fillBrand(syncDeps(reopened, second.community, second.signal), 101);
    // It began at the last row stored in order, not at the period's start.
    expect(Date.parse(String(second.queries[0]!.source_updated_after))).toBe(stopped.filledTo);
    const state = reopened.brandState(101)!;
    expect(state.filledAt).not.toBeNull();
    const answer = listFromMirror(reopened, { brandIds: [101], filter: {} }, 0, 0);
    expect(answer.count).toBe(await serviceCount(101, 90));
    expect(state.olderCount).toBeGreaterThan(0); // the sandbox holds 180 days
    again.close();
  });
});

describe('the retention period moving on', () => {
  it('drops the rows that leave it and stops answering queries with no range', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'period') });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 365), 103);
    expect(store.brandState(103)!.olderCount).toBe(0); // a year holds the sandbox's 180 days
    expect(uncovered(store, { brandIds: [103], filter: {} })).toBeNull();
    const all = listFromMirror(store, { brandIds: [103], filter: {} }, 0, 0).count;
    // The setting shortened to 30 days.
    store.holdBrand(103, Date.now() - 30 * 86_400_000);
    const kept = listFromMirror(store, { brandIds: [103], filter: {} }, 0, 0).count;
    expect(kept).toBe(await serviceCount(103, 30));
    expect(store.brandState(103)!.olderCount).toBe(all - kept);
    expect(uncovered(store, { brandIds: [103], filter: {} })).not.toBeNull();
    databases.close();
  });
});

describe('a mirror that cannot be trusted', () => {
  async function filledStore(directory: string) {
    const databases = createProfileDatabases({ directory: join(folder, directory) });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 30), 102);
    expect(listFromMirror(store, { brandIds: [102], filter: {} }, 0, 0).count).toBeGreaterThan(0);
    return databases;
  }

  it('is dropped and made anew, empty, when its schema is not the one the app writes', async () => {
    const databases = await filledStore('schema');
    databases.open('p1').exec("UPDATE mirror_meta SET value = '0' WHERE key = 'schema'");
    const store = new MirrorStore(databases.open('p1'));
    expect(store.rebuilt).toBe(true);
    expect(store.brandStates()).toEqual([]);
    expect(store.db.prepare('SELECT count(*) AS n FROM mirror_interactions').get()).toEqual({ n: 0 });
    databases.close();
  });

  it('is dropped and made anew when its search index is damaged', async () => {
    const databases = await filledStore('damaged');
    // Pages of the full-text index lost, as a torn write would leave them (written by another
    // connection that SQLite lets touch the index's own tables).
    const damage = new DatabaseSync(databases.pathOf('p1'), { defensive: false });
    damage.exec('DELETE FROM mirror_documents_data WHERE id > 10');
    damage.close();
    const store = new MirrorStore(databases.open('p1'));
    expect(store.rebuilt).toBe(true);
    expect(store.brandState(102)).toBeUndefined();
    databases.close();
  });
});

describe('brands and profiles leaving', () => {
  it('drops the rows of a brand the profile no longer has, and keeps the others', async () => {
    const app = await servicesOnSandbox(sandbox, { syncMirror: true, settings: { mirrorRetentionDays: 30 } });
    try {
      await app.mirror.filled();
      const id = valueOf(await app.call('accounts:list')).activeId!;
      const lastWeek = { from: new Date(Date.now() - 7 * 86_400_000).toISOString() };
      const count = async (brandIds: number[]) =>
        (await app.mirror.list(id, brandIds, lastWeek, 0, 0))?.count;
      expect(await count([103])).toBeGreaterThan(0);
      const [row] = (await app.mirror.list(id, [103], lastWeek, 0, 1))?.items ?? [];
      expect(app.mirror.get(id, row!.id)).not.toBeNull();
      valueOf(await app.call('accounts:update', { id, brandIds: [101, 102] }));
      expect(await count([103])).toBeUndefined(); // not mirrored any more: asked of the service
      expect(app.mirror.get(id, row!.id)).toBeNull();
      expect(await count([101, 102])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe('the space the mirror takes', () => {
  it("keeps each body in a fraction of its text, and gives it back as the service's", async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'space') });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 365), 101);
    const rows = Number(
      (store.db.prepare('SELECT count(*) AS n FROM mirror_interactions').get() as { n: number }).n,
    );
    const bodyBytes = Number(
      (
        store.db.prepare("SELECT sum(pgsize) AS n FROM dbstat WHERE name = 'mirror_bodies'").get() as {
          n: number;
        }
      ).n,
    );
    const page = await client.community.listInteractions({ brand_ids: [101], limit: 20, offset: 0 });
    const jsonBytes = page.data.reduce((sum, item) => sum + Buffer.byteLength(JSON.stringify(item)), 0);
    expect(rows).toBeGreaterThan(100);
    // A quarter of the bodies' own text at most (stored as text, they took more than all of it).
    expect(bodyBytes / rows).toBeLessThan(jsonBytes / page.data.length / 4);
    for (const item of page.data) expect(store.get(item.id)).toEqual(item);
    databases.close();
  });

  it('replaces a row with its new texts only: the old words no longer find it', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'replace') });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 30), 102);
    const [item] = listFromMirror(
      store,
      { brandIds: [102], filter: { types: ['TIKTOK_COMMENT'] } },
      0,
      1,
    ).items;
    const search = (text: string) =>
      listFromMirror(store, { brandIds: [102], filter: { text } }, 0, 5).items.map((found) => found.id);
    store.apply([{ ...item!, text: 'zebrafish lullaby', replies: [] } as never]);
    expect(search('zebrafish')).toEqual([item!.id]);
    store.apply([{ ...item!, text: 'walrus anthem', replies: [] } as never]);
    expect(search('zebrafish')).toEqual([]);
    expect(search('walrus')).toEqual([item!.id]);
    databases.close();
  });
});

describe("the planner's knowledge of the rows", () => {
  it('reads a broad filter through the narrow table once a fill has ended, not row by row through the brand index', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'planner') });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 365), 101);
    const plan = (
      store.db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT count(*) FROM mirror_interactions ci WHERE (ci.brand_id IN (101, 102, 103)) AND ci.type IN ('TIKTOK_COMMENT')",
        )
        .all() as { detail: string }[]
    ).map((row) => row.detail);
    expect(plan).toEqual(['SCAN ci']);
    databases.close();
  });
});

describe('rows read again', () => {
  it('are only marked checked when unchanged, and written anew when changed', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'again') });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 30), 102);
    const page = await client.community.listInteractions({ brand_ids: [102], limit: 40, offset: 0 });
    const changes = () => Number((store.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n);
    const checkedAt = (id: number) =>
      Number(
        (
          store.db.prepare('SELECT checked_at FROM mirror_interactions WHERE id = ?').get(id) as {
            checked_at: number;
          }
        ).checked_at,
      );
    let before = changes();
    store.apply(page.data, 1_000);
    // One mark per row (and the time the mirror last heard from the service), nothing rewritten.
    expect(changes() - before).toBe(page.data.length + 1);
    expect(checkedAt(page.data[0]!.id)).toBe(1_000);
    const changed = { ...page.data[0]!, is_read: !page.data[0]!.is_read };
    before = changes();
    store.apply([changed], 2_000);
    expect(changes() - before).toBeGreaterThan(2);
    expect(store.get(changed.id)).toEqual(changed);
    databases.close();
  });
});

describe('counts kept between writes', () => {
  it('answer a count asked again without counting, through rows read again unchanged, and follow every change', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'counts') });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 30), 102);
    const unread = { brandIds: [102], filter: { read: false } };
    const first = listFromMirror(store, unread, 0, 5).count;
    expect(first).toBeGreaterThan(0);
    // Asked again with nothing written: the kept count, even with the rows changed behind the
    // store's back (a write on another connection, which the app never makes).
    const other = new DatabaseSync(join(folder, 'counts', 'p1.sqlite'));
    other.exec('UPDATE mirror_interactions SET is_read = 1 WHERE brand_id = 102');
    other.close();
    expect(listFromMirror(store, unread, 5, 5).count).toBe(first);
    // Rows read again as they were (the re-reading of shown rows, the sweep) change no count.
    const page = await client.community.listInteractions({ brand_ids: [102], limit: 20, offset: 0 });
    store.apply(page.data);
    expect(listFromMirror(store, unread, 0, 5).count).toBe(first);
    // A row of its own changed: counted again (every row now reads as read).
    store.apply([{ ...page.data.find((item) => !item.is_read)!, is_read: true }]);
    expect(listFromMirror(store, unread, 0, 5).count).toBe(0);
    databases.close();
  });
});

describe('a first screen', () => {
  it('comes without counting: the rows known so far while the page is full, the kept count once one was counted', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'first-screen') });
    const store = new MirrorStore(databases.open('p1'));
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 30), 102);
    const unread = { brandIds: [102], filter: { read: false } };
    const whole = listFromMirror(store, { brandIds: [102], filter: { read: true } }, 0, 10);
    expect(whole.count).toBeGreaterThan(10);

    const head = firstScreenFromMirror(store, unread, 10);
    expect(head).toMatchObject({ count: 10, countPending: true });
    const counted = listFromMirror(store, unread, 0, 10);
    expect(head.items.map((item) => item.id)).toEqual(counted.items.map((item) => item.id));
    expect(counted.count).toBeGreaterThan(10);
    // Counted since: the kept count at once, nothing pending.
    expect(firstScreenFromMirror(store, unread, 10)).toEqual(counted);
    // A page that is not full is the whole list: its count is exact.
    const archived = { brandIds: [102], filter: { archived: true } };
    const short = firstScreenFromMirror(store, archived, 100_000);
    expect(short.countPending).toBeUndefined();
    expect(short.items.length).toBeGreaterThan(0);
    expect(short.count).toBe(listFromMirror(store, archived, 0, 0).count);
    databases.close();
  });
});

describe("the mirror's writes and the disk", () => {
  it('commit without waiting for the disk, and leave the profile as durable as before for the rest', async () => {
    const databases = createProfileDatabases({ directory: join(folder, 'sync') });
    const store = new MirrorStore(databases.open('p1'));
    const level = () =>
      Number((store.db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous);
    const profileLevel = level();
    expect(profileLevel).toBe(2); // FULL: drafts, the outbox and the rest wait for the disk
    const { community, signal } = recordingCommunity();
    await fillBrand(syncDeps(store, community, signal, 30), 103);
    // The level while a row is written, seen from inside the mirror's own transaction.
    const seen: number[] = [];
    store.db.function('note_level', () => {
      seen.push(level());
      return null;
    });
    store.db.exec(
      'CREATE TEMP TRIGGER note_level AFTER INSERT ON mirror_interactions BEGIN SELECT note_level(); END',
    );
    const page = await client.community.listInteractions({ brand_ids: [103], limit: 2, offset: 0 });
    store.apply(page.data.map((item) => ({ ...item, is_follow_up: !item.is_follow_up })));
    expect(seen).toEqual([1, 1]); // NORMAL
    expect(level()).toBe(profileLevel);
    databases.close();
  });
});
