import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PreviewTable from '../../../../src/renderer/src/areas/reports/components/preview-table.vue';
import { useReportBuilderStore } from '../../../../src/renderer/src/areas/reports/report-builder-store.ts';
import { lineChartOption } from '../../../../src/renderer/src/areas/reports/report-chart-option.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { installFakeReports } from '../../helpers/fake-reports.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
let builder: ReturnType<typeof useReportBuilderStore>;
freshPageForEachTest();
afterEach(() => vi.restoreAllMocks());

async function preview(type: 'TOTAL_METRIC' | 'GRAPH' | 'CONTENT_OWNED', limit?: number) {
  const preload = createFakePreload().install();
  installFakeReports(preload);
  const mounted = await mountApp('/reports');
  wrapper = mounted.wrapper;
  builder = useReportBuilderStore(mounted.pinia);
  await flushPromises();
  builder.form.report_type = type;
  if (limit !== undefined) builder.form.limit = limit;
  wrapper.get('[data-testid="report-builder"]').element.closest('form')!.dispatchEvent(new Event('submit'));
  await flushPromises();
  return preload;
}

/** happy-dom lays nothing out: the list is 12 rows of 32 px high, as the page draws it. */
function layOutTwelveRows() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('virtual-list') ? 384 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('virtual-list') ? 800 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'listitem' ? 32 : 0;
  });
}

describe('the report preview', () => {
  it('shows each figure with its comparison: up or down, and by how much', async () => {
    await preview('TOTAL_METRIC');
    const figures = wrapper.findAll('[data-testid="figure"]');
    expect(figures.map((f) => f.attributes('data-direction'))).toEqual(['up', 'down']);
    expect(figures[0]!.get('[data-testid="figure-value"]').text()).toBe('1,250');
    expect(figures[0]!.get('[data-testid="figure-change"]').text()).toMatch(/up 25\s?%.*vs 1,000/);
    expect(figures[1]!.get('[data-testid="figure-change"]').text()).toMatch(/down 20\s?%/);
  });

  it('draws a line per brand for graph reports', async () => {
    await preview('GRAPH');
    expect(wrapper.get('[data-testid="preview-chart"]').attributes('data-series')).toBe('2');
    const option = lineChartOption(
      {
        kind: 'series',
        series: [
          {
            brandId: 101,
            channel: 'INSTAGRAM',
            metric: 'IMPRESSIONS',
            points: [{ date: '2026-07-02', value: 5 }],
          },
          {
            brandId: 102,
            channel: 'INSTAGRAM',
            metric: 'IMPRESSIONS',
            points: [{ date: '2026-07-01', value: 3 }],
          },
        ],
      },
      { text: '#000', grid: '#ccc' },
    );
    // Dates of every line on one axis; a line without a point on a date has a gap there.
    expect(option.xAxis.data).toEqual(['2026-07-01', '2026-07-02']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Brand 101', [null, 5]],
      ['Brand 102', [3, null]],
    ]);
  });

  it('lists a long content report in a virtual list, loading pages as they scroll into view', async () => {
    layOutTwelveRows();
    const preload = await preview('CONTENT_OWNED', 5000);
    expect(wrapper.get('[data-testid="preview-count"]').text()).toBe('5,000 rows');
    const drawn = wrapper.findAll('[data-testid="preview-row"]');
    // Only the rows in view (and a few more) are drawn, not 5,000.
    expect(drawn.length).toBeLessThan(100);
    expect(drawn[0]!.text()).toContain('Post 1');
    expect(preload.inputsOf('reports:data').map((i) => i.offset)).toEqual([0]);
    // Scrolling to row 4,200 asks for the page that holds it.
    const list = wrapper.getComponent({ name: 'VirtualList' });
    list.vm.$emit('range', 4200, 4210);
    await flushPromises();
    expect(preload.inputsOf('reports:data').map((i) => i.offset)).toEqual([0, 4200]);
  });

  it('says in place when rows scrolled to could not be read, and Retry reads them', async () => {
    layOutTwelveRows();
    const preload = await preview('CONTENT_OWNED', 5000);
    preload.answer('reports:data', () => ({
      ok: false,
      error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
    }));
    wrapper.getComponent({ name: 'VirtualList' }).vm.$emit('range', 4200, 4210);
    await flushPromises();
    const card = () => wrapper.get('[data-testid="report-preview"]');
    expect(card().get('[data-testid="state-error"]').text()).toContain('Some rows could not be loaded');
    installFakeReports(preload);
    await card().get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(card().find('[data-testid="state-error"]').exists()).toBe(false);
    expect(preload.inputsOf('reports:data').map((i) => i.offset)).toEqual([0, 4200, 4200]);
  });

  it('shows id columns as plain digits beside metrics grouped and right-aligned', async () => {
    layOutTwelveRows();
    // A content report's row as the sandbox answers it: ids, an ordinal, a count and a rate.
    const columns = ['rank', 'brand_id', 'media_id', 'caption', 'impressions', 'engagement_rate'];
    const row = {
      rank: 1,
      brand_id: 101,
      media_id: 12345678,
      caption: 'new drop',
      impressions: 1234567,
      engagement_rate: 0.0456,
    };
    const table = mount(PreviewTable, {
      props: { view: { kind: 'table', columns, count: 1, previewable: 1, items: [row] }, rows: [row] },
    });
    await flushPromises();
    const cells = table.get('[data-testid="preview-row"]').findAll('.cell');
    expect(cells.map((cell) => cell.text())).toEqual([
      '1',
      'Brand 101',
      '12345678',
      'new drop',
      '1,234,567',
      '4.56%',
    ]);
    const headings = table.findAll('[role="columnheader"]');
    expect(headings.map((cell) => cell.text())).toEqual([
      'Rank',
      'Brand',
      'Media id',
      'Caption',
      'Impressions',
      'Engagement rate',
    ]);
    // Figures line up right, their headings over them; names and words stay left.
    expect(headings[4]!.classes()).toContain('number');
    expect(headings[1]!.classes()).not.toContain('number');
    expect(cells[1]!.classes()).not.toContain('number');
    expect(cells[2]!.attributes('title')).toBe('12345678');
    expect(cells[4]!.classes()).toContain('number');
    table.unmount();
  });

  it('marks a preview whose form changed since, and shows the empty state before any', async () => {
    const preload = createFakePreload().install();
    installFakeReports(preload);
    const mounted = await mountApp('/reports');
    wrapper = mounted.wrapper;
    await flushPromises();
    expect(wrapper.get('[data-testid="report-preview"]').text()).toContain('No preview yet');
    builder = useReportBuilderStore(mounted.pinia);
    wrapper.get('[data-testid="report-builder"]').element.closest('form')!.dispatchEvent(new Event('submit'));
    await flushPromises();
    expect(wrapper.find('[data-testid="preview-stale"]').exists()).toBe(false);
    const shown = [...builder.form.metrics];
    builder.form.metrics = ['REACH'];
    await flushPromises();
    expect(wrapper.find('[data-testid="preview-stale"]').exists()).toBe(true);
    // Changed back: the form describes the report shown again, whatever edits happened between.
    builder.form.metrics = shown;
    await flushPromises();
    expect(wrapper.find('[data-testid="preview-stale"]').exists()).toBe(false);
    // A file name and a flag put the configuration's keys in another order than the form's.
    builder.form.filename = 'monthly';
    builder.form.null_if_no_posts = true;
    wrapper.get('[data-testid="report-builder"]').element.closest('form')!.dispatchEvent(new Event('submit'));
    await flushPromises();
    expect(wrapper.find('[data-testid="preview-stale"]').exists()).toBe(false);
  });

  it('clears the last preview on New report', async () => {
    const preload = createFakePreload().install();
    installFakeReports(preload);
    const mounted = await mountApp('/reports');
    wrapper = mounted.wrapper;
    await flushPromises();
    builder = useReportBuilderStore(mounted.pinia);
    builder.form.metrics = ['REACH'];
    wrapper.get('[data-testid="report-builder"]').element.closest('form')!.dispatchEvent(new Event('submit'));
    await flushPromises();
    expect(wrapper.get('[data-testid="report-preview"]').text()).not.toContain('No preview yet');
    await wrapper.get('[data-testid="report-new"]').trigger('click');
    await flushPromises();
    const preview = wrapper.get('[data-testid="report-preview"]').text();
    expect(preview).toContain('No preview yet');
    expect(wrapper.find('[data-testid="preview-stale"]').exists()).toBe(false);
  });
});
