import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import type { PostView } from '../../../../src/shared/contract/index.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { installFakePosts, samplePost } from '../../helpers/fake-posts.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { addressCaughtUp } from '../../helpers/address.ts';

let wrapper: VueWrapper;
let router: Router;
freshPageForEachTest();

const now = new Date('2026-11-25T10:00:00Z');

async function openScheduler(path: string, posts: PostView[]) {
  vi.useFakeTimers({ toFake: ['Date'], now });
  const preload = createFakePreload().install();
  const fake = installFakePosts(preload, posts);
  ({ wrapper, router } = await mountApp(path));
  await flushPromises();
  return { preload, fake };
}

const viewShown = () => wrapper.find('[data-testid="post-calendar"]').attributes('data-view') ?? 'list';
const viewInAddress = () => router.currentRoute.value.query.view;

async function pick(view: 'week' | 'month' | 'list') {
  await wrapper.get(`[data-testid="view-${view}"] input`).setValue(true);
  await addressCaughtUp(router);
}

describe('the Scheduler view in the address', () => {
  it('opens the view a link names, writes the one picked, and leaves the default week out', async () => {
    await openScheduler('/settings', [samplePost({ id: 1, timestamp: '2026-11-26T09:00:00Z' })]);
    await router.push('/scheduler?view=month');
    await flushPromises();
    expect(viewShown()).toBe('month');
    await pick('list');
    expect(viewInAddress()).toBe('list');
    expect(wrapper.find('[data-testid="posts-table"]').exists()).toBe(true);
    await pick('week');
    expect(viewShown()).toBe('week');
    expect(viewInAddress()).toBeUndefined();
    // Picking a view replaces the entry: back leaves the Scheduler, not the view.
    router.back();
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('settings');
  });

  it('comes back through the menu on the view shown last, and the address says so', async () => {
    await openScheduler('/scheduler', [samplePost({ id: 1, timestamp: '2026-11-26T09:00:00Z' })]);
    await pick('month');
    await router.push('/settings?view=list');
    await flushPromises();
    await router.push('/scheduler');
    await addressCaughtUp(router);
    expect(viewShown()).toBe('month');
    expect(viewInAddress()).toBe('month');
  });
});

describe('the list of posts, a page at a time', () => {
  const many = () =>
    Array.from({ length: 120 }, (_, i) =>
      samplePost({ id: i + 1, timestamp: new Date(Date.UTC(2026, 11, 1, 0, i)).toISOString() }),
    );
  const rows = () => wrapper.findAll('[data-testid="post-row"]').map((r) => r.attributes('data-post'));
  const offsetsAsked = (preload: ReturnType<typeof createFakePreload>) =>
    preload.inputsOf('posts:list').map((input) => input.offset);
  async function toPage(page: number) {
    const item = wrapper.findAll('.n-pagination-item').find((i) => i.text() === String(page));
    await item!.trigger('click');
    await flushPromises();
  }

  it('reads the page shown, and shows a page read before again without asking for it', async () => {
    const { preload } = await openScheduler('/scheduler?view=list', many());
    expect(rows()[0]).toBe('threads:1');
    await toPage(2);
    expect(rows()).toHaveLength(50);
    expect(rows()[0]).toBe('threads:51');
    const asked = offsetsAsked(preload).length;
    await toPage(1);
    expect(rows()[0]).toBe('threads:1');
    expect(offsetsAsked(preload)).toHaveLength(asked);
  });

  it('says a page could not be read in place of its rows, and Retry reads it', async () => {
    const { preload, fake } = await openScheduler('/scheduler?view=list', many());
    preload.answer('posts:list', () => ({
      ok: false,
      error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
    }));
    await toPage(3);
    expect(wrapper.get('[data-testid="state-error"]').text()).toContain('Could not load the posts');
    installFakePosts(preload, fake.posts);
    await wrapper.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(rows()).toHaveLength(20);
    expect(rows()[0]).toBe('threads:101');
  });
});
