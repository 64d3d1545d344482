import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import PostCalendar from '../../../../src/renderer/src/areas/scheduler/components/post-calendar.vue';
import { samplePost } from '../../helpers/fake-posts.ts';

// The month view draws a month of posts in one pass: what reaches FullCalendar when the posts
// change is the events alone, once (bench:drafts times the whole of it in Chromium).

type Calendar = {
  resetOptions(options: Record<string, unknown>, changed?: string[]): void;
  getOption(name: string): unknown;
};

const month = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    samplePost({
      id: i + 1,
      timestamp: new Date(Date.UTC(2026, 11, 1 + (i % 31), 8 + (i % 12))).toISOString(),
      text: `Post ${i + 1}`,
    }),
  );

let wrapper: ReturnType<typeof mount> | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountMonth() {
  wrapper = mount(PostCalendar, {
    props: { posts: [], view: 'month', dark: false },
    attachTo: document.body,
  });
  await flushPromises();
  const calendar = (wrapper.vm.$refs.calendar as { getApi(): Calendar }).getApi();
  return { wrapper, calendar };
}

describe('the calendar of posts', () => {
  it('gives FullCalendar a new set of posts as its events alone, once', async () => {
    const { wrapper, calendar } = await mountMonth();
    const reset = vi.spyOn(calendar, 'resetOptions');
    const posts = month(200);
    await wrapper.setProps({ posts });
    await nextTick();
    expect(reset).toHaveBeenCalledTimes(1);
    const [options, changed] = reset.mock.calls[0]!;
    expect(changed).toEqual(['events']);
    expect(Object.keys(options)).toEqual(['events']);
    expect((options.events as unknown[]).length).toBe(200);
  });

  it('follows the theme without being given its options again', async () => {
    const { wrapper, calendar } = await mountMonth();
    const reset = vi.spyOn(calendar, 'resetOptions');
    await wrapper.setProps({ dark: true });
    await nextTick();
    expect(calendar.getOption('colorScheme')).toBe('dark');
    expect(wrapper.find('[data-color-scheme="dark"]').exists()).toBe(true);
    expect(reset).not.toHaveBeenCalled();
  });

  it('limits a month day to a number of rows, so a month is placed without measuring every post', async () => {
    const { calendar } = await mountMonth();
    expect(calendar.getOption('dayMaxEvents')).toBeUndefined();
    expect(calendar.getOption('dayMaxEventRows')).toBeGreaterThanOrEqual(2);
    // Posts are moments: a hidden one is hidden whole, never fitted in pieces.
    expect(calendar.getOption('eventSlicing')).toBe(false);
  });
});
