import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { installFakeReports } from '../../helpers/fake-reports.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { useReportBuilderStore } from '../../../../src/renderer/src/areas/reports/report-builder-store.ts';

let wrapper: VueWrapper;
let builder: ReturnType<typeof useReportBuilderStore>;
freshPageForEachTest();

async function openReports() {
  const preload = createFakePreload().install();
  const reports = installFakeReports(preload);
  const mounted = await mountApp('/reports');
  wrapper = mounted.wrapper;
  builder = useReportBuilderStore(mounted.pinia);
  await flushPromises();
  return { preload, reports };
}

/** Opens the report type menu and picks the option with this label. */
async function pickType(label: string) {
  await wrapper.get('[data-testid="report-type"] .n-base-selection').trigger('click');
  await flushPromises();
  const option = [...document.querySelectorAll<HTMLElement>('.n-base-select-option')].find(
    (o) => o.textContent?.trim() === label,
  );
  if (!option) throw new Error(`no option ${label}`);
  option.click();
  await flushPromises();
}

const typeOptions = () =>
  [...document.querySelectorAll<HTMLElement>('.n-base-select-option')].map((o) => o.textContent?.trim());
async function submit() {
  await wrapper
    .get('[data-testid="report-builder"]')
    .element.closest('form')!
    .dispatchEvent(new Event('submit'));
  await flushPromises();
}
const has = (testId: string) => wrapper.find(`[data-testid="${testId}"]`).exists();
const feedbackOf = (testId: string) =>
  wrapper
    .get(`[data-testid="${testId}"]`)
    .element.closest('.n-form-item')!
    .querySelector('.n-form-item-feedback')?.textContent ?? '';

describe('the report builder', () => {
  it('offers every report type but the withdrawn SINGLE_METRIC, TOTAL_METRIC among them', async () => {
    await openReports();
    await wrapper.get('[data-testid="report-type"] .n-base-selection').trigger('click');
    await flushPromises();
    const labels = typeOptions();
    expect(labels).toHaveLength(14);
    expect(labels).toContain('Total metrics');
    expect(labels.join(' ')).not.toMatch(/single/i);
  });

  it('refuses a typed metric name with a comma at the field, and sends nothing', async () => {
    const { preload } = await openReports();
    const input = wrapper.get<HTMLInputElement>('[data-testid="report-metrics"] input');
    await input.trigger('focus');
    await input.setValue('impressions,reach');
    await input.trigger('keydown', { key: 'Enter', code: 'Enter' });
    await flushPromises();
    expect(builder.form.metrics).toContain('IMPRESSIONS,REACH');
    expect(feedbackOf('report-metrics')).toBe('One metric at a time: a name cannot contain a comma.');
    const sentSince = (from: number) => preload.received.slice(from).map((call) => call.name);
    const before = preload.received.length;
    await submit();
    expect(sentSince(before)).not.toContain('reports:data');
    // Each metric on its own is sent.
    builder.form.metrics = ['IMPRESSIONS', 'REACH'];
    await flushPromises();
    expect(feedbackOf('report-metrics')).toBe('');
    await submit();
    expect(preload.inputsOf('reports:data').at(-1)).toMatchObject({
      config: { metrics: ['IMPRESSIONS', 'REACH'] },
    });
  });

  it('asks for the comparison range exactly for metric reports, and the time scale for graphs', async () => {
    await openReports();
    expect(has('report-context-range')).toBe(true);
    expect(has('report-time-scale')).toBe(false);
    await pickType('Graph');
    expect(has('report-context-range')).toBe(false);
    expect(has('report-time-scale')).toBe(true);
    await pickType('Owned content');
    expect(has('report-context-range')).toBe(false);
    expect(has('report-sort-order')).toBe(true);
    expect(has('report-limit')).toBe(true);
    expect(has('report-competitive-brands')).toBe(false);
    await pickType('Competitive metrics');
    expect(has('report-context-range')).toBe(true);
    expect(has('report-competitive-brands')).toBe(true);
    expect(has('report-share-of-voice')).toBe(true);
    await pickType('Benchmark graph');
    expect(has('report-benchmarks')).toBe(true);
    expect(has('report-context-range')).toBe(false);
  });

  it("sends the brands chosen in the shell and only the type's own fields", async () => {
    const { preload } = await openReports();
    await pickType('Graph');
    await submit();
    await flushPromises();
    const config = preload.inputsOf('reports:data')[0]!.config;
    expect(config).toMatchObject({ report_type: 'GRAPH', brand_ids: [101, 102], time_scale: 'DAILY' });
    expect(config).not.toHaveProperty('context_start_date');
  });

  it('shows a missing comparison range at its field as soon as it is cleared, and sends nothing', async () => {
    const { preload } = await openReports();
    expect(feedbackOf('report-context-range')).toBe('');
    // As the picker's clear button does (naive shows it only under a hovering pointer).
    builder.form.context_range = null;
    await flushPromises();
    expect(feedbackOf('report-context-range')).toBe('Required for TOTAL_METRIC reports.');
    await submit();
    expect(preload.inputsOf('reports:data')).toEqual([]);
    // "Use the period before" fills it from the reporting range, and the error goes.
    await wrapper.get('[data-testid="previous-period"]').trigger('click');
    await flushPromises();
    expect(feedbackOf('report-context-range')).toBe('');
  });

  it("puts the service's 422 at the field it names, until that field changes", async () => {
    const { preload } = await openReports();
    preload.answer('reports:data', () => ({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Invalid query parameters. end_date must not be before its start.',
        fieldErrors: { end_date: ['Must not be before the start of its range.'] },
        status: 422,
      },
    }));
    await submit();
    expect(feedbackOf('report-range')).toBe('Must not be before the start of its range.');
    expect(has('report-form-error')).toBe(false);
    builder.form.range = ['2026-07-01', '2026-07-31'];
    await flushPromises();
    expect(feedbackOf('report-range')).toBe('');
  });

  it('says once, in the preview, why a preview failed when no field is at fault', async () => {
    const { preload } = await openReports();
    preload.answer('reports:data', () => ({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many requests; try again in a minute.', fieldErrors: {} },
    }));
    await submit();
    expect(wrapper.get('[data-testid="report-preview"] [data-testid="state-error"]').text()).toContain(
      'Too many requests',
    );
    expect(has('report-form-error')).toBe(false);
  });
});
