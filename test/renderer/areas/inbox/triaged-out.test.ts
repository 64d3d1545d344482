import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import type { InboxItem } from '../../../../src/shared/contract/index.ts';
import {
  belongsIn,
  mayTakeOut,
  useTriagedOut,
} from '../../../../src/renderer/src/areas/inbox/triaged-out.ts';
import type { PageState } from '../../../../src/renderer/src/lib/use-paged-list.ts';

const item = (id: number, fields: Partial<InboxItem> = {}) =>
  ({ id, type: 'TIKTOK_COMMENT', is_read: false, is_archived: false, ...fields }) as InboxItem;

describe('whether a row belongs in the list shown', () => {
  it('leaves To do when archived and Unread when read, and stays for what the filter ignores', () => {
    expect(belongsIn({}, item(1))).toBe(true);
    expect(belongsIn({}, item(1, { is_archived: true }))).toBe(false);
    expect(belongsIn({ archived: true }, item(1, { is_archived: true }))).toBe(true);
    expect(belongsIn({ read: false }, item(1, { is_read: true }))).toBe(false);
    expect(belongsIn({}, item(1, { is_read: true, is_follow_up: true }))).toBe(true);
    expect(belongsIn({ tagIds: [2, 3] }, item(1, { tag_ids: [3] }))).toBe(false);
    expect(belongsIn({ assigneeId: 4 }, item(1, { assignee_id: 4 }))).toBe(true);
  });

  it('says which bulk changes can take rows out', () => {
    expect(mayTakeOut({}, { archived: true })).toBe(true);
    expect(mayTakeOut({}, { read: true })).toBe(false);
    expect(mayTakeOut({ read: false }, { read: true })).toBe(true);
    expect(mayTakeOut({ tagIds: [1] }, { removeTagIds: [1] })).toBe(true);
    expect(mayTakeOut({}, { addTagIds: [1] })).toBe(false);
  });
});

describe('the list less the rows triaged out', () => {
  function listOf(ids: number[]) {
    const rows = ids.map((id) => item(id));
    const key = ref('a');
    const ranges: [number, number][] = [];
    const below = {
      count: ref<number | undefined>(rows.length),
      revision: ref(0),
      itemAt: (index: number) => rows[index],
      pageAt: (index: number): PageState => ({
        index: Math.floor(index / 100),
        status: 'loaded',
        error: null,
      }),
      setRange: (start: number, end: number) => void ranges.push([start, end]),
      indexOf: (id: number) => rows.findIndex((row) => row.id === id),
    };
    return { shown: useTriagedOut(below, key), key, ranges };
  }
  const idsOf = (shown: ReturnType<typeof listOf>['shown']) =>
    Array.from({ length: shown.count.value ?? 0 }, (_, at) => shown.itemAt(at)?.id);

  it('hides a row at once, the rows after it moving up, and puts it back in its place', () => {
    const { shown, ranges } = listOf([10, 11, 12, 13]);
    shown.hide(11);
    expect(idsOf(shown)).toEqual([10, 12, 13]);
    expect(shown.indexOf(12)).toBe(1);
    expect(shown.indexOf(11)).toBe(-1);
    shown.setRange(1, 2);
    expect(ranges.at(-1)).toEqual([2, 3]);
    shown.hide(13);
    expect(idsOf(shown)).toEqual([10, 12]);
    shown.show(11);
    expect(idsOf(shown)).toEqual([10, 11, 12]);
  });

  it('starts over with a new list', async () => {
    const { shown, key } = listOf([10, 11]);
    shown.hide(10);
    key.value = 'b';
    await nextTick();
    expect(idsOf(shown)).toEqual([10, 11]);
  });
});
