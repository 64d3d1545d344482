import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../../src/shared/contract/index.ts';
import { heldPageOffset, heldSince, uncovered } from '../../../../src/main/services/mirror/mirror-query.ts';
import { MirrorStore } from '../../../../src/main/services/mirror/mirror-store.ts';
import { createProfileDatabases } from '../../../../src/main/services/storage/profile-databases.ts';

/**
 * When a query reaches before the retention period of a brand with older rows, the mirror answers
 * the pages that lie among the rows it holds whole and leaves the others to the service.
 */
describe('where a page lies, the held rows first (newest first)', () => {
  // 120 rows held, 300 older after them.
  it.each([
    [0, 50, 0],
    [70, 50, 70],
    [100, 20, 100],
  ])('rows %i to %i + %i are all held', (offset, limit, at) => {
    expect(heldPageOffset('newest first', 120, 300, offset, limit)).toBe(at);
  });

  it.each([
    [100, 50],
    [119, 2],
    [200, 50],
  ])('rows from %i, %i of them, reach older rows: the service answers', (offset, limit) => {
    expect(heldPageOffset('newest first', 120, 300, offset, limit)).toBeNull();
  });

  it('with no older row for this filter, every page is held, the last one short', () => {
    expect(heldPageOffset('newest first', 120, 0, 100, 50)).toBe(100);
    expect(heldPageOffset('newest first', 120, 0, 120, 50)).toBe(120);
  });

  it('a count alone needs no row', () => {
    expect(heldPageOffset('newest first', 120, 300, 0, 0)).toBe(0);
  });
});

describe('where a page lies, the held rows last (oldest first)', () => {
  it('pages from the older rows\u2019 count on are held, at that offset among them', () => {
    expect(heldPageOffset('oldest first', 120, 300, 300, 50)).toBe(0);
    expect(heldPageOffset('oldest first', 120, 300, 380, 50)).toBe(80);
  });

  it('pages before it, or across it, are the service\u2019s', () => {
    expect(heldPageOffset('oldest first', 120, 300, 0, 50)).toBeNull();
    expect(heldPageOffset('oldest first', 120, 300, 280, 50)).toBeNull();
  });
});

const folder = mkdtempSync(join(tmpdir(), 'socialdesk-mirror-coverage-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const day = 86_400_000;
const now = Date.parse('2026-11-20T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const item = (id: number, brandId: number, updated: number, created = updated) =>
  ({
    id,
    brand_id: brandId,
    type: 'INSTAGRAM_COMMENT',
    text: `comment ${id}`,
    source_updated_at: iso(updated),
    created_at: iso(created),
    is_read: false,
    is_archived: false,
    is_follow_up: false,
    tag_ids: [],
  }) as unknown as InboxItem;

function filledStore(name: string) {
  const databases = createProfileDatabases({ directory: join(folder, name) });
  const store = new MirrorStore(databases.open('p1'));
  store.holdBrand(1, now - 90 * day);
  store.holdBrand(2, now - 90 * day + 5_000); // filled a few seconds later
  store.fillDone(1, 40, now);
  store.fillDone(2, 0, now);
  return { store, close: () => databases.close() };
}

describe('the rows held whole', () => {
  it('start at the latest period start of the brands asked', () => {
    const { store, close } = filledStore('since');
    expect(uncovered(store, { brandIds: [1, 2], filter: {} })).not.toBeNull();
    expect(heldSince(store, { brandIds: [1, 2], filter: {} })).toBe(now - 90 * day + 5_000);
    expect(heldSince(store, { brandIds: [1, 2], filter: { sort: 'SOURCE_UPDATED_AT', read: false } })).toBe(
      now - 90 * day + 5_000,
    );
    close();
  });

  it('do not help where the query is whole in the mirror, or its order does not put them at one end', () => {
    const { store, close } = filledStore('orders');
    // Brand 2 has no older rows: the mirror answers it whole.
    expect(heldSince(store, { brandIds: [2], filter: {} })).toBeNull();
    expect(heldSince(store, { brandIds: [1], filter: { from: iso(now - 10 * day) } })).toBeNull();
    for (const sort of ['OLDEST_WAITING', 'RELEVANCE', 'SAMPLE'] as const)
      expect(heldSince(store, { brandIds: [1], filter: { sort } })).toBeNull();
    expect(heldSince(store, { brandIds: [1, 3], filter: {} })).toBeNull(); // brand 3 not mirrored
    close();
  });
});

describe('older rows coming into the period', () => {
  it('are noticed (a count of older rows kept elsewhere is then stale); new and known rows are not', () => {
    const { store, close } = filledStore('entered');
    store.apply([item(10, 1, now - day)]); // new
    expect(store.olderRowsEntered).toBe(0);
    store.apply([item(10, 1, now - 3_600_000)]); // held, active again
    expect(store.olderRowsEntered).toBe(0);
    store.apply([item(11, 1, now - 3_600_000, now - 200 * day)]); // an older row with new activity
    expect(store.olderRowsEntered).toBe(1);
    store.apply([item(12, 9, now, now - 200 * day)]); // a brand not mirrored
    expect(store.olderRowsEntered).toBe(1);
    close();
  });
});
