import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { useReportBuilderStore } from '../../../../src/renderer/src/areas/reports/report-builder-store.ts';
import type { BestTimes } from '../../../../src/shared/contract/index.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { installFakeReports } from '../../helpers/fake-reports.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

const answer: BestTimes = {
  metric: 'engagements',
  timeZone: 'Europe/Paris',
  rows: 6,
  skipped: 1,
  channels: [
    {
      channel: 'INSTAGRAM',
      posts: 4,
      cells: [
        { day: 0, hour: 9, posts: 3, average: 120 },
        { day: 4, hour: 18, posts: 1, average: 900 },
      ],
    },
    { channel: 'TIKTOK', posts: 1, cells: [{ day: 6, hour: 20, posts: 1, average: 40 }] },
  ],
};

async function previewContent() {
  const preload = createFakePreload().install();
  installFakeReports(preload);
  preload.answer('reports:best-times', () => ({ ok: true, value: answer }));
  const mounted = await mountApp('/reports');
  wrapper = mounted.wrapper;
  const builder = useReportBuilderStore(mounted.pinia);
  await flushPromises();
  builder.form.report_type = 'CONTENT_OWNED';
  builder.form.range = ['2026-10-01', '2026-10-30'];
  wrapper.get('[data-testid="report-builder"]').element.closest('form')!.dispatchEvent(new Event('submit'));
  await flushPromises();
  return preload;
}

describe('best times to post', () => {
  it('are offered for a content report only, and read when opened, in the own time zone', async () => {
    const preload = await previewContent();
    expect(preload.inputsOf('reports:best-times')).toEqual([]);
    await wrapper.get('[data-testid="preview-part-best"] input').setValue(true);
    await flushPromises();
    const asked = preload.inputsOf('reports:best-times');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(asked[0]!.config.report_type).toBe('CONTENT_OWNED');
  });

  it('say what they rest on, show the posts in each hour and leave empty hours empty', async () => {
    await previewContent();
    await wrapper.get('[data-testid="preview-part-best"] input').setValue(true);
    await flushPromises();
    const basis = wrapper.get('[data-testid="best-times-basis"]').text();
    expect(basis).toContain('Based on 4 posts published Oct 1 – Oct 30, 2026');
    expect(basis).toContain('times in Europe/Paris');
    expect(basis).toContain('average engagements per post');
    expect(wrapper.text()).toContain('1 row without a publish time or a figure left out.');
    const cells = wrapper.findAll('[data-testid="best-times-cell"]');
    expect(cells).toHaveLength(7 * 24);
    const at = (day: number, hour: number) => wrapper.get(`[data-day="${day}"][data-hour="${hour}"]`);
    expect(at(0, 9).text()).toContain('3');
    expect(at(0, 9).attributes('title')).toBe('Monday 9:00 AM: 3 posts, average 120 engagements');
    // The best hour is the darkest; an hour with no post is empty, not a zero.
    expect(at(4, 18).classes()).toContain('step-5');
    expect(at(1, 9).classes()).toContain('step-0');
    expect(at(1, 9).attributes('title')).toBe('Tuesday 9:00 AM: no posts');

    await wrapper.get('[data-testid="best-times-as-table"]').trigger('click');
    await flushPromises();
    const rows = wrapper.findAll('[data-testid="best-times-row"]').map((row) => row.text());
    expect(rows[0]).toMatch(/^Friday6:00 PM–7:00 PM1900$/);
    expect(rows).toHaveLength(2);

    await wrapper.get('[data-testid="best-times-channel-TIKTOK"] input').setValue(true);
    await flushPromises();
    expect(wrapper.get('[data-testid="best-times-basis"]').text()).toContain('Based on 1 post published');
  });
});
