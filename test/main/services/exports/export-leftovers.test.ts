import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  partFilePath,
  removeExportLeftovers,
} from '../../../../src/main/services/exports/export-leftovers.ts';
import { saveAtomically } from '../../../../src/main/services/exports/save-file.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));
function folders() {
  root = mkdtempSync(join(tmpdir(), 'socialdesk-leftovers-'));
  const userDataDir = join(root, 'user-data');
  const downloads = join(root, 'downloads');
  mkdirSync(userDataDir);
  mkdirSync(downloads);
  return { userDataDir, downloads };
}

/** Another process of the app that still runs, and one that ended (killed) long ago. */
const RUNNING_PID = 4242;
const ENDED_PID = 999_999;
const processRuns = (pid: number) => pid === RUNNING_PID;

describe('removeExportLeftovers', () => {
  it("removes the app's temporary files no running process writes, and no other file", async () => {
    const { userDataDir, downloads } = folders();
    const names = {
      ended: `.a.csv.socialdesk-${ENDED_PID}-0badc0de-00000001.part`,
      earlierVersion: '.b.csv.1a2b3c4d.part',
      // This very pid, but another run of it (a container's app gets the same pid at each start).
      samePidEarlierRun: `.c.csv.socialdesk-${process.pid}-00000000-00000002.part`,
      running: `.d.csv.socialdesk-${RUNNING_PID}-0badc0de-00000003.part`,
      ownExport: partFilePath(join(downloads, 'e.csv')).slice(downloads.length + 1),
      others: [
        'report.csv',
        '.hidden',
        'movie.mkv.part',
        '.f.csv.socialdesk-1-zz.part',
        '.g.txt.1a2b3c4d.part',
      ],
    };
    const all = [
      names.ended,
      names.earlierVersion,
      names.samePidEarlierRun,
      names.running,
      names.ownExport,
      ...names.others,
    ];
    for (const name of all) writeFileSync(join(downloads, name), 'partial data');

    const removed = await removeExportLeftovers({ userDataDir, folders: [downloads], processRuns });

    expect(removed.sort()).toEqual(
      [names.ended, names.earlierVersion, names.samePidEarlierRun].map((n) => join(downloads, n)).sort(),
    );
    expect(readdirSync(downloads).sort()).toEqual([names.running, names.ownExport, ...names.others].sort());
  });

  it('finds a temporary file in any folder through its note, and trusts a note only for such a file', async () => {
    const { userDataDir, downloads } = folders();
    const elsewhere = join(root, 'chosen in the save dialog');
    mkdirSync(elsewhere);
    const part = join(elsewhere, `.q3.csv.socialdesk-${ENDED_PID}-0badc0de-00000004.part`);
    const precious = join(elsewhere, 'precious.txt');
    writeFileSync(part, 'partial data');
    writeFileSync(precious, 'not an export');
    const notes = join(userDataDir, 'exports-underway');
    mkdirSync(notes);
    writeFileSync(join(notes, `${ENDED_PID}-0badc0de-00000004`), part);
    writeFileSync(join(notes, `${ENDED_PID}-0badc0de-00000005`), precious);
    writeFileSync(join(notes, `${RUNNING_PID}-0badc0de-00000006`), join(elsewhere, 'running'));

    const removed = await removeExportLeftovers({ userDataDir, folders: [downloads], processRuns });

    expect(removed).toEqual([part]);
    expect(readdirSync(elsewhere)).toEqual(['precious.txt']);
    expect(readdirSync(notes)).toEqual([`${RUNNING_PID}-0badc0de-00000006`]);
  });

  it('leaves the temporary file of an export this process is writing', async () => {
    const { userDataDir, downloads } = folders();
    const saved = await saveAtomically(
      { path: join(downloads, 'live.csv'), replace: false },
      async (file) => {
        file.write('a,b\r\n');
        const removed = await removeExportLeftovers({ userDataDir, folders: [downloads] });
        expect(removed).toEqual([]);
        expect(readdirSync(join(userDataDir, 'exports-underway'))).toHaveLength(1);
        await new Promise<void>((resolve) => file.end('1,2\r\n', () => resolve()));
      },
      { userDataDir },
    );
    expect(readdirSync(downloads)).toEqual(['live.csv']);
    expect(saved.path).toBe(join(downloads, 'live.csv'));
    // Once saved, its note is gone too.
    expect(readdirSync(join(userDataDir, 'exports-underway'))).toEqual([]);
  });
});
