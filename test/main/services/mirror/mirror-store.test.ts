import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommunityApi } from '../../../../src/main/services/api/community.ts';
import { fillBrand, type MirrorSyncDeps } from '../../../../src/main/services/mirror/mirror-fill.ts';
import { listFromMirror, uncovered } from '../../../../src/main/services/mirror/mirror-query.ts';
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
      const count = (brandIds: number[]) => app.mirror.list(id, brandIds, lastWeek, 0, 0)?.count;
      expect(count([103])).toBeGreaterThan(0);
      const [row] = app.mirror.list(id, [103], lastWeek, 0, 1)?.items ?? [];
      expect(app.mirror.get(id, row!.id)).not.toBeNull();
      valueOf(await app.call('accounts:update', { id, brandIds: [101, 102] }));
      expect(count([103])).toBeUndefined(); // not mirrored any more: asked of the service
      expect(app.mirror.get(id, row!.id)).toBeNull();
      expect(count([101, 102])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
