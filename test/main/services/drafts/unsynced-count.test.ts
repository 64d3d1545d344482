import { existsSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../../../src/main/services/dispatch.ts';
import { dispatch } from '../../../../src/main/services/dispatch.ts';
import { saveDraft } from '../../../../src/main/services/drafts/draft-store.ts';
import { createDraftsHandlers } from '../../../../src/main/services/drafts/drafts-handlers.ts';
import { createDraftsService } from '../../../../src/main/services/drafts/drafts-service.ts';
import * as queue from '../../../../src/main/services/drafts/outbox-queue.ts';
import { EventBus } from '../../../../src/main/services/event-bus.ts';
import { newDraft, PROFILE, profileDatabase } from './support/drafts-fixture.ts';

/**
 * `drafts:unsynced-count`, which Settings asks before a profile (and its drafts database) is
 * removed: through dispatch, on real per-profile databases.
 */
const OTHER = 'profile-2'; // has drafts, and is not the active profile
const EMPTY = 'profile-3'; // has never had a database

function countOn() {
  const { databases, db } = profileDatabase();
  const drafts = createDraftsService({
    databases,
    activeProfileId: () => PROFILE,
    profileIds: () => [PROFILE, OTHER, EMPTY],
    schedulerOf: () => {
      throw new Error('counting never reaches a service');
    },
    originsOf: () => [],
    events: new EventBus(),
  });
  const handlers = createDraftsHandlers(drafts) as unknown as Handlers;
  const count = (profileId: unknown) => dispatch(handlers, 'drafts:unsynced-count', { profileId });
  return { databases, active: db, count };
}

/** One draft in each state (the synced one twice: once as synced, once edited since). */
function oneDraftInEachState(db: DatabaseSync): void {
  newDraft(db); // local: never sent
  queue.enqueue(db, newDraft(db).id, 2);
  const syncing = newDraft(db).id;
  queue.enqueue(db, syncing, 2);
  queue.startAttempt(db, syncing);
  const failed = newDraft(db).id;
  queue.fail(db, failed, { code: 'invalid_input', message: 'Too long.', fieldErrors: {} });
  const inConflict = newDraft(db).id;
  queue.enqueue(db, inConflict, 2);
  queue.conflict(db, inConflict, null);
  for (const edited of [false, true]) {
    const synced = newDraft(db, { fields: { text: 'Sent' } });
    queue.enqueue(db, synced.id, 2);
    const post = { id: 7, updated_at: '2025-01-01T00:00:00Z' };
    queue.succeed(db, synced.id, post, { revision: synced.revision, fields: synced.fields }, 3);
    if (edited) saveDraft(db, synced.id, { fields: { text: 'Sent, then changed' } }, 4);
  }
}

describe('drafts:unsynced-count', () => {
  it('counts the drafts of that profile the service does not have, for a profile that is not the active one', async () => {
    const { databases, active, count } = countOn();
    oneDraftInEachState(databases.open(OTHER));
    newDraft(active);
    newDraft(active);

    // local, queued, syncing, failed, conflict and the synced one edited since: not the synced one.
    expect(await count(OTHER)).toEqual({ ok: true, value: { count: 6, failed: 1, conflict: 1 } });
    // The active profile's own drafts are its own count, and are not in the other's.
    expect(await count(PROFILE)).toEqual({ ok: true, value: { count: 2, failed: 0, conflict: 0 } });
  });

  it('answers 0 for a profile without a database, and does not create one', async () => {
    const { databases, count } = countOn();

    expect(await count(EMPTY)).toEqual({ ok: true, value: { count: 0, failed: 0, conflict: 0 } });
    expect(existsSync(databases.pathOf(EMPTY))).toBe(false);
  });

  it('refuses a profile that does not exist, and input its schema refuses', async () => {
    const { count } = countOn();

    expect(await count('profile-9')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await count('')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
