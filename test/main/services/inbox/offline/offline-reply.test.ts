import { afterAll, describe, expect, it } from 'vitest';
import type { InboxItem, ReplyView } from '../../../../../src/shared/contract/index.ts';
import { methodOf, serviceList, urlOf } from '../service-reads.ts';
import { sandboxForThisFile } from '../../support/sandbox.ts';
import { servicesOnSandbox, valueOf, type ServicesOnSandbox } from '../../support/services-on-sandbox.ts';

/**
 * Issue 25 §4: a reply written while the service cannot be reached waits in the reply outbox,
 * shows in the open thread at once, goes once when the service answers again, and the mirror's
 * copy of the interaction then holds it (offline the thread and Needs reply are the mirror's).
 */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const BRANDS = [101, 102, 103];
let down = false;
const replyPosts: number[] = [];
const app = await servicesOnSandbox(sandbox, {
  syncMirror: true,
  fetch: async (input, init) => {
    if (down) throw new TypeError('fetch failed');
    const response = await fetch(input, init);
    if (methodOf(input, init) === 'POST' && urlOf(input).pathname.endsWith('/replies'))
      replyPosts.push(Number(urlOf(input).pathname.split('/').at(-2)));
    return response;
  },
});
afterAll(() => app.close());
await app.mirror.filled();

function replyEvent(services: ServicesOnSandbox, id: string, test: (reply: ReplyView) => boolean) {
  return new Promise<ReplyView>((resolve) => {
    const unsubscribe = services.events.subscribe((event, payload) => {
      const reply = payload as ReplyView;
      if (event === 'replies:changed' && reply.id === id && test(reply)) {
        unsubscribe();
        resolve(reply);
      }
    });
  });
}

describe('a reply written offline', () => {
  it('shows at once, goes once when the service is back, and the mirror then holds it', async () => {
    const waitingList = (limit = 20) =>
      app.call('inbox:list', {
        query: { brandIds: [101], filter: { needsReply: true, types: ['YOUTUBE_COMMENT'] } },
        offset: 0,
        limit,
      });
    const item = valueOf(await waitingList(1)).items[0]!;
    const profileId = valueOf(await app.call('accounts:list')).activeId!;
    down = true;
    await app.call('inbox:insights', { brandIds: BRANDS });

    const id = crypto.randomUUID();
    const sent = replyEvent(app, id, (reply) => reply.state === 'sent');
    const queued = valueOf(
      await app.call('replies:send', {
        id,
        interactionId: item.id,
        brandId: item.brand_id,
        type: item.type,
        text: 'Written on the train, sent when back.',
      }),
    );
    expect(queued.state).not.toBe('sent');
    // The open interaction, offline, shows it with the thread as the mirror has it.
    expect(
      valueOf(await app.call('replies:list', { interactionId: item.id })).items.map((r) => r.text),
    ).toEqual(['Written on the train, sent when back.']);
    expect(valueOf(await app.call('inbox:get', { brandIds: BRANDS, id: item.id }))?.id).toBe(item.id);

    down = false;
    await app.call('inbox:insights', { brandIds: BRANDS });
    await sent;
    expect(replyPosts.filter((p) => p === item.id)).toHaveLength(1);
    const onService = (await serviceList(sandbox, `brand_ids=101&id=${item.id}&limit=1`)).data[0]!;
    expect(onService.brand_user_reply).toMatchObject({ text: 'Written on the train, sent when back.' });

    // The mirror's copy now holds the reply: offline again, the row no longer waits for one.
    await expect
      .poll(
        () =>
          (app.mirror.get(profileId, item.id) as InboxItem & { brand_user_reply?: { text?: string } })
            ?.brand_user_reply?.text,
      )
      .toBe('Written on the train, sent when back.');
    down = true;
    await app.call('inbox:insights', { brandIds: BRANDS });
    const stillWaiting = valueOf(await waitingList(500)).items.map((row) => row.id);
    expect(stillWaiting).not.toContain(item.id);
    down = false;
  });
});
