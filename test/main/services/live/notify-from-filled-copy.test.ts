import { afterAll, describe, expect, it } from 'vitest';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/**
 * A new interaction in a chosen saved view raises a notification also once the inbox's copy is
 * filled: the view's check reads the inbox's list, which the copy then answers, so the copy must
 * hold the arrivals before the check runs. The delta runs when the service is heard to answer
 * again (the connection state turning online), so nothing here waits for its interval.
 */
const sandbox = await sandboxForThisFile({ frozenClock: true, live: 1, liveTickMs: 0 });
const app = await servicesOnSandbox(sandbox, { syncMirror: true, pollInbox: true });
afterAll(() => app.close());

function next(event: string): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = app.events.subscribe((name, payload) => {
      if (name !== event) return;
      stop();
      resolve(payload);
    });
  });
}
const deltaNow = () => app.events.emit('service:connection', { state: 'online', since: Date.now() });

describe('notifications from a filled inbox copy', () => {
  it('notifies of a new interaction in a chosen saved view', async () => {
    await app.mirror.filled();
    const view = valueOf(await app.call('inbox:save-view', { name: 'Everything new', filter: {} }));
    valueOf(await app.call('settings:update', { notifyViewIds: [view.id] }));
    // The first delta takes the mark (the inbox as it stands is not news): one has ended.
    const marked = new Promise<void>((resolve) => {
      const stop = app.onInboxDelta(() => {
        stop();
        resolve();
      });
    });
    deltaNow();
    await marked;
    // Its poll then ends (a turn of the event loop): the next delta is a new one, not this one joined.
    await new Promise((resolve) => setImmediate(resolve));

    let created: number | undefined;
    while (created === undefined) created = sandbox.live!.nextMinute().created[0];
    const notified = next('inbox:notify');
    deltaNow();
    expect(await notified).toMatchObject({
      viewId: view.id,
      title: 'New in Everything new',
      itemId: created,
    });
  });
});
