import { describe, expect, it } from 'vitest';
import {
  countByState,
  deleteDraft,
  DraftRefusal,
  getDraft,
  listDrafts,
  MAX_FIELDS_BYTES,
  saveDraft,
} from '../../../../src/main/services/drafts/draft-store.ts';
import * as queue from '../../../../src/main/services/drafts/outbox-queue.ts';
import { newDraft, profileDatabase, reopen } from './support/drafts-fixture.ts';

describe('the drafts database', () => {
  it('saves a half-written draft as it is, and every save bumps the revision', () => {
    const { db } = profileDatabase();
    // Over Threads' 500 characters and with a field no schema knows: still saved.
    const fields = { text: 'x'.repeat(600), not_a_field: [1, { deep: true }] };
    const draft = newDraft(db, { fields }, 1000);
    expect(draft).toMatchObject({ state: 'local', revision: 1, fields, createdAt: 1000, updatedAt: 1000 });

    const saved = saveDraft(db, draft.id, { fields: { text: 'Second' } }, 2000);
    expect(saved).toMatchObject({
      revision: 2,
      fields: { text: 'Second' },
      updatedAt: 2000,
      createdAt: 1000,
    });
  });

  it('keeps every saved draft across a close and reopen of the file', () => {
    const { databases, db, directory } = profileDatabase();
    const a = newDraft(db, { fields: { text: 'one' } });
    saveDraft(db, a.id, { fields: { text: 'one, edited' } }, 5);
    databases.close();
    const again = reopen(directory).db;
    expect(getDraft(again, a.id)).toMatchObject({ fields: { text: 'one, edited' }, revision: 2 });
  });

  it('turns a synced draft local when its fields change, and leaves the other states as they are', () => {
    const { db } = profileDatabase();
    const draft = newDraft(db);
    queue.enqueue(db, draft.id, 1);
    expect(saveDraft(db, draft.id, { fields: { text: 'while queued' } }, 2).state).toBe('queued');

    queue.succeed(
      db,
      draft.id,
      { id: 9, updated_at: '2030-01-01T00:00:00Z' },
      { revision: 2, fields: {} },
      3,
    );
    expect(getDraft(db, draft.id)?.state).toBe('synced');
    // The same fields again: nothing the service lacks.
    expect(saveDraft(db, draft.id, { fields: { text: 'while queued' } }, 4).state).toBe('synced');
    expect(saveDraft(db, draft.id, { fields: { text: 'changed' } }, 5).state).toBe('local');

    queue.fail(db, draft.id, { code: 'invalid_input', message: 'no', fieldErrors: { text: ['no'] } });
    const failed = saveDraft(db, draft.id, { fields: { text: 'fixing' } }, 6);
    expect(failed.state).toBe('failed');
    expect(failed.error?.fieldErrors).toEqual({ text: ['no'] });
  });

  it('lets the brand change until the draft has a post on the service', () => {
    const { db } = profileDatabase();
    const draft = newDraft(db, { brandId: 101 });
    expect(saveDraft(db, draft.id, { fields: {}, brandId: 102 }, 2).brandId).toBe(102);

    queue.enqueue(db, draft.id, 3);
    queue.recordSend(db, draft.id, 'create', { revision: 2, fields: {} });
    // A POST may be on its way under brand 102: moving the draft would lose track of it.
    expect(() => saveDraft(db, draft.id, { fields: {}, brandId: 103 }, 4)).toThrow(DraftRefusal);
    expect(getDraft(db, draft.id)).toMatchObject({ brandId: 102, revision: 2 });
  });

  it('refuses a draft too large to save, changing nothing (one transaction)', () => {
    const { db } = profileDatabase();
    const draft = newDraft(db);
    expect(() => saveDraft(db, draft.id, { fields: { text: 'x'.repeat(MAX_FIELDS_BYTES) } }, 2)).toThrow(
      /too large/,
    );
    expect(getDraft(db, draft.id)).toMatchObject({ revision: 1, fields: { text: 'Hello' } });
  });

  it('answers not_found for a draft that does not exist', () => {
    const { db } = profileDatabase();
    expect(() => saveDraft(db, '00000000-0000-4000-8000-000000000000', { fields: {} }, 1)).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });

  it('finds drafts by every word of a search, whatever the case and accents, across replies', () => {
    const { db } = profileDatabase();
    const cafe = newDraft(db, { fields: { text: 'Opening of the Café on Monday' } }, 1);
    const thread = newDraft(
      db,
      { channel: 'twitter', fields: { text: 'A thread', replies: [{ text: 'Second part about the CAFE' }] } },
      2,
    );
    const percent = newDraft(db, { fields: { text: '50% off today' } }, 3);
    newDraft(db, { channel: 'instagram', fields: { caption: 'Nothing to see' } }, 4);

    const ids = (search: string) => listDrafts(db, { search }, 0, 50).items.map((d) => d.id);
    expect(ids('cafe')).toEqual([thread.id, cafe.id]);
    expect(ids('café monday')).toEqual([cafe.id]);
    expect(ids('cafe missing')).toEqual([]);
    // % is plain text in a search, not a wildcard.
    expect(ids('0%')).toEqual([percent.id]);
    expect(ids('%')).toEqual([percent.id]);
    expect(listDrafts(db, { search: '', channels: ['twitter'] }, 0, 50).items.map((d) => d.id)).toEqual([
      thread.id,
    ]);
  });

  it('pages the list most recently saved first, with the total count of the query', () => {
    const { db } = profileDatabase();
    const made = Array.from({ length: 25 }, (_, i) =>
      newDraft(db, { fields: { text: `post ${i}` } }, 100 + i),
    );
    saveDraft(db, made[3]!.id, { fields: { text: 'post 3 again' } }, 1000);

    const first = listDrafts(db, { search: '' }, 0, 10);
    expect(first.count).toBe(25);
    expect(first.items.map((d) => d.id)).toEqual([
      made[3]!.id,
      ...made
        .slice(16)
        .reverse()
        .map((d) => d.id),
    ]);
    const last = listDrafts(db, { search: 'post' }, 20, 10);
    expect(last.count).toBe(25);
    expect(last.items).toHaveLength(5);

    queue.enqueue(db, made[0]!.id, 2000);
    expect(listDrafts(db, { search: '', states: ['queued'] }, 0, 10)).toMatchObject({
      count: 1,
      items: [{ id: made[0]!.id }],
    });
    expect(countByState(db)).toMatchObject({ local: 24, queued: 1, synced: 0 });
  });

  it('deletes a draft together with its place in the outbox', () => {
    const { db } = profileDatabase();
    const draft = newDraft(db);
    queue.enqueue(db, draft.id, 1);
    expect(queue.pendingCount(db)).toBe(1);
    expect(deleteDraft(db, draft.id)).toBe(true);
    expect(queue.pendingCount(db)).toBe(0);
    expect(deleteDraft(db, draft.id)).toBe(false);
  });
});
