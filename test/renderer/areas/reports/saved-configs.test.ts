import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { useReportBuilderStore } from '../../../../src/renderer/src/areas/reports/report-builder-store.ts';
import type { SavedReportConfig } from '../../../../src/shared/contract/index.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { installFakeReports } from '../../helpers/fake-reports.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

const graph: SavedReportConfig = {
  id: 'g1',
  name: 'Daily TikTok',
  config: {
    report_type: 'GRAPH',
    channels: ['TIKTOK'],
    metrics: ['VIDEO_VIEWS'],
    brand_ids: [102],
    time_scale: 'MONTHLY',
  },
  notes: [],
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const migrated: SavedReportConfig = {
  id: 'm1',
  name: 'Old single metric',
  config: {
    report_type: 'TOTAL_METRIC',
    channels: ['INSTAGRAM'],
    metrics: ['REACH'],
    brand_ids: [101],
    context_start_date: '2026-06-01',
    context_end_date: '2026-06-30',
  },
  notes: [{ code: 'report_type_migrated', message: 'SINGLE_METRIC reports were withdrawn on 30 June 2026.' }],
  updatedAt: '2026-11-20T10:00:00.000Z',
};

async function openReports(configs: SavedReportConfig[] = [graph, migrated]) {
  const preload = createFakePreload().install();
  const reports = installFakeReports(preload, { configs });
  const mounted = await mountApp('/reports');
  wrapper = mounted.wrapper;
  await flushPromises();
  return { preload, reports, builder: useReportBuilderStore(mounted.pinia) };
}

const rows = () => wrapper.findAll('[data-testid="saved-config"]');
const row = (name: string) => rows().find((r) => r.attributes('data-name') === name)!;

describe('saved report configurations', () => {
  it('reopen in one click, the form taking every field, and a migration note shown', async () => {
    const { builder } = await openReports();
    expect(rows().map((r) => r.attributes('data-name'))).toEqual(['Daily TikTok', 'Old single metric']);
    await row('Daily TikTok').get('[data-testid="saved-config-open"]').trigger('click');
    await flushPromises();
    expect(builder.form).toMatchObject({
      report_type: 'GRAPH',
      channels: ['TIKTOK'],
      brand_ids: [102],
      time_scale: 'MONTHLY',
    });
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('Daily TikTok · Graph');
    expect(wrapper.find('[data-testid="report-time-scale"]').exists()).toBe(true);

    await row('Old single metric').get('[data-testid="saved-config-open"]').trigger('click');
    await flushPromises();
    expect(builder.form.report_type).toBe('TOTAL_METRIC');
    expect(wrapper.get('[data-testid="config-note"]').text()).toContain(
      'SINGLE_METRIC reports were withdrawn',
    );
  });

  it('save the form under a name, refusing a name another has at the name field', async () => {
    const { preload } = await openReports();
    await wrapper.get('[data-testid="config-name"] input').setValue('Daily TikTok');
    await wrapper.get('[data-testid="saved-configs"] form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid="config-name-error"]').text()).toBe(
      'Another saved configuration has this name.',
    );

    await wrapper.get('[data-testid="config-name"] input').setValue('Monthly Instagram');
    await wrapper.get('[data-testid="saved-configs"] form').trigger('submit');
    await flushPromises();
    expect(preload.inputsOf('reports:save-config').at(-1)).toMatchObject({
      name: 'Monthly Instagram',
      config: { report_type: 'TOTAL_METRIC', brand_ids: [101, 102] },
    });
    expect(row('Monthly Instagram').classes()).toContain('active');
    expect(wrapper.get('[data-testid="config-save"]').text()).toBe('Update');
  });

  it('rename one in place and delete one after confirming', async () => {
    const { reports } = await openReports();
    await row('Daily TikTok').get('[data-testid="saved-config-rename"]').trigger('click');
    await flushPromises();
    await wrapper.get('[data-testid="rename-input"] input').setValue('Monthly TikTok');
    await wrapper
      .get('[data-testid="rename-input"]')
      .element.closest('form')!
      .dispatchEvent(new Event('submit'));
    await flushPromises();
    expect(rows().map((r) => r.attributes('data-name'))).toEqual(['Monthly TikTok', 'Old single metric']);
    expect(reports.configs.find((c) => c.id === 'g1')!.config).toEqual(graph.config);

    await row('Old single metric').get('[data-testid="saved-config-delete"]').trigger('click');
    await flushPromises();
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('.n-dialog button')].find(
      (b) => b.textContent?.trim() === 'Delete',
    )!;
    confirm.click();
    await flushPromises();
    expect(rows().map((r) => r.attributes('data-name'))).toEqual(['Monthly TikTok']);
  });

  it('show the empty state, and an error with Retry when the list cannot be read', async () => {
    const preload = createFakePreload().install();
    installFakeReports(preload);
    preload.answer('reports:configs', () => ({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} },
    }));
    ({ wrapper } = await mountApp('/reports'));
    await flushPromises();
    const card = () => wrapper.get('[data-testid="saved-configs"]');
    expect(card().get('[data-testid="state-error"]').text()).toContain(
      'Could not list the saved configurations',
    );
    preload.answer('reports:configs', () => ({ ok: true, value: { items: [] } }));
    await card().get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(card().text()).toContain('None saved yet');
  });
});
