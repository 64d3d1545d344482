import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ApiError } from '../../../../src/main/services/api/api-error.ts';
import { writeCsv } from '../../../../src/main/services/csv/csv-writer.ts';
import { EventBus } from '../../../../src/main/services/event-bus.ts';
import {
  createExportsService,
  type ExportJob,
} from '../../../../src/main/services/exports/exports-service.ts';
import { createRecentExports } from '../../../../src/main/services/exports/recent-exports.ts';
import { PROGRESS_INTERVAL_MS } from '../../../../src/main/services/progress-throttle.ts';
import { createProfileDatabases } from '../../../../src/main/services/storage/profile-databases.ts';
import type { ExportProgress } from '../../../../src/shared/contract/index.ts';
import { tempDir } from '../storage/support/temp-dir.ts';

/**
 * The one export service with a job of the test's own, in fresh folders: the browser shell's way
 * of saving (a wished name in the downloads folder), a real profile database for recent exports,
 * and a clock the test steps.
 */
function freshExports(options: { dialog?: 'cancelled' } = {}) {
  const root = tempDir('socialdesk-exports-');
  const downloads = join(root, 'downloads');
  const userDataDir = join(root, 'user-data');
  mkdirSync(downloads);
  mkdirSync(userDataDir);
  const databases = createProfileDatabases({ directory: join(userDataDir, 'profiles') });
  onTestFinished(() => databases.close());
  const events = new EventBus();
  const progress: ExportProgress[] = [];
  events.subscribe((event, payload) => {
    if (event === 'exports:progress') progress.push(payload as ExportProgress);
  });
  const clock = { now: 0 };
  const recent = createRecentExports(databases);
  const exports = createExportsService({
    platform: {
      shell: 'web',
      userDataDir,
      chooseSavePath: async ({ defaultName }) =>
        options.dialog === 'cancelled' ? null : join(downloads, defaultName),
      downloadsFolder: async () => downloads,
    },
    events,
    recent,
    now: () => clock.now,
  });
  return { exports, recent, downloads, progress, clock };
}

/** A job writing `rows` rows of one column, each after `beforeRow` (which may wait or throw). */
function job(
  id: string,
  rows: number,
  beforeRow: (row: number) => void | Promise<void> = () => {},
): ExportJob & { rowsWritten: () => number } {
  let written = 0;
  return {
    id,
    profileId: 'profile-1',
    defaultName: `${id}.csv`,
    reportType: 'INBOX',
    source: {},
    rowsWritten: () => written,
    write: (file, { signal, onProgress }) => {
      async function* lines() {
        for (let row = 0; row < rows; row++) {
          await beforeRow(row);
          written++;
          yield { n: row };
        }
      }
      return writeCsv(lines(), file, { columns: [{ key: 'n', header: 'N' }], signal, onProgress });
    },
  };
}

/** A gate a job's row waits at, and a promise of the moment it is reached. */
function gate() {
  let open = () => {};
  let reached = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  return { open, atGate, wait: () => (reached(), opened) };
}

describe('createExportsService', () => {
  it('saves the file under its name when complete, adds it to recent exports and ends with the totals', async () => {
    const { exports, recent, downloads, progress } = freshExports();
    const saved = await exports.run(job('complete', 3), new AbortController().signal);
    const file = readFileSync(join(downloads, 'complete.csv'));
    expect(saved).toMatchObject({ id: 'complete', fileName: 'complete.csv', rows: 3, bytes: file.length });
    expect(readdirSync(downloads)).toEqual(['complete.csv']);
    expect(recent.list('profile-1')).toEqual([saved]);
    expect(progress.at(-1)).toEqual({
      id: 'complete',
      state: 'done',
      rows: 3,
      bytes: file.length,
      fileName: 'complete.csv',
    });
  });

  it('sends progress at most once per interval of its clock, whatever the rows written', async () => {
    const { exports, progress, clock } = freshExports();
    // Time stands still for 500 rows, then moves one interval on: one more report, not 500.
    await exports.run(
      job('throttled', 1000, (row) => {
        if (row === 500) clock.now += PROGRESS_INTERVAL_MS;
      }),
      new AbortController().signal,
    );
    expect(progress.map((p) => p.state)).toEqual(['running', 'running', 'done']);
    expect(progress[0]!.rows).toBe(0);
    expect(progress[1]!.rows).toBeGreaterThan(500);
  });

  it('answers null and writes nothing when the person closes the save dialog', async () => {
    const { exports, downloads, progress } = freshExports({ dialog: 'cancelled' });
    const writing = job('dialog-closed', 3);
    expect(await exports.run(writing, new AbortController().signal)).toBeNull();
    expect(writing.rowsWritten()).toBe(0);
    expect(readdirSync(downloads)).toEqual([]);
    expect(progress).toEqual([]);
  });

  it('stops an export by its id, leaves no file and answers false for an id no longer running', async () => {
    const { exports, recent, downloads, progress } = freshExports();
    const held = gate();
    const answer = exports.run(
      job('stopped', 10, (row) => (row === 5 ? held.wait() : undefined)),
      new AbortController().signal,
    );
    await held.atGate;
    expect(exports.cancel('stopped')).toBe(true);
    held.open();
    await expect(answer).rejects.toMatchObject({ code: 'cancelled' });
    expect(progress.at(-1)).toMatchObject({ id: 'stopped', state: 'cancelled' });
    expect(readdirSync(downloads)).toEqual([]);
    expect(recent.list('profile-1')).toEqual([]);
    expect(exports.cancel('stopped')).toBe(false);
  });

  it('refuses a second export under an id already running, whichever job it is', async () => {
    const { exports } = freshExports();
    const held = gate();
    const first = exports.run(
      job('shared-id', 2, () => held.wait()),
      new AbortController().signal,
    );
    await held.atGate;
    await expect(exports.run(job('shared-id', 1), new AbortController().signal)).rejects.toMatchObject({
      code: 'conflict',
      fieldErrors: { id: [expect.any(String)] },
    });
    held.open();
    expect(await first).toMatchObject({ rows: 2 });
  });

  it("says a disk's refusal in plain words, naming the file", async () => {
    const { exports, progress } = freshExports();
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
      path: '/somewhere/.full.csv.part',
    });
    const answer = exports.run(
      job('full', 5, (row) => {
        if (row === 2) throw full;
      }),
      new AbortController().signal,
    );
    await expect(answer).rejects.toMatchObject({
      code: 'internal',
      message: 'Could not save full.csv: the disk is full. Nothing was saved.',
    });
    expect(progress.at(-1)).toMatchObject({ id: 'full', state: 'failed' });
  });

  it("passes the service's own errors on as they are, and lets the job word its other failures", async () => {
    const { exports } = freshExports();
    const refused = new ApiError({ kind: 'http', operation: 'test', status: 403, message: 'Forbidden.' });
    await expect(
      exports.run(
        job('refused', 1, () => {
          throw refused;
        }),
        new AbortController().signal,
      ),
    ).rejects.toBe(refused);

    const odd = new RangeError('odd answer');
    const worded = new ApiError({ kind: 'http', operation: 'test', status: 502, message: 'Unreadable.' });
    const wording = {
      ...job('worded', 1, () => {
        throw odd;
      }),
      failure: (error: unknown) => (error === odd ? worded : undefined),
    };
    await expect(exports.run(wording, new AbortController().signal)).rejects.toBe(worded);
  });
});
