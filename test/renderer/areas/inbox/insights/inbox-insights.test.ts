import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { darkTheme, lightTheme, NConfigProvider } from 'naive-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, type Component } from 'vue';
import InboxInsights from '../../../../../src/renderer/src/areas/inbox/insights/inbox-insights.vue';
import { fakeInboxDetail, sampleInsights } from '../../../helpers/fake-inbox-detail.ts';
import { createFakePreload } from '../../../helpers/fake-preload.ts';
import { wordsShown } from '../../../helpers/words-shown.ts';
import { freshPageForEachTest } from '../../../helpers/mount-app.ts';

// ECharts draws into a real layout, which happy-dom has none of: the charts' option and click
// events are what these tests check; the drawing itself is checked in Chromium (end to end).
vi.mock('vue-echarts', async () => {
  const { defineComponent, h: render } = await import('vue');
  return {
    default: defineComponent({
      name: 'VChart',
      props: { option: { type: Object, required: true } },
      emits: ['click'],
      setup: () => () => render('div', { class: 'chart-stub' }),
    }),
  };
});

freshPageForEachTest();
let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

type Props = { brandIds: number[]; from?: string; to?: string; refreshKey: number };
const allTime: Props = { brandIds: [101, 102], refreshKey: 0 };

function fakePreload() {
  const preload = createFakePreload().install();
  fakeInboxDetail(preload);
  return preload;
}

async function mountInsights(props: Props = allTime, preload = fakePreload()) {
  wrapper = mount(InboxInsights, { props, attachTo: document.body });
  await flushPromises();
  return { preload, wrapper };
}

interface ChartOption {
  textStyle: { color: string };
  yAxis?: { splitLine: { lineStyle: { color: string } } };
  series: { name?: string; data: unknown[] }[];
}
const chartIn = (w: VueWrapper, card: string) => {
  const chart = w.get(`[data-testid="${card}"]`).findComponent({ name: 'VChart' });
  return { chart, option: chart.props('option') as ChartOption };
};

describe('the insights panel', () => {
  it('asks for the brands and range given, and draws the four statistics', async () => {
    const range = { ...allTime, from: '2026-03-01T00:00:00Z', to: '2026-03-31T00:00:00Z' };
    const { preload, wrapper } = await mountInsights(range);
    expect(preload.inputsOf('inbox:insights')).toEqual([
      { brandIds: [101, 102], from: '2026-03-01T00:00:00Z', to: '2026-03-31T00:00:00Z' },
    ]);
    expect(chartIn(wrapper, 'card-sentiment').option.series[0]!.data).toMatchObject([
      { name: 'Positive', value: 120 },
      { name: 'Neutral', value: 50 },
      { name: 'Negative', value: 30 },
    ]);
    const trend = chartIn(wrapper, 'card-sentiment-trend').option.series;
    expect(trend.map((s) => [s.name, s.data])).toEqual([
      ['Positive', [40, 80]],
      ['Neutral', [20, 30]],
      ['Negative', [10, 20]],
    ]);
    expect(chartIn(wrapper, 'card-volume').option.series.map((s) => s.data)).toEqual([[70, 130]]);
    const words = wrapper.findAll('[data-testid="keyword"]').map((k) => k.attributes('data-keyword'));
    expect(words).toEqual(['blue', 'shipping', 'refund']);
    expect(wrapper.get('[data-testid="question-count"]').text()).toBe('18 questions');
  });

  it('emits the keyword clicked, to search the inbox for it', async () => {
    const { wrapper } = await mountInsights();
    await wrapper.get('[data-keyword="shipping"]').trigger('click');
    expect(wrapper.emitted('keyword')).toEqual([['shipping']]);
  });

  it('emits the sentiment of the slice clicked, and of its legend line (for the keyboard)', async () => {
    const { wrapper } = await mountInsights();
    const { chart, option } = chartIn(wrapper, 'card-sentiment');
    chart.vm.$emit('click', { componentType: 'series', seriesType: 'pie', data: option.series[0]!.data[2] });
    await wrapper.get('.slice[data-sentiment="positive"]').trigger('click');
    expect(wrapper.emitted('sentiment')).toEqual([['negative'], ['positive']]);
  });

  it('says plainly when the service could not apply the range', async () => {
    const preload = createFakePreload().install();
    fakeInboxDetail(preload, { insights: { ...sampleInsights, rangeApplied: false } });
    const { wrapper } = await mountInsights({ ...allTime, from: '2026-03-01T00:00:00Z' }, preload);
    expect(wrapper.get('[data-testid="range-note"]').text()).toBe(
      'The service could not apply the date range: these figures are for all time.',
    );
  });

  it('has no range note when the range was applied or none was asked', async () => {
    const { wrapper } = await mountInsights({ ...allTime, from: '2026-03-01T00:00:00Z' });
    expect(wrapper.find('[data-testid="range-note"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="insights-range"]').text()).toContain('now');
    wrapper.unmount();
    const again = await mountInsights();
    expect(again.wrapper.find('[data-testid="range-note"]').exists()).toBe(false);
    expect(again.wrapper.get('[data-testid="insights-range"]').text()).toBe('All time');
  });

  it("draws in the app's theme, light or dark", async () => {
    const preload = createFakePreload().install();
    fakeInboxDetail(preload);
    const inTheme = (theme: typeof darkTheme | null): Component => ({
      render: () => h(NConfigProvider, { theme }, () => h(InboxInsights, allTime)),
    });
    wrapper = mount(inTheme(darkTheme));
    await flushPromises();
    const dark = chartIn(wrapper, 'card-volume').option;
    expect(dark.textStyle.color).toBe(darkTheme.common.textColor2);
    expect(dark.yAxis!.splitLine.lineStyle.color).toBe(darkTheme.common.dividerColor);
    wrapper.unmount();
    wrapper = mount(inTheme(null));
    await flushPromises();
    const light = chartIn(wrapper, 'card-volume').option;
    expect(light.textStyle.color).toBe(lightTheme.common.textColor2);
    expect(light.textStyle.color).not.toBe(dark.textStyle.color);
  });

  it('reloads when the range or the refresh key changes', async () => {
    const { preload, wrapper } = await mountInsights();
    await wrapper.setProps({ brandIds: [101, 102] });
    await flushPromises();
    expect(preload.inputsOf('inbox:insights')).toHaveLength(1);
    await wrapper.setProps({ from: '2026-03-01T00:00:00Z' });
    await flushPromises();
    await wrapper.setProps({ refreshKey: 1 });
    await flushPromises();
    expect(preload.inputsOf('inbox:insights')).toEqual([
      { brandIds: [101, 102] },
      { brandIds: [101, 102], from: '2026-03-01T00:00:00Z' },
      { brandIds: [101, 102], from: '2026-03-01T00:00:00Z' },
    ]);
  });

  it('holds the four cards in place while loading, then fails in plain words with a Retry', async () => {
    const preload = createFakePreload().install();
    fakeInboxDetail(preload);
    let answer: 'wait' | 'fail' | 'ok' = 'wait';
    preload.answer('inbox:insights', () => {
      if (answer === 'wait') return new Promise(() => {});
      if (answer === 'fail') {
        return {
          ok: false,
          error: {
            code: 'service_error',
            message: 'keyword index rebuilding',
            fieldErrors: {},
            wording: 'machine',
          },
        };
      }
      return { ok: true, value: sampleInsights };
    });
    const { wrapper } = await mountInsights(allTime, preload);
    expect(wrapper.findAll('[data-testid="insights-loading"] .n-card')).toHaveLength(4);
    answer = 'fail';
    await wrapper.setProps({ refreshKey: 1 });
    await flushPromises();
    const error = wrapper.get('[data-testid="state-error"]');
    expect(error.text()).toContain('Could not load the insights');
    expect(wordsShown(error)).not.toContain('keyword index');
    answer = 'ok';
    await error.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid="keyword"]')).toHaveLength(3);
  });

  it('sums half a year of days into weeks, and says so', async () => {
    const start = Date.parse('2026-01-05T00:00:00Z'); // a Monday
    const day = (index: number) => new Date(start + index * 86_400_000).toISOString().slice(0, 10);
    const volumeSeries = Array.from({ length: 182 }, (_, index) => ({ date: day(index), count: 1 }));
    const preload = createFakePreload().install();
    fakeInboxDetail(preload, { insights: { ...sampleInsights, volumeSeries } });
    const { wrapper } = await mountInsights(allTime, preload);
    const { chart, option } = chartIn(wrapper, 'card-volume');
    expect(option.series[0]!.data).toEqual(Array.from({ length: 26 }, () => 7));
    expect(chart.attributes('aria-label')).toBe('Interactions per week');
    expect(wrapper.get('[data-testid="card-volume"]').text()).toContain('per week');
    expect(wrapper.get('[data-testid="card-sentiment-trend"]').text()).toContain('per day');
  });

  it('says so when there is nothing in the range', async () => {
    const preload = createFakePreload().install();
    fakeInboxDetail(preload, {
      insights: {
        sentiment: { positive: 0, negative: 0, neutral: 0, question: 0 },
        sentimentSeries: [],
        volumeSeries: [],
        keywords: [],
        rangeApplied: true,
      },
    });
    const { wrapper } = await mountInsights(allTime, preload);
    expect(wrapper.get('[data-testid="state-empty"]').text()).toContain('No interactions in this range');
  });
});
