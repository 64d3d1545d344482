import { flushPromises } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { effectScope, ref } from 'vue';
import { REST_PAUSE_MS, usePagedList } from '../../../src/renderer/src/lib/use-paged-list.ts';
import type { ListAnswer } from '../../../src/shared/contract/index.ts';

interface Row {
  id: number;
}
/** Pages that answer when the test says, each remembering what it asked. */
function pages() {
  const asked: {
    offset: number;
    limit: number;
    countLater: boolean;
    answer: (value: ListAnswer<Row>) => void;
  }[] = [];
  const load = (offset: number, limit: number, _signal: AbortSignal, options?: { countLater?: boolean }) =>
    new Promise<ListAnswer<Row>>((answer) =>
      asked.push({ offset, limit, countLater: options?.countLater === true, answer }),
    );
  return { asked, load };
}
const rows = (from: number, n: number): Row[] => Array.from({ length: n }, (_, k) => ({ id: from + k }));

describe('usePagedList, a first screen whose count comes later', () => {
  it('shows the first rows with the count known so far, then the whole count with the rest of the page', async () => {
    vi.useFakeTimers();
    const { asked, load } = pages();
    const key = ref('first');
    const list = effectScope().run(() =>
      usePagedList<Row>({ pageSize: 100, firstRows: 30, key, enabled: () => true, load }),
    )!;
    expect(asked[0]).toMatchObject({ offset: 0, limit: 30, countLater: true });
    // Exactly a screenful known so far: the rest is still asked, for the count.
    asked[0]!.answer({ count: 30, items: rows(0, 30), countPending: true });
    await flushPromises();
    expect(list.count.value).toBe(30);
    expect(list.countPending.value).toBe(true);
    expect(list.itemAt(29)).toEqual({ id: 29 });

    // The rest waits for the person to stay on the list a moment.
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REST_PAUSE_MS);
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatchObject({ offset: 30, limit: 70, countLater: false });
    asked[1]!.answer({ count: 4_321, items: rows(30, 70) });
    await flushPromises();
    expect(list.count.value).toBe(4_321);
    expect(list.countPending.value).toBe(false);
    expect(list.itemAt(99)).toEqual({ id: 99 });
    vi.useRealTimers();
  });

  it('keeps a change made to a first row while the rest of its page was on its way', async () => {
    vi.useFakeTimers();
    const { asked, load } = pages();
    const list = effectScope().run(() =>
      usePagedList<Row & { read?: boolean }>({
        pageSize: 100,
        firstRows: 30,
        key: ref('one'),
        enabled: () => true,
        load,
      }),
    )!;
    asked[0]!.answer({ count: 30, items: rows(0, 30), countPending: true });
    await flushPromises();
    // Opened at once, and so marked read, before the rest came.
    list.updateItem(3, (row) => ({ ...row, read: true }));
    await vi.advanceTimersByTimeAsync(REST_PAUSE_MS);
    asked[1]!.answer({ count: 100, items: rows(30, 70) });
    await flushPromises();
    expect(list.itemAt(3)).toEqual({ id: 3, read: true });
    expect(list.itemAt(99)).toEqual({ id: 99 });
    vi.useRealTimers();
  });

  it('reads no rest for a list passed by, and reads it at once when the person scrolls past the first rows', async () => {
    vi.useFakeTimers();
    const { asked, load } = pages();
    const key = ref('passed by');
    const list = effectScope().run(() =>
      usePagedList<Row>({ pageSize: 100, firstRows: 30, key, enabled: () => true, load }),
    )!;
    asked[0]!.answer({ count: 500, items: rows(0, 30) });
    await flushPromises();
    key.value = 'stayed on';
    await flushPromises();
    expect(asked.map((a) => a.limit)).toEqual([30, 30]);
    await vi.advanceTimersByTimeAsync(REST_PAUSE_MS * 2);
    // The first list's rest was never asked; the second's, after its own pause only.
    expect(asked.map((a) => a.limit)).toEqual([30, 30]);

    asked[1]!.answer({ count: 800, items: rows(1000, 30) });
    await flushPromises();
    list.setRange(25, 36);
    await flushPromises();
    expect(asked.map((a) => [a.offset, a.limit])).toEqual([
      [0, 30],
      [0, 30],
      [30, 70],
    ]);
    vi.useRealTimers();
  });
});

/** A list keeping five first screens, on list 'all', its rows able to be marked read. */
function keepingList() {
  const { asked, load } = pages();
  const key = ref('all');
  const list = effectScope().run(() =>
    usePagedList<Row & { read?: boolean }>({
      pageSize: 100,
      firstRows: 30,
      key,
      enabled: () => true,
      load,
      keepScreens: 5,
    }),
  )!;
  return { asked, key, list };
}

describe('usePagedList, first screens kept', () => {
  it('shows a list chosen again at once, with no call, and reads its page again once the person stays', async () => {
    vi.useFakeTimers();
    const { asked, load } = pages();
    const key = ref('all');
    const list = effectScope().run(() =>
      usePagedList<Row>({ pageSize: 100, firstRows: 30, key, enabled: () => true, load, keepScreens: 5 }),
    )!;
    asked[0]!.answer({ count: 30, items: rows(0, 30), countPending: true });
    await flushPromises();
    key.value = 'a type';
    await flushPromises();
    asked[1]!.answer({ count: 30, items: rows(500, 30), countPending: true });
    await flushPromises();

    // Back to the first list: its rows and count at once, nothing asked.
    key.value = 'all';
    await flushPromises();
    expect(asked).toHaveLength(2);
    expect(list.replacing.value).toBe(false);
    expect(list.itemAt(0)).toEqual({ id: 0 });
    expect(list.count.value).toBe(30);
    expect(list.countPending.value).toBe(true);

    // The person stays: the whole first page read again, its rows and count as they are now.
    await vi.advanceTimersByTimeAsync(REST_PAUSE_MS);
    expect(asked.map((a) => [a.offset, a.limit, a.countLater])).toEqual([
      [0, 30, true],
      [0, 30, true],
      [0, 100, false],
    ]);
    asked[2]!.answer({ count: 1_234, items: rows(1, 100) });
    await flushPromises();
    expect(list.itemAt(0)).toEqual({ id: 1 });
    expect(list.count.value).toBe(1_234);
    expect(list.countPending.value).toBe(false);
    vi.useRealTimers();
  });

  it('shows a screen read ahead, and forgets every kept screen once a row changes', async () => {
    vi.useFakeTimers();
    const { asked, key, list } = keepingList();
    asked[0]!.answer({ count: 300, items: rows(0, 30) });
    await flushPromises();
    list.keepScreen('ahead', { count: 2, items: rows(900, 2) });
    expect(list.hasScreen('ahead')).toBe(true);
    key.value = 'ahead';
    await flushPromises();
    expect(asked).toHaveLength(1);
    expect(list.itemAt(1)).toEqual({ id: 901 });
    expect(list.count.value).toBe(2);

    // A row changed (read, archived): a kept screen may hold it as it was, or a list it left.
    list.updateItem(900, (row) => ({ ...row, read: true }));
    expect(list.hasScreen('all')).toBe(false);
    key.value = 'all';
    await flushPromises();
    expect(asked.map((a) => [a.offset, a.limit])).toEqual([
      [0, 30],
      [0, 30],
    ]);
    vi.useRealTimers();
  });

  it('keeps a row changed while its kept screen was read again', async () => {
    vi.useFakeTimers();
    const { asked, key, list } = keepingList();
    asked[0]!.answer({ count: 30, items: rows(0, 30) });
    await flushPromises();
    list.keepScreen('ahead', { count: 30, items: rows(900, 30), countPending: true });
    key.value = 'ahead';
    await flushPromises();
    await vi.advanceTimersByTimeAsync(REST_PAUSE_MS);
    // Opened (and so read) while its page was on its way, which still has it unread.
    list.updateItem(903, (row) => ({ ...row, read: true }));
    asked[1]!.answer({ count: 100, items: rows(900, 100) });
    await flushPromises();
    expect(list.itemAt(3)).toEqual({ id: 903, read: true });
    expect(list.itemAt(99)).toEqual({ id: 999 });
    vi.useRealTimers();
  });
});
