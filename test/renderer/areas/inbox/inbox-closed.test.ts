import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import { giveListsAViewport, installFakeInbox, offline } from '../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

freshPageForEachTest();
giveListsAViewport();

let wrapper: VueWrapper;
let router: Router;

async function openInbox(count: number) {
  const preload = createFakePreload().install();
  const inbox = installFakeInbox(preload, { count });
  ({ wrapper, router } = await mountApp('/inbox'));
  await flushPromises();
  return { preload, inbox };
}

async function go(path: string, name: string, query: Record<string, string> = {}) {
  const arrived = arrivedAt(router, name);
  await router.push({ path, query });
  await arrived;
  await flushPromises();
}

const listCalls = (preload: ReturnType<typeof createFakePreload>) => preload.inputsOf('inbox:list').length;

describe('the inbox while another area is open', () => {
  it('coming back shows the rows at once, then the rows as the service has them now', async () => {
    const { preload, inbox } = await openInbox(20);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')).not.toBeNull();
    await go('/tags', 'tags');

    // Changed meanwhile; the service's answer held back to see what shows until it comes.
    inbox.items[0] = { ...inbox.items[0]!, text: 'Changed while the tags were open' };
    let answer!: () => void;
    inbox.state.held = new Promise((resolve) => (answer = resolve));
    const before = listCalls(preload);
    await go('/inbox', 'inbox');
    expect(wrapper.find('[data-testid="state-loading"]').exists()).toBe(false);
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')).not.toBeNull();
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toContain('20 interactions');
    expect(listCalls(preload)).toBe(before + 1);

    answer();
    await flushPromises();
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')!.textContent).toContain(
      'Changed while the tags were open',
    );
  });

  it("does not take another area's query for its filter", async () => {
    const { preload } = await openInbox(20);
    const before = listCalls(preload);
    // The campaigns list writes `q` and `sort` too.
    await go('/tags', 'tags', { q: 'nothing-matches', sort: 'SOURCE_UPDATED_AT' });
    expect(listCalls(preload)).toBe(before);

    await go('/inbox', 'inbox');
    // Back with the filter it had: the rows of before, read again, not an empty search.
    expect(preload.inputsOf('inbox:list').at(-1)!.query.filter).toEqual({ archived: false });
    expect(document.querySelector('[data-testid="inbox-row"][data-id="1000"]')).not.toBeNull();
  });

  it('stops asking the service again while offline once it is closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { preload, inbox } = await openInbox(20);
    inbox.state.down = offline;
    // A new list, which cannot be read: the inbox says so and asks again after a while.
    await wrapper.get('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="offline-note"]').exists()).toBe(true);
    let calls = listCalls(preload);
    vi.advanceTimersByTime(2_000);
    await flushPromises();
    expect(listCalls(preload)).toBeGreaterThan(calls);

    await go('/tags', 'tags');
    calls = listCalls(preload);
    vi.advanceTimersByTime(120_000);
    preload.emit('service:connection', { state: 'online', since: Date.now() });
    window.dispatchEvent(new Event('online'));
    await flushPromises();
    expect(listCalls(preload)).toBe(calls);
  });
});
