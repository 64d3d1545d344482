import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createProfileDatabases,
  type ProfileDatabases,
} from '../../../../src/main/services/storage/profile-databases.ts';
import { createSavedItems, SavedNameTakenError } from '../../../../src/main/services/storage/saved-items.ts';
import { tempDir } from './support/temp-dir.ts';

const made: ProfileDatabases[] = [];
afterEach(() => {
  for (const databases of made.splice(0)) databases.close();
});

const profileA = '3f0c2a4e-1111-4a5b-9c3d-000000000001';
const profileB = '3f0c2a4e-1111-4a5b-9c3d-000000000002';
const bodySchema = z.object({ types: z.array(z.string()) });

function setUp() {
  const directory = tempDir();
  const databases = createProfileDatabases({ directory });
  made.push(databases);
  let clock = Date.parse('2026-11-24T09:00:00Z');
  const views = createSavedItems(
    databases,
    'inbox-view',
    (body) => bodySchema.parse(body),
    () => (clock += 1000),
  );
  return { databases, directory, views };
}

describe('saved items', () => {
  it('keep each kind per profile, by name, and survive reopening the database', () => {
    const { databases, directory, views } = setUp();
    const reports = createSavedItems(databases, 'report-config', (body) => body);
    views.save(profileA, { name: 'TikTok unread', body: { types: ['TIKTOK_COMMENT'] } });
    views.save(profileA, { name: 'all comments', body: { types: [] } });
    reports.save(profileA, { name: 'Weekly', body: { report_type: 'TOTAL_METRIC' } });
    views.save(profileB, { name: 'Other profile', body: { types: [] } });

    expect(views.list(profileA).map((v) => v.name)).toEqual(['all comments', 'TikTok unread']);
    expect(reports.list(profileA).map((r) => r.name)).toEqual(['Weekly']);
    databases.close();

    const again = createProfileDatabases({ directory });
    made.push(again);
    const reread = createSavedItems(again, 'inbox-view', (body) => bodySchema.parse(body)).list(profileA);
    expect(reread.map((v) => [v.name, v.body])).toEqual([
      ['all comments', { types: [] }],
      ['TikTok unread', { types: ['TIKTOK_COMMENT'] }],
    ]);
  });

  it('replace an item saved again under its id, and refuse a name another item has', () => {
    const { views } = setUp();
    const first = views.save(profileA, { name: 'Mine', body: { types: [] } });
    const renamed = views.save(profileA, {
      id: first.id,
      name: 'Mine, renamed',
      body: { types: ['YOUTUBE_COMMENT'] },
    });
    expect(renamed).toMatchObject({
      id: first.id,
      createdAt: first.createdAt,
      body: { types: ['YOUTUBE_COMMENT'] },
    });
    expect(renamed.updatedAt > first.updatedAt).toBe(true);

    views.save(profileA, { name: 'Second', body: { types: [] } });
    expect(() => views.save(profileA, { name: 'Mine, renamed', body: { types: [] } })).toThrow(
      SavedNameTakenError,
    );
    expect(views.list(profileA)).toHaveLength(2);
  });

  it('skip a row whose body no longer fits, and delete by id', () => {
    const { databases, views } = setUp();
    const kept = views.save(profileA, { name: 'Good', body: { types: [] } });
    databases
      .open(profileA)
      .prepare("INSERT INTO saved_items VALUES ('old', 'inbox-view', 'Old', '{\"types\":7}', 0, 0)")
      .run();
    expect(views.list(profileA).map((v) => v.name)).toEqual(['Good']);
    expect(views.remove(profileA, kept.id)).toBe(true);
    expect(views.remove(profileA, kept.id)).toBe(false);
    expect(views.list(profileA)).toEqual([]);
  });
});
