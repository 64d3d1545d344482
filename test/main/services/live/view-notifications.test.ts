import { afterAll, expect, it } from 'vitest';
import type { InboxNotification } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/**
 * Issue 25 §3: a new interaction matching a chosen saved view raises a notification, also once
 * the mirror answers the view's list. The sandbox's minutes come only when asked (its clock
 * stands still), so the test waits on events, never on the wall clock.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true, live: 1, liveTickMs: 0 });
const app = await servicesOnSandbox(sandbox, {
  syncMirror: true,
  pollInbox: true,
  settings: { inboxDeltaSeconds: 2, notifyNewInViews: true },
});
afterAll(() => app.close());

/** Resolves with the next delta the live inbox reads. */
const nextDelta = () =>
  new Promise<void>((resolve) => {
    const stop = app.onInboxDelta(() => {
      stop();
      resolve();
    });
  });

it('notifies a chosen view of an arrival its list answers from the mirror', async () => {
  await app.mirror.filled();
  const { activeId } = valueOf(await app.call('accounts:list'));
  // The view's list is answered by the mirror from here.
  expect(app.mirror.status(activeId!).filled).toBe(true);
  const view = valueOf(await app.call('inbox:save-view', { name: 'Everything new', filter: {} }));
  valueOf(await app.call('settings:update', { notifyViewIds: [view.id] }));
  // The live inbox has taken its mark: what arrives from here is news.
  await nextDelta();
  const notified = new Promise<InboxNotification>((resolve) => {
    const stop = app.events.subscribe((event, payload) => {
      if (event !== 'inbox:notify') return;
      stop();
      resolve(payload as InboxNotification);
    });
  });
  let created: number | undefined;
  while (created === undefined) created = sandbox.live!.nextMinute().created[0];
  const notification = await notified;
  expect(notification).toMatchObject({ title: 'New in Everything new', itemId: created, count: 1 });
});
