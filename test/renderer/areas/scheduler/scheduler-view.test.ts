import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { Router } from 'vue-router';
import PostCalendar from '../../../../src/renderer/src/areas/scheduler/components/post-calendar.vue';
import { useSchedulerStore } from '../../../../src/renderer/src/areas/scheduler/scheduler-store.ts';
import { timeFromNow } from '../../../../src/renderer/src/lib/time-words.ts';
import type { PostView } from '../../../../src/shared/contract/index.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { installFakePosts, samplePost } from '../../helpers/fake-posts.ts';
import { freshPageForEachTest, mountApp, screenText } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
let router: Router;
freshPageForEachTest();

const now = new Date('2026-11-25T10:00:00Z');
const posts = () => [
  samplePost({ id: 1, timestamp: '2026-11-26T09:00:00Z', text: 'Spring collection teaser' }),
  samplePost({
    id: 2,
    channel: 'instagram',
    status: 'FAILED',
    timestamp: '2026-11-24T08:00:00Z',
    auto_publish_error: 'INVALID_AUTH',
    text: 'Behind the scenes',
  }),
  samplePost({
    id: 3,
    channel: 'twitter',
    status: 'POSTED',
    timestamp: '2026-11-23T15:00:00Z',
    live_post_url: 'https://x.com/sandbox/status/3',
  }),
  samplePost({ id: 4, status: 'DRAFT', sort_index: 7, text: 'Second idea' }),
  samplePost({ id: 5, channel: 'linkedin', status: 'DRAFT', sort_index: 2, text: 'First idea' }),
];

async function openScheduler(path = '/scheduler') {
  // Only the date moves: "today" is fixed, timers stay real for the app's own work.
  vi.useFakeTimers({ toFake: ['Date'], now });
  const preload = createFakePreload().install();
  const fake = installFakePosts(preload, posts());
  ({ wrapper, router } = await mountApp(path));
  await flushPromises();
  return { preload, fake };
}

describe('the Scheduler page', () => {
  it("asks the calendar's week over every channel and shows its posts, the unscheduled ones beside it", async () => {
    const { preload } = await openScheduler();
    const asked = preload.inputsOf('posts:list').map((input) => input.query);
    const week = asked.find((q) => q.hasScheduledTime === true)!;
    expect(week).toMatchObject({ brandIds: [101, 102], sort: 'TIMESTAMP' });
    expect(week.channels).toBeUndefined();
    expect(Date.parse(week.to!) - Date.parse(week.from!)).toBe(7 * 86_400_000);
    // Each post with its channel's mark (its code, drawn before its time and title) and its text.
    const titles = wrapper.findAll('.post-event').map((e) => `${e.attributes('data-mark')} ${e.text()}`);
    expect(titles.some((t) => t.startsWith('TH ') && t.endsWith('Spring collection teaser'))).toBe(true);
    expect(titles.some((t) => t.startsWith('IG ') && t.endsWith('Behind the scenes'))).toBe(true);
    const side = wrapper.findAll('[data-testid="unscheduled-post"]').map((b) => b.attributes('data-post'));
    expect(side).toEqual(['linkedin:5', 'threads:4']);
  });

  it('shows a post with its status, its publishing error in plain words, and Edit opens the composer', async () => {
    const { preload } = await openScheduler();
    const calendar = wrapper.findComponent(PostCalendar);
    calendar.vm.$emit('open', posts()[1]);
    await flushPromises();
    const details = document.querySelector('[data-testid="post-details"]')!;
    expect(details.querySelector('[data-testid="post-status"]')!.textContent).toContain('Failed');
    expect(details.textContent).toContain('no longer accepts the account');
    expect(details.textContent).toContain('Reconnect the account');
    // The composer is the Drafts area's: the Scheduler only asks for it by its address.
    const push = vi.spyOn(router, 'push').mockResolvedValue(undefined);
    (details.querySelector('[data-testid="edit-post"]') as HTMLElement).click();
    await flushPromises();
    // Over the Scheduler, its address (view, date, filters) kept.
    expect(push).toHaveBeenCalledWith({
      name: 'scheduler-post',
      params: { channel: 'instagram', postId: 2 },
      query: router.currentRoute.value.query,
    });
    expect(preload.inputsOf('posts:reschedule')).toEqual([]);
  });

  it('moves a dropped post, and Undo in the message puts it back', async () => {
    const { preload, fake } = await openScheduler();
    const revert = vi.fn();
    wrapper
      .findComponent(PostCalendar)
      .vm.$emit('move', posts()[0], new Date('2026-11-27T14:00:00Z'), revert);
    await flushPromises();
    expect(preload.inputsOf('posts:reschedule')).toEqual([
      { channel: 'threads', id: 1, timestamp: '2026-11-27T14:00:00.000Z' },
    ]);
    expect(revert).not.toHaveBeenCalled();
    expect(fake.posts.find((p) => p.id === 1)!.timestamp).toBe('2026-11-27T14:00:00.000Z');
    (document.querySelector('[data-testid="undo-move"]') as HTMLElement).click();
    await flushPromises();
    expect(preload.inputsOf('posts:reschedule').at(-1)).toEqual({
      channel: 'threads',
      id: 1,
      timestamp: '2026-11-26T09:00:00Z',
    });
    expect(fake.posts.find((p) => p.id === 1)!.timestamp).toBe('2026-11-26T09:00:00Z');
  });

  it('puts a refused move back and says why in plain words', async () => {
    const { preload } = await openScheduler();
    preload.answer('posts:reschedule', () => ({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Invalid input.',
        fieldErrors: { timestamp: ['Must be after the current time.'] },
        status: 422,
      },
    }));
    const revert = vi.fn();
    wrapper
      .findComponent(PostCalendar)
      .vm.$emit('move', posts()[0], new Date('2026-11-27T14:00:00Z'), revert);
    await flushPromises();
    expect(revert).toHaveBeenCalledOnce();
    // In the app's one error toast, in the presenter's words: the title says what became of the
    // post, the field what to change.
    const [toast, ...more] = errorToasts();
    expect(more).toEqual([]);
    expect(toast!.closest('.n-notification')!.textContent).toContain('The post stays where it was');
    expect(toast!.querySelector('[data-field="timestamp"]')!.textContent!.trim()).toBe(
      'Publish time: Must be after the current time.',
    );
    expect(toasts()).toEqual([]);
  });

  it('lists posts with filters, chips and the published link, and deletes one only after confirming', async () => {
    const { preload } = await openScheduler('/scheduler?view=list');
    const rows = () => wrapper.findAll('[data-testid="post-row"]').map((r) => r.attributes('data-post'));
    expect(rows()).toEqual(['twitter:3', 'instagram:2', 'threads:1', 'threads:4', 'linkedin:5']);
    const row = (key: string) => wrapper.get(`[data-testid="post-row"][data-post="${key}"]`);
    expect(row('twitter:3').get('[data-testid="post-status"]').text()).toBe('Published');
    expect(row('twitter:3').get('[data-testid="live-link"]').attributes('href')).toBe(
      'https://x.com/sandbox/status/3',
    );
    expect(row('instagram:2').get('[data-testid="publish-error"]').text()).toContain('Reconnect the account');

    await row('threads:1').get('[data-testid="delete-post"]').trigger('click');
    await flushPromises();
    const cancel = [...document.querySelectorAll('.n-dialog button')].find((b) =>
      b.textContent?.includes('Cancel'),
    );
    (cancel as HTMLElement).click();
    await flushPromises();
    expect(preload.inputsOf('posts:delete')).toEqual([]);

    await row('threads:1').get('[data-testid="delete-post"]').trigger('click');
    await flushPromises();
    // The last dialog: the one cancelled before may still be on its way out.
    const confirm = [...document.querySelectorAll('.n-dialog button')]
      .filter((b) => b.textContent?.includes('Delete post'))
      .at(-1);
    (confirm as HTMLElement).click();
    await flushPromises();
    expect(preload.inputsOf('posts:delete')).toEqual([{ channel: 'threads', id: 1 }]);
    expect(rows()).not.toContain('threads:1');
  });

  it('puts a post moved from the list in its new place at once, before the list is read again', async () => {
    const { preload } = await openScheduler('/scheduler?view=list');
    const rows = () => wrapper.findAll('[data-testid="post-row"]').map((r) => r.attributes('data-post'));
    expect(rows()).toEqual(['twitter:3', 'instagram:2', 'threads:1', 'threads:4', 'linkedin:5']);
    const reads = preload.inputsOf('posts:list').length;
    const store = useSchedulerStore();
    await store.reschedule(posts()[2]!, '2026-11-28T10:00:00.000Z');
    await nextTick();
    expect(rows()).toEqual(['instagram:2', 'threads:1', 'twitter:3', 'threads:4', 'linkedin:5']);
    expect(preload.inputsOf('posts:list').length).toBe(reads);
  });

  it('says what went wrong when the posts cannot be read, and Retry reads them again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    const preload = createFakePreload().install();
    preload.answer('posts:list', () => ({
      ok: false,
      error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
    }));
    ({ wrapper } = await mountApp('/scheduler'));
    await flushPromises();
    expect(wrapper.get('[data-testid="state-error"]').text()).toContain('The service could not be reached.');
    expect(wrapper.find('[data-testid="calendar-empty"]').exists()).toBe(false);
    installFakePosts(preload, posts());
    await wrapper.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(wrapper.findAll('.post-event').length).toBeGreaterThan(0);
  });
});

const details = () => document.querySelector('[data-testid="post-details"]');
const eventTitles = () => wrapper.findAll('.post-event').map((e) => e.text());
/** The toasts on screen (one leaving is not). */
const toasts = () =>
  [...document.querySelectorAll('.n-message')].filter((m) => !m.closest('[class*="leave"]'));
/** The app's error toasts (the call-error store's), in the presenter's words. */
const errorToasts = () => [...document.querySelectorAll('[data-testid="call-error"]')];

async function openPost(post: PostView) {
  wrapper.findComponent(PostCalendar).vm.$emit('open', post);
  await flushPromises();
  expect(details()).not.toBeNull();
}

describe('what the Scheduler keeps of a post', () => {
  it('shows a post edited elsewhere (a draft the outbox sent) at once, in the calendar and the open pane', async () => {
    const { preload, fake } = await openScheduler();
    await openPost(posts()[0]!);
    const reads = preload.inputsOf('posts:list').length;
    fake.posts[0] = { ...fake.posts[0]!, text: 'Doors open at nine', updated_at: '2026-11-25T10:00:00Z' };
    preload.emit('posts:changed', { channel: 'threads', id: 1, post: fake.posts[0] });
    await flushPromises();
    expect(eventTitles().some((t) => t.includes('Doors open at nine'))).toBe(true);
    expect(eventTitles().some((t) => t.includes('Spring collection teaser'))).toBe(false);
    expect(details()!.textContent).toContain('Doors open at nine');
    // Read again too: a change may also bring a post into the week or take one out of it.
    expect(preload.inputsOf('posts:list').length).toBeGreaterThan(reads);
  });

  it('back from elsewhere: the pane left open stays closed, and what changed meanwhile is shown', async () => {
    const { preload, fake } = await openScheduler();
    await openPost(posts()[0]!);
    await router.push('/settings');
    await flushPromises();

    fake.posts[0] = { ...fake.posts[0]!, text: 'Doors open at nine', updated_at: '2026-11-25T10:00:00Z' };
    const added = samplePost({ id: 6, timestamp: '2026-11-27T10:00:00Z', text: 'A late addition' });
    fake.posts.push(added);
    preload.emit('posts:changed', { channel: 'threads', id: 1, post: fake.posts[0] });
    preload.emit('posts:changed', { channel: 'threads', id: 6, post: added });
    await flushPromises();

    await router.push('/scheduler');
    await flushPromises();
    expect(details()).toBeNull();
    expect(eventTitles().some((t) => t.includes('Doors open at nine'))).toBe(true);
    expect(eventTitles().some((t) => t.includes('A late addition'))).toBe(true);
  });

  it('back from elsewhere: the calendar shows the week it showed', async () => {
    await openScheduler();
    await wrapper.get('[data-testid="calendar-next"]').trigger('click');
    await flushPromises();
    const week = wrapper.get('[data-testid="calendar-title"]').text();
    await router.push('/settings');
    await flushPromises();
    await router.push('/scheduler');
    await flushPromises();
    expect(wrapper.get('[data-testid="calendar-title"]').text()).toBe(week);
  });
});

describe('what a move came to', () => {
  const pastRefusal = (bound: string) => () => ({
    ok: false as const,
    error: {
      code: 'invalid_input' as const,
      message: 'A SCHEDULED post needs a timestamp in the future.',
      fieldErrors: { timestamp: ['Must be after the current time.'] },
      fieldRules: [{ field: 'timestamp', rule: 'after' as const, bound }],
      status: 422,
    },
  });

  it("says a past time's refusal in the person's words, once, in the open pane rather than over it", async () => {
    const { preload } = await openScheduler();
    const bound = '2026-11-25T09:58:00.000Z';
    preload.answer('posts:reschedule', pastRefusal(bound));
    await openPost(posts()[0]!);
    const move = () => (document.querySelector('[data-testid="move-post"]') as HTMLElement).click();
    move();
    await flushPromises();
    move();
    await flushPromises();
    const said = [...details()!.querySelectorAll('[data-testid="move-refusal"]')].map((n) => n.textContent);
    expect(said).toEqual([`The post stays where it was. Pick a time after ${timeFromNow(bound, now)}.`]);
    expect(toasts()).toEqual([]);
    expect(screenText()).not.toContain('09:58:00');
  });

  it("says a refusal about no field in the app's one error toast, the open pane left as it was", async () => {
    const { preload } = await openScheduler();
    preload.answer('posts:reschedule', () => ({
      ok: false,
      error: { code: 'service_error', message: '', wording: 'machine', fieldErrors: {}, status: 502 },
    }));
    await openPost(posts()[0]!);
    (document.querySelector('[data-testid="move-post"]') as HTMLElement).click();
    await flushPromises();
    expect(details()!.querySelector('[data-testid="move-refusal"]')).toBeNull();
    expect(toasts()).toEqual([]);
    const said = errorToasts().map((toast) => toast.closest('.n-notification')!.textContent);
    expect(said).toEqual([
      expect.stringContaining(
        'The post stays where it wasThe service ran into a problem. Try again in a moment.',
      ),
    ]);
  });

  it('shows one message at a time: a refused drag takes the place of the move before it', async () => {
    const { preload } = await openScheduler();
    const calendar = wrapper.findComponent(PostCalendar);
    calendar.vm.$emit('move', posts()[0], new Date('2026-11-27T14:00:00Z'), vi.fn());
    await flushPromises();
    expect(toasts()).toHaveLength(1);
    preload.answer('posts:reschedule', pastRefusal('2026-11-25T09:58:00.000Z'));
    calendar.vm.$emit('move', posts()[2], new Date('2026-11-25T09:00:00Z'), vi.fn());
    await flushPromises();
    // The refusal, in the app's one error toast, takes the place of the move's message.
    expect(toasts()).toEqual([]);
    expect(errorToasts()).toHaveLength(1);
    expect(errorToasts()[0]!.textContent).toContain('Pick a time after');
  });

  it('a message about a post goes into its pane when the pane opens, Undo with it', async () => {
    const { preload } = await openScheduler();
    wrapper
      .findComponent(PostCalendar)
      .vm.$emit('move', posts()[0], new Date('2026-11-27T14:00:00Z'), vi.fn());
    await flushPromises();
    expect(toasts()).toHaveLength(1);
    await openPost(posts()[0]!);
    expect(toasts()).toEqual([]);
    expect(details()!.querySelector('[data-testid="moved-message"]')).not.toBeNull();
    (details()!.querySelector('[data-testid="undo-move"]') as HTMLElement).click();
    await flushPromises();
    expect(preload.inputsOf('posts:reschedule').at(-1)).toMatchObject({
      id: 1,
      timestamp: '2026-11-26T09:00:00Z',
    });
    expect(details()!.querySelector('[data-testid="put-back"]')).not.toBeNull();
  });
});
