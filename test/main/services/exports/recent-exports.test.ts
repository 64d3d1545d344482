import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createRecentExports,
  RECENT_EXPORTS_KEPT,
} from '../../../../src/main/services/exports/recent-exports.ts';
import { createProfileDatabases } from '../../../../src/main/services/storage/profile-databases.ts';
import type { RecentExport, ReportConfig } from '../../../../src/shared/contract/index.ts';
import { tempDir } from '../storage/support/temp-dir.ts';

/** Recent exports in a fresh folder of profile databases, closed after the test. */
function freshRecent() {
  const databases = createProfileDatabases({ directory: tempDir('socialdesk-recent-') });
  onTestFinished(() => databases.close());
  return createRecentExports(databases);
}

const config: ReportConfig = {
  report_type: 'CONTENT',
  channels: ['INSTAGRAM'],
  metrics: ['IMPRESSIONS'],
  brand_ids: [101],
};

const entry = (n: number, path = `/exports/report-${n}.csv`): RecentExport => ({
  id: `export-${n}`,
  path,
  fileName: path.split('/').pop()!,
  reportType: 'CONTENT',
  bytes: 100 + n,
  rows: n,
  finishedAt: new Date(Date.UTC(2026, 6, 1, 0, 0, n)).toISOString(),
});

describe('recent exports', () => {
  it('are kept per profile, newest first', () => {
    const recent = freshRecent();
    recent.add('profile-a', entry(1), config);
    recent.add('profile-a', entry(2), config);
    recent.add('profile-b', entry(3), config);
    expect(recent.list('profile-a').map((e) => e.id)).toEqual(['export-2', 'export-1']);
    expect(recent.list('profile-a')[0]).toEqual(entry(2));
    expect(recent.has('profile-a', '/exports/report-1.csv')).toBe(true);
    expect(recent.has('profile-b', '/exports/report-1.csv')).toBe(false);
  });

  it('keep one entry per path, the latest', () => {
    const recent = freshRecent();
    recent.add('profile-c', entry(1, '/exports/same.csv'), config);
    recent.add('profile-c', entry(2, '/exports/same.csv'), config);
    expect(recent.list('profile-c').map((e) => e.id)).toEqual(['export-2']);
  });

  it(`forget all but the newest ${RECENT_EXPORTS_KEPT}`, () => {
    const recent = freshRecent();
    for (let n = 1; n <= RECENT_EXPORTS_KEPT + 5; n++) recent.add('profile-d', entry(n), config);
    const listed = recent.list('profile-d');
    expect(listed).toHaveLength(RECENT_EXPORTS_KEPT);
    expect(listed.at(-1)!.id).toBe('export-6');
    expect(recent.has('profile-d', '/exports/report-5.csv')).toBe(false);
  });
});
