import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';
import { useBrandsStore } from '../../../src/renderer/src/app/brands-store.ts';
import { useLiveAttentionStore } from '../../../src/renderer/src/app/live-attention.ts';
import { useSettingsStore } from '../../../src/renderer/src/app/settings-store.ts';
import type { InboxUnreadCounts } from '../../../src/shared/contract/index.ts';
import { sampleProfile } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';

afterEach(() => {
  delete window.socialdesk;
  document.title = '';
});

const counts = (total: number): InboxUnreadCounts =>
  ({ total, byType: { FACEBOOK_COMMENT: total } }) as unknown as InboxUnreadCounts;

/** The store as the app shell starts it: before any area, with the chosen brands read. */
async function startUp(unread: number, unreadBadge = true) {
  const preload = createFakePreload({ settings: { unreadBadge } }).install();
  const asked: unknown[] = [];
  preload.answer('inbox:unread-counts', (input) => {
    asked.push(input);
    return { ok: true, value: counts(unread) };
  });
  const pinia = createPinia();
  setActivePinia(pinia);
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/:any(.*)', name: 'inbox-detail', component: { render: () => null } }],
  });
  let attention!: ReturnType<typeof useLiveAttentionStore>;
  mount(
    defineComponent({
      setup() {
        void useSettingsStore().load();
        void useBrandsStore();
        attention = useLiveAttentionStore();
        return () => h('div');
      },
    }),
    { global: { plugins: [pinia, router] } },
  );
  await flushPromises();
  return { preload, attention, asked };
}

describe('the unread count on the badge (the page title in the browser shell)', () => {
  it('is the chosen brands’ whole unread count, from the start, without a date range', async () => {
    const { asked, attention } = await startUp(1234);
    expect(asked).toEqual([{ brandIds: sampleProfile.brandIds }]);
    expect(attention.unreadTotal).toBe(1234);
    expect(document.title).toBe('(1,234) Socialdesk');
  });

  it('follows what each delta reads for the chosen brands, and not for other brands', async () => {
    const { preload } = await startUp(10);
    preload.emit('inbox:arrived', { profileId: 'p', brandIds: [999], items: [], unread: counts(50) });
    await flushPromises();
    expect(document.title).toBe('(10) Socialdesk');
    preload.emit('inbox:arrived', {
      profileId: 'p',
      brandIds: [...sampleProfile.brandIds].reverse(),
      items: [],
      unread: counts(12),
    });
    await flushPromises();
    expect(document.title).toBe('(12) Socialdesk');
  });

  it('follows triage on screen at once, and goes when the setting is off', async () => {
    const { attention } = await startUp(3);
    attention.unreadChanged(-1);
    await flushPromises();
    expect(document.title).toBe('(2) Socialdesk');
    delete window.socialdesk;

    await startUp(3, false);
    expect(document.title).toBe('Socialdesk');
  });
});
