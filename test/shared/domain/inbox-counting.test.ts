import { describe, expect, it } from 'vitest';
import { countsAsUnread, listsArchived, withArchiveSide } from '../../../src/shared/domain/index.ts';

describe('the inbox counting rule', () => {
  it('counts an interaction as unread when it is neither read nor archived, as op 18 does', () => {
    expect(countsAsUnread({ is_read: false, is_archived: false })).toBe(true);
    expect(countsAsUnread({ is_read: false, is_archived: null })).toBe(true);
    // Archived unread ones were what the Unread filter listed beyond the counts (393 vs 316).
    expect(countsAsUnread({ is_read: false, is_archived: true })).toBe(false);
    expect(countsAsUnread({ is_read: true, is_archived: false })).toBe(false);
  });

  it('reads a filter that leaves the archive out as To do, and always says the side', () => {
    expect(listsArchived({})).toBe(false);
    expect(listsArchived({ archived: true })).toBe(true);
    expect(withArchiveSide({ read: false } as { read: boolean; archived?: boolean })).toEqual({
      read: false,
      archived: false,
    });
    expect(withArchiveSide({ archived: true })).toEqual({ archived: true });
  });
});
