import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../../src/shared/contract/index.ts';
import { interactionOrder, readMerged } from '../../../../src/main/services/inbox/merged-list.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { serviceGet, serviceList } from './service-reads.ts';

/**
 * Several brands' lists read as one. The service's own list of several brands is in the same
 * order (time, then id), so per-brand lists merged must give exactly its rows, page by page.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const brands = [101, 102, 103];

/** One brand's list as the service answers it, for a query string written out by hand. */
async function brandPage(brand: number, query: string, offset: number, limit: number) {
  const page = await serviceList(sandbox, `brand_ids=${brand}&${query}&offset=${offset}&limit=${limit}`);
  return { count: page.paging.count, items: page.data as unknown as InboxItem[] };
}

/** Every row of one query, as the service lists it (pages of 100). */
async function everyRow(query: string): Promise<InboxItem[]> {
  const items: InboxItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await serviceList(sandbox, `${query}&offset=${offset}&limit=100`);
    items.push(...(page.data as unknown as InboxItem[]));
    if (page.data.length < 100) return items;
  }
}

describe('readMerged', () => {
  it.each([
    ['newest first', '-SOURCE_UPDATED_AT' as const],
    ['oldest first', 'SOURCE_UPDATED_AT' as const],
  ])('gives the service’s own multi-brand list, %s, slice by slice, with its count', async (_name, sort) => {
    // A narrow filter keeps the lists a few hundred rows long: several chunks each.
    const filter = `is_read=false&sort=${sort}`;
    const whole = await serviceList(sandbox, `brand_ids=${brands.join(',')}&${filter}&limit=0`);
    const reads: string[] = [];
    const options = {
      streams: brands.length,
      readStream: (stream: number, offset: number, limit: number) => {
        reads.push(`${stream}:${offset}:${limit}`);
        return brandPage(brands[stream]!, filter, offset, limit);
      },
      compare: interactionOrder(sort),
      keyOf: (item: InboxItem) => item.id,
      chunk: 40,
    };
    for (const [offset, limit] of [
      [0, 25],
      [25, 60],
      [85, 40],
      [170, 33],
    ] as const) {
      const merged = await readMerged(options, offset, limit);
      const expected = await serviceList(
        sandbox,
        `brand_ids=${brands.join(',')}&${filter}&offset=${offset}&limit=${limit}`,
      );
      expect(merged.count).toBe(whole.paging.count);
      expect(merged.items.map((item) => item.id)).toEqual(expected.data.map((item) => item.id));
    }
    // Each read is a whole chunk at a multiple of it, so a kept chunk serves the next slice.
    const [offsets, sizes] = [
      reads.map((read) => Number(read.split(':')[1])),
      reads.map((read) => read.split(':')[2]),
    ];
    expect(offsets.every((offset) => offset % 40 === 0)).toBe(true);
    expect(new Set(sizes)).toEqual(new Set(['40']));
    expect(whole.paging.count).toBeGreaterThan(200);
  });

  it('counts without reading rows when no rows are asked for', async () => {
    const filter = 'types=YOUTUBE_COMMENT&is_read=false';
    const merged = await readMerged(
      {
        streams: brands.length,
        readStream: (stream, offset, limit) => brandPage(brands[stream]!, filter, offset, limit),
        compare: interactionOrder(undefined),
        keyOf: (item: InboxItem) => item.id,
        chunk: 100,
      },
      0,
      0,
    );
    const whole = await serviceList(sandbox, `brand_ids=${brands.join(',')}&${filter}&limit=0`);
    expect(merged).toEqual({ count: whole.paging.count, items: [] });
  });
});

interface Tag {
  id: number;
  brand_id: number;
  name: string;
}
const { data: tags } = await serviceGet<{ data: Tag[] }>(sandbox, `tags?brand_ids=${brands.join(',')}`);
/** Brand id -> that brand's id for a tag name. */
const idsNamed = (name: string) =>
  new Map(tags.filter((tag) => tag.name === name).map((tag) => [tag.brand_id, tag.id]));
/** A seeded name every brand has, and one only some have. */
const inEvery = [...new Set(tags.map((tag) => tag.name))].find((name) => idsNamed(name).size === 3)!;
const inSome = [...new Set(tags.map((tag) => tag.name))].find((name) => idsNamed(name).size === 2)!;

/** What the list filtered by tag name should hold: each brand's own rows of its own tag. */
async function expectedByName(name: string, extra = ''): Promise<InboxItem[]> {
  const perBrand = await Promise.all(
    [...idsNamed(name)].map(([brand, id]) => everyRow(`brand_ids=${brand}&tag_ids=${id}${extra}`)),
  );
  return perBrand.flat();
}

/** The app's list read page by page, as the list on screen reads it. */
async function listedPages(filter: object, pageSize: number) {
  const ids: number[] = [];
  const counts = new Set<number>();
  for (let offset = 0; ; offset += pageSize) {
    const page = valueOf(
      await app.call('inbox:list', { query: { brandIds: brands, filter }, offset, limit: pageSize }),
    );
    counts.add(page.count);
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length < pageSize) return { ids, counts: [...counts] };
  }
}

describe('inbox:list with tags chosen by name', () => {
  it('lists every brand’s rows of that name, newest first, pages without gaps or repeats', async () => {
    const expected = await expectedByName(inEvery);
    const byId = new Map(expected.map((item) => [item.id, item]));
    // Newest first, ties by id: the service's own order within each brand.
    const inOrder = [...expected].sort(interactionOrder('-SOURCE_UPDATED_AT')).map((item) => item.id);

    const { ids, counts } = await listedPages({ tagNames: [inEvery] }, 45);
    expect(counts).toEqual([expected.length]);
    expect(ids).toEqual(inOrder);
    expect(new Set(ids).size).toBe(ids.length);
    // Rows of all three brands, where their ids ANDed would give none.
    const brandsListed = new Set(ids.map((id) => byId.get(id)!.brand_id));
    expect([...brandsListed].sort()).toEqual(brands);
    const anded = await serviceList(
      sandbox,
      `brand_ids=${brands.join(',')}&tag_ids=${[...idsNamed(inEvery).values()].join(',')}&limit=0`,
    );
    expect(anded.paging.count).toBe(0);
  });

  it('leaves out the brands that lack the name, and matches names whatever their case', async () => {
    const expected = await expectedByName(inSome);
    const { ids, counts } = await listedPages({ tagNames: [inSome.toUpperCase()] }, 100);
    expect(counts).toEqual([expected.length]);
    expect([...ids].sort()).toEqual(expected.map((row) => row.id).sort());
  });

  it('is one query, as a tag id is, where one brand is chosen', async () => {
    const [brand, id] = [...idsNamed(inEvery)][0]!;
    const answer = valueOf(
      await app.call('inbox:list', {
        query: { brandIds: [brand], filter: { tagNames: [inEvery] } },
        offset: 0,
        limit: 100,
      }),
    );
    const expected = await serviceList(
      sandbox,
      `brand_ids=${brand}&tag_ids=${id}&sort=-SOURCE_UPDATED_AT&limit=100`,
    );
    expect(answer.count).toBe(expected.paging.count);
    expect(answer.items.map((item) => item.id)).toEqual(expected.data.map((item) => item.id));
  });

  it('finds nothing where no brand has every name chosen', async () => {
    const onlyIn = (brand: number) =>
      tags.find((tag) => tag.brand_id === brand && idsNamed(tag.name).size === 1)?.name;
    const names = [onlyIn(101), onlyIn(102)].filter((name): name is string => Boolean(name));
    expect(names).toHaveLength(2);
    const answer = valueOf(
      await app.call('inbox:list', {
        query: { brandIds: brands, filter: { tagNames: names } },
        offset: 0,
        limit: 50,
      }),
    );
    expect(answer).toEqual({ count: 0, items: [] });
  });

  it('keeps the other filters in each brand’s query, and sums the unread counts of a saved view', async () => {
    const expected = await expectedByName(inEvery, '&is_read=false');
    const { ids, counts } = await listedPages({ tagNames: [inEvery], read: false }, 100);
    expect(counts).toEqual([expected.length]);
    expect([...ids].sort()).toEqual(expected.map((row) => row.id).sort());

    const saved = valueOf(
      await app.call('inbox:save-view', { name: 'By name', filter: { tagNames: [inEvery] } }),
    );
    const views = valueOf(await app.call('inbox:views', { brandIds: brands }));
    const unread = await expectedByName(inEvery, '&is_read=false&is_archived=false');
    expect(views.items.find((view) => view.id === saved.id)?.unread).toBe(unread.length);
  });
});

describe('exports and bulk actions with tags chosen by name', () => {
  it('exports every brand’s rows of the name', async () => {
    const expected = await expectedByName(inEvery, '&types=TIKTOK_COMMENT');
    expect(new Set(expected.map((item) => item.brand_id)).size).toBeGreaterThan(1);
    const saved = valueOf(
      await app.call('inbox:export', {
        brandIds: brands,
        filter: { tagNames: [inEvery], types: ['TIKTOK_COMMENT'] },
        id: 'export-by-tag-name',
      }),
    );
    const [, ...rows] = parse(readFileSync(saved!.path), { bom: true }) as string[][];
    expect(rows.map((row) => Number(row[0])).sort()).toEqual(expected.map((item) => item.id).sort());
  });

  it('changes every brand’s rows of the name, and no other', async () => {
    const expected = await expectedByName(inSome, '&types=YOUTUBE_COMMENT&is_follow_up=false');
    expect(expected.length).toBeGreaterThan(0);
    const result = valueOf(
      await app.call('inbox:bulk-update', {
        brandIds: brands,
        target: { filter: { tagNames: [inSome], types: ['YOUTUBE_COMMENT'], followUp: false } },
        change: { followUp: true },
        jobId: 'bulk-by-tag-name',
      }),
    );
    expect(result.failed).toEqual([]);
    expect(result.updated.map((item) => item.id).sort()).toEqual(expected.map((item) => item.id).sort());
    expect(await expectedByName(inSome, '&types=YOUTUBE_COMMENT&is_follow_up=false')).toEqual([]);
  });
});
