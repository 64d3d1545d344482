import { describe, expect, it } from 'vitest';
import { createDraftsService } from '../../../../src/main/services/drafts/drafts-service.ts';
import { getDraft, insertDraft } from '../../../../src/main/services/drafts/draft-store.ts';
import * as queue from '../../../../src/main/services/drafts/outbox-queue.ts';
import { EventBus } from '../../../../src/main/services/event-bus.ts';
import type { EventName, OutboxConnection } from '../../../../src/shared/contract/index.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import {
  clientOn,
  offlineError,
  postsWithSourceIds,
  PROFILE,
  profileDatabase,
} from './support/drafts-fixture.ts';

/** The drafts of each profile: outboxes started with their database, woken by answers elsewhere. */
const sandbox = await sandboxForThisFile();

function serviceOn(options: { online: () => boolean; active?: string; token?: () => string | undefined }) {
  const { databases, db } = profileDatabase();
  const { client, sent } = clientOn(
    sandbox,
    async (_request, send) => {
      if (!options.online()) throw offlineError();
      return send();
    },
    options.token,
  );
  const events = new EventBus();
  const seen: EventName[] = [];
  const connections: OutboxConnection[] = [];
  events.subscribe((event, payload) => {
    seen.push(event);
    if (event === 'drafts:connection') connections.push(payload as OutboxConnection);
  });
  const clock = new FakeClock(Date.now());
  const drafts = createDraftsService({
    databases,
    activeProfileId: () => options.active ?? PROFILE,
    profileIds: () => [PROFILE],
    schedulerOf: () => client.scheduler,
    originsOf: () => [sandbox.origin],
    events,
    outbox: { clock, backoff: { firstMs: 60_000, maxMs: 60_000 }, settleMs: 0 },
  });
  return { drafts, sent, seen, connections, clock, db, client };
}

describe('the drafts service', () => {
  it('resumes a profile’s outbox at launch, and an answer from its service wakes it when offline', async () => {
    let online = false;
    const { drafts, sent, db } = serviceOn({ online: () => online });
    // Queued in an earlier run of the app.
    const draft = insertDraft(
      db,
      { id: crypto.randomUUID(), channel: 'threads', brandId: 101, fields: { text: 'Hi' } },
      1,
    );
    queue.enqueue(db, draft.id, 2);
    await drafts.resume();
    const { outbox } = drafts.forProfile(PROFILE);
    await outbox.whenIdle();
    expect(sent.length).toBeGreaterThan(0);
    expect(outbox.connection().state).toBe('offline');
    const tried = sent.length;

    online = true;
    drafts.nudge('http://127.0.0.1:1/elsewhere'); // another service answered: not this one's
    await outbox.whenIdle();
    expect(sent.length).toBe(tried);

    drafts.nudge(`${sandbox.urls.community}/tags?brand_ids=101`); // this service answered
    await outbox.whenIdle();
    expect(getDraft(db, draft.id)?.state).toBe('synced');
    await drafts.close();
  });

  it('an answer from its service says online before the outbox has sent anything; another service’s does not', async () => {
    const { drafts, sent } = serviceOn({ online: () => true });
    await drafts.resume();
    const { outbox } = drafts.forProfile(PROFILE);
    await outbox.whenIdle();
    expect(outbox.connection().state).toBe('unknown');

    drafts.nudge('http://127.0.0.1:1/elsewhere');
    expect(outbox.connection().state).toBe('unknown');
    drafts.nudge(`${sandbox.urls.community}/tags?brand_ids=101`);
    expect(outbox.connection().state).toBe('online');
    await outbox.whenIdle();
    expect(sent).toEqual([]); // nothing queued: nothing sent
    await drafts.close();
  });

  it('holds a profile’s drafts while it has no token, says why, and sends them once the token is entered', async () => {
    let token: string | undefined = undefined; // session-only, forgotten when the app restarted
    const { drafts, sent, seen, connections, clock, db, client } = serviceOn({
      online: () => true,
      token: () => token,
    });
    const draft = insertDraft(
      db,
      {
        id: crypto.randomUUID(),
        channel: 'threads',
        brandId: 101,
        fields: { text: 'Waiting for the token' },
      },
      1,
    );
    queue.enqueue(db, draft.id, 2);
    await drafts.resume();
    const { outbox } = drafts.forProfile(PROFILE);
    await outbox.whenIdle();
    expect(connections).toEqual([{ state: 'no_token', retryAt: null }]);
    expect(getDraft(db, draft.id)?.state).toBe('queued');
    await clock.advance(600_000); // no timer brings it back on its own
    expect(sent).toEqual([]);
    expect(clock.pendingTimers).toBe(0);

    // Answers of the service to other calls say nothing of this profile's token: it stays held,
    // without trying (the row does not flicker to syncing and back).
    const heard = seen.length;
    drafts.nudge(`${sandbox.urls.community}/tags?brand_ids=101`);
    await outbox.whenIdle();
    expect(outbox.connection().state).toBe('no_token');
    expect(seen.length).toBe(heard);

    // The token is entered in Settings: the profiles change, and the service nudges every outbox.
    token = sandbox.tokens.user;
    drafts.nudge();
    await outbox.whenIdle();
    expect(getDraft(db, draft.id)?.state).toBe('synced');
    expect(connections.at(-1)).toEqual({ state: 'online', retryAt: null });
    expect(await postsWithSourceIds(client, 'threads', 101, [draft.id])).toHaveLength(1);
    await drafts.close();
  });

  it('tells the renderer about the active profile’s drafts only', async () => {
    const { drafts, seen } = serviceOn({ online: () => true, active: 'another-profile' });
    const { db, outbox } = drafts.forProfile(PROFILE);
    const draft = insertDraft(
      db,
      { id: crypto.randomUUID(), channel: 'threads', brandId: 101, fields: { text: 'Hi' } },
      1,
    );
    queue.enqueue(db, draft.id, 2);
    outbox.kick();
    await outbox.whenIdle();
    expect(getDraft(db, draft.id)?.state).toBe('synced'); // it still syncs ...
    expect(seen).toEqual([]); // ... without a word to a renderer showing another profile
    await drafts.close();
  });

  it('stops the outbox of a removed profile before its database goes', async () => {
    let online = false;
    const { drafts, sent, clock } = serviceOn({ online: () => online });
    const { db, outbox } = drafts.forProfile(PROFILE);
    const draft = insertDraft(
      db,
      { id: crypto.randomUUID(), channel: 'threads', brandId: 101, fields: { text: 'Hi' } },
      1,
    );
    queue.enqueue(db, draft.id, 2);
    outbox.kick();
    await outbox.whenIdle();
    drafts.retain([]); // the profile was removed
    online = true;
    const tried = sent.length;
    await clock.advance(120_000);
    expect(sent.length).toBe(tried);
    expect(clock.pendingTimers).toBe(0);
  });
});
