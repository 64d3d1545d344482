import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { defineComponent } from 'vue';
import InboxRow from '../../../../../src/renderer/src/areas/inbox/components/inbox-row.vue';
import WaitingQueue from '../../../../../src/renderer/src/areas/inbox/waiting/waiting-queue.vue';
import { sampleItem } from '../../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../../helpers/fake-preload.ts';
import { freshPageForEachTest } from '../../../helpers/mount-app.ts';

freshPageForEachTest();
beforeEach(() => setActivePinia(createPinia()));

const hour = 3_600_000;
const now = Date.parse('2026-11-23T15:00:00Z');

function routerForTest() {
  const blank = defineComponent({ template: '<div />' });
  return createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/inbox', name: 'inbox', component: blank },
      { path: '/inbox/:id', name: 'inbox-detail', component: blank },
    ],
  });
}

describe('a row’s waiting label', () => {
  it('says the wait short, coloured by the default steps, and nothing once the brand answered', () => {
    const waiting = sampleItem(1, {
      type: 'INSTAGRAM_COMMENT',
      created_at: new Date(now - 5 * hour).toISOString(),
      brand_user_reply: null,
    });
    const row = mount(InboxRow, { props: { item: waiting, tags: new Map(), tokens: [], now } });
    const label = row.get('[data-testid="waiting-label"]');
    expect(label.text()).toBe('Waiting 5 h');
    expect(label.attributes('data-level')).toBe('late');

    const answered = {
      ...waiting,
      brand_user_reply: { id: 1, brand_id: 101, created_at: new Date(now - hour).toISOString() },
    };
    const quiet = mount(InboxRow, { props: { item: answered, tags: new Map(), tokens: [], now } });
    expect(quiet.find('[data-testid="waiting-label"]').exists()).toBe(false);
  });
});

describe('the overview’s waiting queue', () => {
  it('says how many wait and links the one waiting longest', async () => {
    const preload = createFakePreload().install();
    const oldest = sampleItem(4, { type: 'FACEBOOK_COMMENT', author_username: 'mara' });
    preload.answer('inbox:waiting-summary', () => ({
      ok: true,
      value: { count: 1234, oldest: { item: oldest, since: new Date(Date.now() - 50 * hour).toISOString() } },
    }));
    const router = routerForTest();
    await router.push('/inbox?reply=yes');
    const wrapper = mount(
      {
        components: { WaitingQueue },
        template: '<dl><waiting-queue :brand-ids="[101]" :refresh-key="0" /></dl>',
      },
      { global: { plugins: [router] } },
    );
    await flushPromises();
    expect(preload.inputsOf('inbox:waiting-summary')).toEqual([{ brandIds: [101] }]);
    expect(wrapper.get('[data-testid="waiting-count"]').text()).toBe('1,234');
    const link = wrapper.get('[data-testid="oldest-waiting"]');
    expect(link.text()).toContain('mara · Facebook comment');
    expect(link.text()).toContain('Waiting 2 d');
    expect(link.attributes('href')).toBe(`/inbox/${oldest.id}?reply=yes`);
  });

  it('says it could not count, in plain words, with a Retry', async () => {
    const preload = createFakePreload().install();
    preload.answer('inbox:waiting-summary', () => ({
      ok: false,
      error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
    }));
    const wrapper = mount(
      {
        components: { WaitingQueue },
        template: '<dl><waiting-queue :brand-ids="[101]" :refresh-key="0" /></dl>',
      },
      { global: { plugins: [routerForTest()] } },
    );
    await flushPromises();
    expect(wrapper.text()).toContain('Could not count');
    expect(wrapper.text()).toContain('Retry');
  });
});
