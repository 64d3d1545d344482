import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { useReportBuilderStore } from '../../../../src/renderer/src/areas/reports/report-builder-store.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { installFakeReports, sampleRecent } from '../../helpers/fake-reports.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

async function openReports() {
  const preload = createFakePreload().install();
  const reports = installFakeReports(preload, { recent: sampleRecent });
  const mounted = await mountApp('/reports');
  wrapper = mounted.wrapper;
  await flushPromises();
  return { preload, reports, builder: useReportBuilderStore(mounted.pinia) };
}

describe('saving a report as CSV', () => {
  it('shows bytes and rows as they reach the disk, and Cancel leaves no file', async () => {
    const { preload, reports, builder } = await openReports();
    builder.form.report_type = 'CONTENT_OWNED';
    builder.form.limit = 1000;
    await flushPromises();
    await wrapper.get('[data-testid="report-save-csv"]').trigger('click');
    await flushPromises();
    const [{ input }] = reports.pending;
    expect(input.config).toMatchObject({ report_type: 'CONTENT_OWNED', limit: 1000 });
    expect(wrapper.get('[data-testid="report-save-csv"]').attributes('disabled')).toBeDefined();

    preload.emit('exports:progress', {
      id: input.id!,
      state: 'running',
      bytes: 250_000,
      rows: 250,
      fileName: 'CONTENT_OWNED.csv',
    });
    await flushPromises();
    expect(wrapper.get('[data-testid="export-figures"]').text()).toMatch(/^250 rows · 250 kB\s+· 25 %$/);
    // Another export's progress is not this one's.
    preload.emit('exports:progress', { id: 'other', state: 'running', bytes: 9, rows: 9, fileName: 'x.csv' });
    await flushPromises();
    expect(wrapper.get('[data-testid="export-figures"]').text()).toContain('250 rows');

    await wrapper.get('[data-testid="export-cancel"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('exports:cancel')).toEqual([{ id: input.id }]);
    expect(wrapper.find('[data-testid="export-progress"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="export-outcome"]').attributes('data-kind')).toBe('cancelled');
    expect(wrapper.get('[data-testid="export-outcome"]').text()).toContain('no file was left');
  });

  it('says where a finished export went, and lists it first among the recent exports', async () => {
    const { reports } = await openReports();
    await wrapper.get('[data-testid="report-save-csv"]').trigger('click');
    await flushPromises();
    reports.pending[0]!.finish({
      id: 'e3',
      path: '/home/cm/Downloads/Socialdesk/TOTAL_METRIC (1).csv',
      fileName: 'TOTAL_METRIC (1).csv',
      reportType: 'TOTAL_METRIC',
      bytes: 1500,
      rows: 2,
      finishedAt: '2026-11-24T10:00:00.000Z',
    });
    await flushPromises();
    expect(wrapper.get('[data-testid="export-outcome"]').text()).toContain(
      'Saved TOTAL_METRIC (1).csv: 2 rows',
    );
    expect(wrapper.findAll('[data-testid="recent-export"]')[0]!.text()).toContain('TOTAL_METRIC (1).csv');
  });

  it('puts a refusal naming a field at that field, and says nothing of it beside the button', async () => {
    const { preload } = await openReports();
    preload.answer('reports:export', () => ({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'Invalid query parameters. end_date must not be before its start.',
        fieldErrors: { end_date: ['Must not be before the start of its range.'] },
        status: 422,
      },
    }));
    await wrapper.get('[data-testid="report-save-csv"]').trigger('click');
    await flushPromises();
    const feedback = wrapper
      .get('[data-testid="report-range"]')
      .element.closest('.n-form-item')!
      .querySelector('.n-form-item-feedback')?.textContent;
    expect(feedback).toBe('Must not be before the start of its range.');
    expect(wrapper.find('[data-testid="export-outcome"]').exists()).toBe(false);
  });

  it('marks recent exports whose file is gone, and shows the others in their folder', async () => {
    const { reports } = await openReports();
    const [present, missing] = wrapper.findAll('[data-testid="recent-export"]');
    expect(missing!.find('[data-testid="recent-missing"]').exists()).toBe(true);
    expect(missing!.get('[data-testid="recent-reveal"]').attributes('disabled')).toBeDefined();
    expect(present!.find('[data-testid="recent-missing"]').exists()).toBe(false);
    await present!.get('[data-testid="recent-reveal"]').trigger('click');
    await flushPromises();
    expect(reports.revealed).toEqual([sampleRecent[0]!.path]);
    // No file manager here: the path is said instead.
    expect(wrapper.get('[data-testid="reveal-fallback"]').text()).toContain(sampleRecent[0]!.path);
  });

  it('shows why the recent exports could not be listed, with Retry', async () => {
    const preload = createFakePreload().install();
    installFakeReports(preload);
    preload.answer('exports:recent', () => ({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} },
    }));
    ({ wrapper } = await mountApp('/reports'));
    await flushPromises();
    const recent = wrapper.get('[data-testid="recent-exports"]');
    expect(recent.get('[data-testid="state-error"]').text()).toContain('Could not list the recent exports');
    preload.answer('exports:recent', () => ({ ok: true, value: { items: [] } }));
    await recent.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="recent-exports"]').text()).toContain('No exports yet');
  });
});
