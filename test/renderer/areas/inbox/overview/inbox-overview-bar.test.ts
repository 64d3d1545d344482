import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import InboxOverviewBar from '../../../../../src/renderer/src/areas/inbox/overview/inbox-overview-bar.vue';
import { useInboxOverview } from '../../../../../src/renderer/src/areas/inbox/overview/use-inbox-overview.ts';
import { fakeInboxDetail } from '../../../helpers/fake-inbox-detail.ts';
import { createFakePreload } from '../../../helpers/fake-preload.ts';
import { freshPageForEachTest } from '../../../helpers/mount-app.ts';

freshPageForEachTest();
// The waiting queue beside the figures reads the waiting steps from the app's settings.
beforeEach(() => setActivePinia(createPinia()));

/**
 * The bar as the inbox view mounts it: the overview read for these brands, and an unread count
 * of the inbox's own (here the overview's, as a stand-in for the store's).
 */
const Harness = defineComponent({
  props: {
    brandIds: { type: Array as () => number[], required: true },
    refreshKey: { type: Number, required: true },
    offline: { type: Boolean, default: false },
  },
  setup(props) {
    const { overview, loading, error, reload } = useInboxOverview(props);
    return () =>
      h(InboxOverviewBar, {
        brandIds: props.brandIds,
        refreshKey: props.refreshKey,
        overview: overview.value,
        unread: overview.value?.unreadCount ?? null,
        loading: loading.value,
        error: error.value,
        offline: props.offline,
        onRetry: () => void reload(),
      });
  },
});
let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountBar(props = { brandIds: [101, 102], refreshKey: 0 }) {
  const preload = createFakePreload().install();
  const fake = fakeInboxDetail(preload);
  wrapper = mount(Harness, { props, attachTo: document.body });
  await flushPromises();
  return { preload, fake, wrapper };
}

const figure = (w: VueWrapper, key: string) => w.get(`[data-figure="${key}"] dd`).text();

describe('the inbox overview bar', () => {
  it('shows unread, follow-ups, total and the average response time in words', async () => {
    const { preload, wrapper } = await mountBar();
    expect(preload.inputsOf('inbox:overview')).toEqual([{ brandIds: [101, 102] }]);
    expect(figure(wrapper, 'unread')).toBe('1,234');
    expect(figure(wrapper, 'follow-up')).toBe('56');
    expect(figure(wrapper, 'total')).toBe('98,765');
    expect(figure(wrapper, 'response-time')).toBe('2 hours 5 minutes');
  });

  it('says what the service did not give rather than showing zero', async () => {
    const preload = createFakePreload().install();
    fakeInboxDetail(preload, {
      overview: { unreadCount: null, followUpCount: 0, totalCount: 3, averageResponseTime: null },
    });
    wrapper = mount(Harness, { props: { brandIds: [101], refreshKey: 0 } });
    await flushPromises();
    expect(figure(wrapper, 'unread')).toBe('–');
    expect(figure(wrapper, 'follow-up')).toBe('0');
    expect(figure(wrapper, 'response-time')).toBe('No replies yet');
  });

  it('offline, says the average response time is not known rather than that there are no replies', async () => {
    const preload = createFakePreload().install();
    // This computer's copy answers offline: it holds no reply times.
    fakeInboxDetail(preload, {
      overview: { unreadCount: 12, followUpCount: 3, totalCount: 40, averageResponseTime: null },
    });
    wrapper = mount(Harness, { props: { brandIds: [101], refreshKey: 0, offline: true } });
    await flushPromises();
    expect(figure(wrapper, 'total')).toBe('40');
    expect(figure(wrapper, 'response-time')).toBe('Not known offline');
  });

  it('reloads when the brands or the refresh key change, not for an equal brand list', async () => {
    const { preload, fake, wrapper } = await mountBar();
    await wrapper.setProps({ brandIds: [101, 102] });
    await flushPromises();
    expect(preload.inputsOf('inbox:overview')).toHaveLength(1);
    await wrapper.setProps({ brandIds: [101] });
    await flushPromises();
    expect(preload.inputsOf('inbox:overview')).toEqual([{ brandIds: [101, 102] }, { brandIds: [101] }]);
    fake.setOverview({ unreadCount: 7, followUpCount: 1, totalCount: 9, averageResponseTime: 30 });
    await wrapper.setProps({ refreshKey: 1 });
    await flushPromises();
    expect(preload.inputsOf('inbox:overview')).toHaveLength(3);
    expect(figure(wrapper, 'unread')).toBe('7');
    expect(figure(wrapper, 'response-time')).toBe('under a minute');
  });

  it('holds its place with placeholders while loading', async () => {
    const preload = createFakePreload().install();
    fakeInboxDetail(preload);
    preload.answer('inbox:overview', () => new Promise(() => {}));
    preload.answer('inbox:waiting-summary', () => new Promise(() => {}));
    wrapper = mount(Harness, { props: { brandIds: [101], refreshKey: 0 } });
    await flushPromises();
    // The four figures of the service and the waiting queue's size.
    expect(wrapper.findAll('[data-figure]')).toHaveLength(5);
    expect(wrapper.findAll('.n-skeleton')).toHaveLength(5);
    expect(wrapper.attributes('aria-busy')).toBe('true');
  });

  it('fails in plain words with a Retry that loads again', async () => {
    const preload = createFakePreload().install();
    fakeInboxDetail(preload);
    let fail = true;
    const { sampleOverview } = await import('../../../helpers/fake-inbox-detail.ts');
    preload.answer('inbox:overview', () =>
      fail
        ? {
            ok: false,
            error: {
              code: 'service_error',
              message: 'upstream 502 from stats-7',
              fieldErrors: {},
              wording: 'machine',
            },
          }
        : { ok: true, value: sampleOverview },
    );
    wrapper = mount(Harness, { props: { brandIds: [101], refreshKey: 0 } });
    await flushPromises();
    const error = wrapper.get('[data-testid="overview-error"]');
    expect(error.text()).toContain('Could not load the overview.');
    expect(error.text()).not.toContain('stats-7');
    fail = false;
    await error.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="overview-error"]').exists()).toBe(false);
    expect(figure(wrapper, 'unread')).toBe('1,234');
  });
});
