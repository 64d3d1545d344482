import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../../../src/shared/contract/index.ts';
import {
  carries,
  patchFor,
  queuedChangeOf,
} from '../../../../../src/main/services/inbox/offline/queued-change.ts';

const row = (fields: Partial<InboxItem>) =>
  ({
    id: 7,
    brand_id: 101,
    type: 'INSTAGRAM_COMMENT',
    is_read: false,
    tag_ids: [1, 2],
    ...fields,
  }) as InboxItem;

describe('a triage change in line', () => {
  it('keeps only the fields touched, a new tag list as the tags it adds and removes', () => {
    expect(queuedChangeOf(row({}), { archived: true })).toEqual({ archived: true });
    expect(queuedChangeOf(row({}), { tagIds: [2, 3] })).toEqual({ addTagIds: [3], removeTagIds: [1] });
  });

  it('sends only those fields, its tags worked out from the row as the service has it now', () => {
    const change = queuedChangeOf(row({}), { tagIds: [2, 3] });
    // A teammate added tag 9 meanwhile: it stays.
    expect(patchFor(row({ tag_ids: [1, 2, 9] }), change)).toEqual({ tag_ids: [2, 9, 3] });
    expect(patchFor(null, { read: true, assigneeId: null })).toEqual({ is_read: true, assignee_id: null });
    // Nothing left to change: no PATCH at all.
    expect(patchFor(row({ tag_ids: [2, 3] }), change)).toBeNull();
  });

  it('is found on the service when the row already reads as it asks', () => {
    expect(carries(row({ is_archived: true, tag_ids: [3] }), { archived: true, addTagIds: [3] })).toBe(true);
    expect(carries(row({ is_archived: false }), { archived: true })).toBe(false);
    expect(carries(row({ tag_ids: [1, 3] }), { addTagIds: [3], removeTagIds: [1] })).toBe(false);
    expect(carries(row({ assignee_id: undefined }), { assigneeId: null })).toBe(true);
  });
});
