import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import { createMemoryHistory, createRouter, RouterView } from 'vue-router';
import { useAccountsStore } from '../../../../../src/renderer/src/app/accounts-store.ts';
import InboxDetail from '../../../../../src/renderer/src/areas/inbox/detail/inbox-detail.vue';
import type { CallOutput, CallResult } from '../../../../../src/shared/contract/index.ts';
import { fakeInboxDetail } from '../../../helpers/fake-inbox-detail.ts';
import { createFakePreload } from '../../../helpers/fake-preload.ts';
import { detailsText, wordsShown } from '../../../helpers/words-shown.ts';
import { freshPageForEachTest } from '../../../helpers/mount-app.ts';

freshPageForEachTest();
let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

/** The pane as the inbox view mounts it: a nested route of `inbox`, in its <router-view>. */
async function openDetail(path: string, preload = createFakePreload().install()) {
  const pinia = createPinia();
  setActivePinia(pinia);
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      {
        path: '/inbox',
        name: 'inbox',
        component: { render: () => h(RouterView) },
        children: [{ path: ':id', name: 'inbox-item', component: InboxDetail }],
      },
    ],
  });
  await useAccountsStore().ensureLoaded();
  await router.push(path);
  await router.isReady();
  wrapper = mount(
    { render: () => h(RouterView) },
    { global: { plugins: [pinia, router] }, attachTo: document.body },
  );
  // The brands answer, then the detail's calls, each a promise chain of its own.
  for (let round = 0; round < 4; round++) await flushPromises();
  return { preload, router, wrapper };
}

function fakePreload() {
  const preload = createFakePreload().install();
  fakeInboxDetail(preload);
  return preload;
}

const byId = (w: VueWrapper, testid: string, id: number) =>
  w.get(`[data-testid="${testid}"][data-id="${id}"]`);

describe('the inbox detail pane: a TikTok comment', () => {
  it('asks for the thread (op 17) only, and shows the video card', async () => {
    const { preload, wrapper } = await openDetail('/inbox/5001', fakePreload());
    expect(preload.inputsOf('inbox:thread')).toEqual([{ id: 5001 }]);
    expect(preload.inputsOf('inbox:get')).toEqual([]);
    expect(wrapper.get('#inbox-detail-heading').text()).toBe('TikTok comment');
    expect(wrapper.get('[data-testid="detail-meta"]').text()).toBe('#5001 · Brand 101');
    const card = wrapper.get('[data-testid="video-card"]');
    expect(card.get('[data-testid="video-caption"]').text()).toBe('Spring collection, first look');
    expect(card.get('[data-testid="video-author"]').text()).toBe('acme.shop');
    expect(card.get('[data-testid="video-likes"]').text()).toBe('12.4K likes');
    expect(card.get('[data-testid="video-comments"]').text()).toBe('318 comments');
    expect(card.get('[data-testid="video-sentiment"]').text()).toContain('60% positive');
    expect(card.get('[data-testid="video-sentiment"]').text()).toContain('10% negative');
    expect(card.get('img').attributes('src')).toBe('https://media.example.com/thumb.jpg');
    // Its inbox state, as every type's pane shows it.
    const states = wrapper.get('[data-testid="triage-controls"] [data-testid="states"]');
    expect(states.findAll('[data-state]').map((s) => s.attributes('data-state'))).toEqual([
      'read',
      'to-do',
      'assignee',
    ]);
    expect(states.text()).toContain('Not assigned');
  });

  it('shows the comment with its author, sentiment, question flag, pinned and liked marks', async () => {
    const { wrapper } = await openDetail('/inbox/5001', fakePreload());
    const comment = byId(wrapper, 'comment', 5001);
    expect(comment.get('[data-testid="author"]').text()).toBe('mia.k');
    expect(comment.get('[data-testid="text"]').text()).toBe('Does this come in blue?');
    expect(comment.get('[data-testid="sentiment"]').text()).toBe('Neutral');
    expect(comment.find('[data-testid="question"]').exists()).toBe(true);
    expect(comment.find('[data-testid="pinned"]').exists()).toBe(true);
    expect(comment.find('[data-testid="liked"]').exists()).toBe(true);
    expect(comment.find('[data-testid="brand-reply"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="brand-user-reply"]').text()).toMatch(/^Answered by User \d+/);
  });

  it("lists the replies one level deep, marking the brand's own, the hidden and the liked", async () => {
    const { wrapper } = await openDetail('/inbox/5001', fakePreload());
    const replies = wrapper.findAll('[data-testid="reply"]');
    expect(replies.map((r) => r.attributes('data-id'))).toEqual(['5002', '5003', '5004']);
    expect(replies.map((r) => r.attributes('data-owned'))).toEqual(['false', 'true', 'false']);
    expect(replies.map((r) => r.find('[data-testid="brand-reply"]').exists())).toEqual([false, true, false]);
    expect(replies.map((r) => r.find('[data-testid="hidden"]').exists())).toEqual([false, false, true]);
    expect(replies.map((r) => r.find('[data-testid="liked"]').exists())).toEqual([true, true, false]);
    expect(replies.map((r) => r.find('[data-testid="pinned"]').exists())).toEqual([false, false, false]);
    expect(byId(wrapper, 'reply', 5003).get('[data-testid="text"]').text()).toBe(
      'Yes! Blue lands next week.',
    );
    expect(wrapper.text()).toContain('3 replies');
    expect(wrapper.get('[data-testid="owned-count"]').text()).toContain('1 from the brand');
  });

  it('marks a pinned reply rather than the comment when the video pins that reply', async () => {
    const preload = createFakePreload().install();
    const { sampleThread } = await import('../../../helpers/fake-inbox-detail.ts');
    fakeInboxDetail(preload, { threads: [{ ...sampleThread, video_pinned_comment_id: 5002 }] });
    const { wrapper } = await openDetail('/inbox/5001', preload);
    expect(byId(wrapper, 'comment', 5001).attributes('data-pinned')).toBe('false');
    expect(byId(wrapper, 'reply', 5002).find('[data-testid="pinned"]').exists()).toBe(true);
  });
});

describe('the inbox detail pane: other types', () => {
  it('falls back to the interaction of the chosen brands, with messages, ticket and brand reply', async () => {
    const { preload, wrapper } = await openDetail('/inbox/6001', fakePreload());
    expect(preload.inputsOf('inbox:get')).toEqual([{ brandIds: [101, 102], id: 6001 }]);
    expect(wrapper.get('#inbox-detail-heading').text()).toBe('Instagram message');
    const fields = wrapper.get('[data-testid="interaction-fields"]');
    const messages = fields.findAll('[data-testid="message"]');
    expect(messages.map((m) => m.attributes('data-brand'))).toEqual(['false', 'true']);
    expect(messages[0]!.text()).toContain('My order never arrived.');
    const ticket = fields.get('[data-testid="ticket"]');
    expect(ticket.get('[data-testid="ticket-source"]').text()).toBe('Zendesk');
    expect(ticket.get('[data-testid="ticket-status"]').text()).toBe('open');
    expect(ticket.get('[data-testid="ticket-label"]').text()).toBe('Missing parcel');
    // Its inbox state above, whatever the type.
    const states = wrapper
      .findAll('[data-testid="triage-controls"] [data-testid="states"] [data-state]')
      .map((s) => s.attributes('data-state'));
    expect(states).toEqual(['unread', 'to-do', 'follow-up', 'assignee']);
    expect(fields.get('[data-testid="brand-user-reply"]').text()).toMatch(/^Answered by User \d+/);
    expect(fields.get('[data-testid="sentiment"]').text()).toBe('Negative');
  });

  it('shows a comment with its text, its post and that the brand has not answered', async () => {
    const { wrapper } = await openDetail('/inbox/6002', fakePreload());
    const fields = wrapper.get('[data-testid="interaction-fields"]');
    expect(fields.attributes('data-type')).toBe('FACEBOOK_COMMENT');
    expect(fields.get('[data-testid="text"]').text()).toBe('Great service, thanks!');
    expect(fields.get('[data-testid="post"]').text()).toContain('Our new store opens today');
    expect(wrapper.findAll('[data-state]').map((s) => s.attributes('data-state'))).toEqual([
      'read',
      'archived',
      'assignee',
    ]);
    expect(wrapper.get('[data-testid="detail-assignee"]').text()).toBe('Not assigned');
    expect(fields.get('[data-testid="brand-user-reply"]').text()).toBe('Not answered by the brand yet.');
    expect(fields.text()).toContain('No tickets.');
    expect(wrapper.get('[data-testid="detail-meta"]').text()).toBe('#6002 · Brand 102');
  });

  it('says plainly when the id is nobody among the chosen brands', async () => {
    const { wrapper } = await openDetail('/inbox/9999', fakePreload());
    expect(wrapper.get('[data-testid="detail-missing"]').text()).toContain('Not found');
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
  });
});

describe('the inbox detail pane: loading, failure, closing', () => {
  it('shows placeholders while the thread is on its way, then the thread', async () => {
    const preload = fakePreload();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { sampleThread } = await import('../../../helpers/fake-inbox-detail.ts');
    preload.answer('inbox:thread', async () => {
      await answered;
      return { ok: true, value: sampleThread };
    });
    const { wrapper } = await openDetail('/inbox/5001', preload);
    expect(wrapper.find('[data-testid="state-loading"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="tiktok-thread"]').exists()).toBe(false);
    release();
    await flushPromises();
    expect(wrapper.find('[data-testid="state-loading"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="tiktok-thread"]').exists()).toBe(true);
  });

  it('waits for the chosen brands as for the interaction: never "No brand chosen" before they come', async () => {
    const preload = fakePreload();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    preload.answer('brands:get', async () => {
      await answered;
      return { ok: true, value: { available: [101, 102], selected: [101, 102] } };
    });
    const { wrapper } = await openDetail('/inbox/5001', preload);
    expect(wrapper.text()).not.toContain('No brand chosen');
    expect(wrapper.find('[data-testid="state-loading"]').exists()).toBe(true);
    release();
    for (let round = 0; round < 4; round++) await flushPromises();
    expect(wrapper.find('[data-testid="tiktok-thread"]').exists()).toBe(true);
  });

  it("shows a failure in plain words with a Retry, never the service's own text", async () => {
    const preload = fakePreload();
    let fail = true;
    const { sampleThread } = await import('../../../helpers/fake-inbox-detail.ts');
    preload.answer('inbox:thread', (): CallResult<CallOutput<'inbox:thread'>> =>
      fail
        ? {
            ok: false,
            error: {
              code: 'service_error',
              message: 'SQLITE_BUSY at db.ts:42',
              fieldErrors: {},
              status: 500,
              wording: 'machine',
            },
          }
        : { ok: true, value: sampleThread },
    );
    const { wrapper } = await openDetail('/inbox/5001', preload);
    const error = wrapper.get('[data-testid="state-error"]');
    expect(error.text()).toContain('Could not load this interaction');
    expect(error.text()).toContain('The service ran into a problem. Try again in a moment.');
    expect(wordsShown(wrapper)).not.toContain('SQLITE_BUSY');
    expect(detailsText(error)).toContain('SQLITE_BUSY at db.ts:42');
    fail = false;
    await error.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="tiktok-thread"]').exists()).toBe(true);
  });

  it("keeps the app's own words for offline, which say what happens next", async () => {
    const preload = fakePreload();
    preload.answer('inbox:thread', () => ({
      ok: false,
      error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
    }));
    const { wrapper } = await openDetail('/inbox/5001', preload);
    expect(wrapper.get('[data-testid="state-error"]').text()).toContain('The service could not be reached.');
  });

  it('closes to the list route, keeping the filters in the query', async () => {
    const { router, wrapper } = await openDetail('/inbox/5001?types=TIKTOK_COMMENT&text=blue', fakePreload());
    await wrapper.get('[data-testid="detail-close"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('inbox');
    expect(router.currentRoute.value.query).toEqual({ types: 'TIKTOK_COMMENT', text: 'blue' });
  });

  it("does not show the previous interaction's content while the next one loads", async () => {
    const preload = fakePreload();
    const { router, wrapper } = await openDetail('/inbox/5001', preload);
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { sampleThread } = await import('../../../helpers/fake-inbox-detail.ts');
    preload.answer('inbox:thread', async ({ id }) => {
      await answered;
      return { ok: true, value: { ...sampleThread, id, replies: [] } };
    });
    await router.push('/inbox/5005');
    await flushPromises();
    expect(wrapper.find('[data-testid="tiktok-thread"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="state-loading"]').exists()).toBe(true);
    release();
    await flushPromises();
    expect(wrapper.find('[data-testid="comment"][data-id="5005"]').exists()).toBe(true);
  });
});
