import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPLIES_UNSUPPORTED_NOTE, type ReplyView } from '../../../../src/shared/contract/index.ts';
import { methodOf, serviceList, urlOf } from '../inbox/service-reads.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf, type ServicesOnSandbox } from '../support/services-on-sandbox.ts';

/** Replying through the reply outbox, against a real sandbox. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const BRANDS = 'brand_ids=101,102,103';
const replyPosts = (services: ServicesOnSandbox) => services.requests.filter((r) => /\/replies$/.test(r));

/** Interactions of one type no other test of this file answers: each test takes its own type. */
async function interactionOf(type: string, index = 0) {
  const list = await serviceList(sandbox, `${BRANDS}&types=${type}&limit=${index + 1}`);
  return list.data[index] as { id: number; brand_id: number; type: string; [key: string]: unknown };
}
async function serviceCopy(id: number) {
  return (await serviceList(sandbox, `${BRANDS}&id=${id}&limit=1`)).data[0]!;
}

/** Resolves with the first `replies:changed` of reply `id` that `test` accepts. */
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

function sendInput(item: { id: number; brand_id: number; type: string }, text: string) {
  return { id: randomUUID(), interactionId: item.id, brandId: item.brand_id, type: item.type, text };
}

describe('replies:send', () => {
  it('sends a reply once: the service names it as the brand’s reply, and the list keeps it as sent', async () => {
    const item = await interactionOf('INSTAGRAM_COMMENT');
    const input = sendInput(item, 'Thanks for telling us!');
    const sent = replyEvent(app, input.id, (reply) => reply.state === 'sent');
    const queued = valueOf(await app.call('replies:send', input));
    expect(queued).toMatchObject({ id: input.id, state: 'queued', text: input.text });
    const done = await sent;
    expect((await serviceCopy(item.id)).brand_user_reply).toMatchObject({
      id: done.sent!.id,
      text: 'Thanks for telling us!',
    });
    // The same reply written again (a call repeated) is the same reply, not a second one.
    valueOf(await app.call('replies:send', input));
    await app.call('replies:list', { interactionId: item.id });
    expect(valueOf(await app.call('replies:list', { interactionId: item.id })).items).toEqual([
      expect.objectContaining({ id: input.id, state: 'sent' }),
    ]);
    expect(replyPosts(app).filter((r) => r.includes(`/${item.id}/`))).toHaveLength(1);
  });

  it('refuses a reply over the network’s limit, X by its weighted length, naming the text', async () => {
    const tweet = await interactionOf('TWITTER_MENTION');
    const over = await app.call('replies:send', sendInput(tweet, '😀'.repeat(140) + '!'));
    expect(over).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(over.ok ? {} : over.error.fieldErrors.text![0]).toMatch(/At most 280 characters as X counts them/);
    const retweet = await interactionOf('TWITTER_RETWEET');
    expect(await app.call('replies:send', sendInput(retweet, 'Thanks'))).toMatchObject({ ok: false });
    expect(replyPosts(app).filter((r) => r.includes(`/${tweet.id}/`))).toHaveLength(0);
  });

  it('fails a reply to an interaction the service no longer has on its own, and keeps replying on', async () => {
    // The sandbox has the extension and answers 404 for an interaction it does not have, as a
    // service without it answers for any.
    const gone = { id: 987_654_321, brand_id: 101, type: 'INSTAGRAM_COMMENT' };
    const input = sendInput(gone, 'Are you still there?');
    const failed = replyEvent(app, input.id, (reply) => reply.state === 'failed');
    valueOf(await app.call('replies:send', input));
    expect((await failed).error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('no longer on the service'),
    });
    const item = await interactionOf('TWITTER_QUOTE');
    expect(
      valueOf(await app.call('replies:support', { interactionId: item.id, brandId: item.brand_id })),
    ).toEqual({ supported: true, note: null });
    const sent = sendInput(item, 'Still here for you.');
    const done = replyEvent(app, sent.id, (reply) => reply.state === 'sent');
    valueOf(await app.call('replies:send', sent));
    expect(await done).toMatchObject({ state: 'sent', error: null, sent: { id: expect.any(Number) } });
    // The support probe's empty POST, and the reply.
    expect(replyPosts(app).filter((r) => r.includes(`/${item.id}/`))).toHaveLength(2);
  });

  it('keeps a refusal on the reply, and Retry sends it again', async () => {
    let refuse = true;
    const services = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) =>
        refuse && methodOf(input, init) === 'POST' && urlOf(input).pathname.endsWith('/replies')
          ? new Response(
              JSON.stringify({ code: 403, errors: {}, message: 'Forbidden', status: 'Forbidden' }),
              {
                status: 403,
                headers: { 'content-type': 'application/json' },
              },
            )
          : fetch(input, init),
    });
    try {
      const item = await interactionOf('YOUTUBE_COMMENT');
      const input = sendInput(item, 'We are looking into it.');
      const failed = replyEvent(services, input.id, (reply) => reply.state === 'failed');
      valueOf(await services.call('replies:send', input));
      expect((await failed).error).toMatchObject({ code: 'forbidden' });
      refuse = false;
      const sent = replyEvent(services, input.id, (reply) => reply.state === 'sent');
      expect(valueOf(await services.call('replies:retry', { id: input.id })).state).toBe('queued');
      await sent;
      expect((await serviceCopy(item.id)).brand_user_reply).toMatchObject({
        text: 'We are looking into it.',
      });
    } finally {
      await services.close();
    }
  });
});

describe('the reply outbox offline', () => {
  it('waits while the service cannot be reached, and sends once when it answers again', async () => {
    let offline = true;
    const services = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) => {
        if (offline && urlOf(input).pathname.includes('community_interactions'))
          throw new TypeError('fetch failed');
        return fetch(input, init);
      },
    });
    try {
      const item = await interactionOf('FACEBOOK_COMMENT');
      const input = sendInput(item, 'Back soon with an answer.');
      const waiting = replyEvent(services, input.id, (reply) => reply.state === 'waiting');
      valueOf(await services.call('replies:send', input));
      await waiting;
      expect(valueOf(await services.call('replies:list', { interactionId: item.id })).items[0]!.state).toBe(
        'waiting',
      );
      offline = false;
      // Any answer of the service elsewhere in the app ends the wait.
      const sent = replyEvent(services, input.id, (reply) => reply.state === 'sent');
      valueOf(
        await services.call('inbox:list', { query: { brandIds: [101], filter: {} }, offset: 0, limit: 1 }),
      );
      await sent;
      const posts = services.requests.filter((r) => r.endsWith(`/${item.id}/replies`));
      // The failed attempts never reached the service; one POST did, and the service has one reply.
      expect((await serviceCopy(item.id)).brand_user_reply).toMatchObject({
        text: 'Back soon with an answer.',
      });
      expect(posts.length).toBeGreaterThanOrEqual(1);
    } finally {
      await services.close();
    }
  });

  it('never sends twice after a lost answer: it finds the reply on the service first', async () => {
    let dropAnswer = true;
    const services = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (dropAnswer && methodOf(input, init) === 'POST' && urlOf(input).pathname.endsWith('/replies')) {
          dropAnswer = false;
          throw new TypeError('fetch failed'); // the POST reached the service; its answer did not
        }
        return response;
      },
    });
    try {
      const item = await interactionOf('TIKTOK_COMMENT');
      const before = (item.replies as unknown[]).length;
      const input = sendInput(item, 'Thank you so much!');
      const waiting = replyEvent(services, input.id, (reply) => reply.state === 'waiting');
      const sent = replyEvent(services, input.id, (reply) => reply.state === 'sent');
      valueOf(await services.call('replies:send', input));
      await waiting;
      valueOf(
        await services.call('inbox:list', { query: { brandIds: [101], filter: {} }, offset: 0, limit: 1 }),
      );
      const done = await sent;
      const thread = await serviceCopy(item.id);
      expect(
        (thread.replies as { is_owned: boolean; text: string }[]).filter((r) => r.text === input.text),
      ).toHaveLength(1);
      expect((thread.replies as unknown[]).length).toBe(before + 1);
      expect(done.sent!.id).toBe((thread.brand_user_reply as { id: number }).id);
      expect(services.requests.filter((r) => r.endsWith(`/${item.id}/replies`))).toHaveLength(1);
    } finally {
      await services.close();
    }
  });
});

describe('the reply outbox after a quit mid-send', () => {
  it('looks the reply up before sending again, so a reply whose answer was lost to the quit goes once', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-replies-'));
    let reached!: () => void;
    const posted = new Promise<void>((resolve) => (reached = resolve));
    // The first run's POST reaches the service, and the app quits before the answer comes.
    const first = await servicesOnSandbox(sandbox, {
      userDataDir,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (methodOf(input, init) !== 'POST' || !urlOf(input).pathname.endsWith('/replies')) return response;
        reached();
        const signal = input instanceof Request ? input.signal : init?.signal;
        return new Promise<Response>((_, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
        );
      },
    });
    const item = await interactionOf('YOUTUBE_COMMENT', 1);
    const input = sendInput(item, 'Sent just before the quit.');
    valueOf(await first.call('replies:send', input));
    await posted;
    const profileId = valueOf(await first.call('accounts:list')).activeId!;
    await first.closeServicesOnly();

    const second = await servicesOnSandbox(sandbox, { userDataDir });
    try {
      valueOf(await second.call('accounts:switch', { id: profileId }));
      // These tests keep tokens in memory: the second run gets the profile's token again.
      valueOf(await second.call('accounts:update', { id: profileId, token: sandbox.tokens.user }));
      await expect
        .poll(
          async () => valueOf(await second.call('replies:list', { interactionId: item.id })).items[0]?.state,
        )
        .toBe('sent');
      expect(second.requests.filter((r) => r.endsWith(`/${item.id}/replies`))).toHaveLength(0);
      expect((await serviceCopy(item.id)).brand_user_reply).toMatchObject({
        text: 'Sent just before the quit.',
      });
    } finally {
      await second.close();
    }
  });
});

describe('a service without the reply extension', () => {
  it('is found out once per connection by a probe that writes nothing, and remembered after a restart', async () => {
    const without = await sandboxForThisFile({ frozenClock: true, without: ['replies'] });
    const userDataDir = mkdtempSync(join(tmpdir(), 'socialdesk-replies-'));
    const first = await servicesOnSandbox(without, { userDataDir });
    const [item] = (
      await fetch(`${without.urls.community}/community_interactions?brand_ids=101&limit=1`, {
        headers: { authorization: `Bearer ${without.tokens.user}` },
      }).then((r) => r.json() as Promise<{ data: { id: number }[] }>)
    ).data;
    const support = valueOf(await first.call('replies:support', { interactionId: item!.id, brandId: 101 }));
    expect(support).toEqual({ supported: false, note: REPLIES_UNSUPPORTED_NOTE });
    valueOf(await first.call('replies:support', { interactionId: item!.id, brandId: 101 }));
    expect(replyPosts(first)).toHaveLength(1);
    // Another run of the app on the same folder, back on that profile, does not ask again.
    const profileId = valueOf(await first.call('accounts:list')).activeId!;
    await first.closeServicesOnly();
    const second = await servicesOnSandbox(without, { userDataDir });
    try {
      valueOf(await second.call('accounts:switch', { id: profileId }));
      expect(
        valueOf(await second.call('replies:support', { interactionId: item!.id, brandId: 101 })),
      ).toEqual({
        supported: false,
        note: REPLIES_UNSUPPORTED_NOTE,
      });
      expect(replyPosts(second)).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('learns it from a reply the service answers 404, which fails with the calm line, and asks no more', async () => {
    const services = await servicesOnSandbox(sandbox, {
      fetch: async (input, init) =>
        urlOf(input).pathname.endsWith('/replies')
          ? new Response(
              JSON.stringify({ code: 404, errors: {}, message: 'Not Found', status: 'Not Found' }),
              {
                status: 404,
                headers: { 'content-type': 'application/json' },
              },
            )
          : fetch(input, init),
    });
    try {
      const item = await interactionOf('INSTAGRAM_COMMENT', 2);
      const input = sendInput(item, 'Will this go?');
      const failed = replyEvent(services, input.id, (reply) => reply.state === 'failed');
      valueOf(await services.call('replies:send', input));
      expect((await failed).error).toMatchObject({ message: REPLIES_UNSUPPORTED_NOTE });
      expect(
        valueOf(await services.call('replies:support', { interactionId: item.id, brandId: item.brand_id })),
      ).toEqual({ supported: false, note: REPLIES_UNSUPPORTED_NOTE });
      expect(replyPosts(services)).toHaveLength(1);
    } finally {
      await services.close();
    }
  });

  it('finds the extension on the sandbox, changing nothing', async () => {
    const item = await interactionOf('INSTAGRAM_CONVERSATION');
    const before = await serviceCopy(item.id);
    expect(
      valueOf(await app.call('replies:support', { interactionId: item.id, brandId: item.brand_id })),
    ).toEqual({
      supported: true,
      note: null,
    });
    expect(await serviceCopy(item.id)).toEqual(before);
  });
});

describe('canned replies', () => {
  it('adds, edits, lists by name and removes them, per profile', async () => {
    const thanks = valueOf(
      await app.call('replies:canned-save', { title: 'Thanks', text: 'Thanks {first_name}!' }),
    );
    const sorry = valueOf(
      await app.call('replies:canned-save', { title: 'Apology', text: 'Sorry from {brand}.' }),
    );
    valueOf(
      await app.call('replies:canned-save', {
        id: thanks.id,
        title: 'Thanks',
        text: 'Thank you {first_name}!',
      }),
    );
    expect(valueOf(await app.call('replies:canned-list')).items.map((c) => [c.title, c.text])).toEqual([
      ['Apology', 'Sorry from {brand}.'],
      ['Thanks', 'Thank you {first_name}!'],
    ]);
    expect(await app.call('replies:canned-save', { title: ' ', text: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(valueOf(await app.call('replies:canned-delete', { id: sorry.id }))).toEqual({ deleted: true });
    expect(valueOf(await app.call('replies:canned-list')).items).toHaveLength(1);
  });
});
