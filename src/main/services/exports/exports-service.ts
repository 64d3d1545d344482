import type { WriteStream } from 'node:fs';
import { basename } from 'node:path';
import {
  ContractCallError,
  type ExportProgress,
  type InboxFilter,
  type RecentExport,
  type ReportConfig,
} from '../../../shared/contract/index.ts';
import { isApiError } from '../api/api-error.ts';
import type { CsvWriteResult } from '../csv/csv-writer.ts';
import type { EventBus } from '../event-bus.ts';
import type { Platform } from '../platform.ts';
import { checkedAbsolutePath } from '../platform-paths.ts';
import { PROGRESS_INTERVAL_MS, progressThrottle } from '../progress-throttle.ts';
import { removeExportLeftovers } from './export-leftovers.ts';
import type { RecentExports } from './recent-exports.ts';
import { saveAtomically } from './save-file.ts';

/** One export to run: what an area knows about it; the service does the rest. */
export interface ExportJob {
  /** The renderer's id for it: progress events carry it, and `cancel` takes it. */
  id: string;
  /** The profile whose recent exports the finished file joins. */
  profileId: string;
  /** The name the save dialog (or the downloads folder) is offered, e.g. "inbox-2026-08-01.csv". */
  defaultName: string;
  /** How recent exports name what it is: the report's type, or INBOX_EXPORT_TYPE. */
  reportType: RecentExport['reportType'];
  /** What the file was made from, kept with the recent export. */
  source: ReportConfig | InboxFilter;
  /**
   * Writes the CSV into `file` (a temporary file), stopping when `signal` aborts, and reports the
   * totals so far as it goes; answers the totals.
   */
  write(
    file: WriteStream,
    options: { signal: AbortSignal; onProgress: (progress: CsvWriteResult) => void },
  ): Promise<CsvWriteResult>;
  /** The job's own failures in plain words (a service's answer it could not read, ...). */
  failure?(error: unknown): unknown;
}

export interface ExportsServiceDeps {
  platform: Pick<Platform, 'shell' | 'chooseSavePath' | 'userDataDir' | 'downloadsFolder'>;
  events: Pick<EventBus, 'emit'>;
  /** Each profile's finished exports. */
  recent: RecentExports;
  /** Milliseconds, for the progress throttle; a test steps its own. */
  now?: () => number;
}

const cancelledError = () =>
  new ContractCallError({
    code: 'cancelled',
    message: 'The export was cancelled; nothing was saved.',
    fieldErrors: {},
  });

/**
 * Every CSV export of the app, whichever area asks for it (a report, the inbox's list): the save
 * dialog (or the downloads folder), the area's rows written to a temporary file renamed into place
 * only when complete, progress on `exports:progress`, cancellation by the call's signal or by id
 * (one `cancel` for every export, so ids are unique across areas), and the finished file added to
 * the profile's recent exports. What a kill leaves behind is removed at the next start.
 */
export function createExportsService(deps: ExportsServiceDeps) {
  const now = deps.now ?? (() => performance.now());
  const running = new Map<string, AbortController>();

  /** Runs `job`; answers the recent export it made, or null when the person closed the dialog. */
  async function run(job: ExportJob, signal: AbortSignal): Promise<RecentExport | null> {
    if (running.has(job.id)) {
      throw new ContractCallError({
        code: 'conflict',
        message: 'An export with this id is already running.',
        fieldErrors: { id: ['Already in use by a running export.'] },
      });
    }
    const controller = new AbortController();
    running.set(job.id, controller);
    const stop = AbortSignal.any([signal, controller.signal]);
    try {
      const chosen = await deps.platform.chooseSavePath({
        defaultName: job.defaultName,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (chosen === null) return null;
      // The save dialog asked before replacing a file; the browser shell's name is only a wish.
      const target = { path: checkedAbsolutePath(chosen), replace: deps.platform.shell !== 'web' };
      let fileName = basename(target.path);
      const emit = (state: ExportProgress['state'], progress: CsvWriteResult) =>
        deps.events.emit('exports:progress', { id: job.id, state, fileName, ...progress });
      const due = progressThrottle({ intervalMs: PROGRESS_INTERVAL_MS, now });
      let last: CsvWriteResult = { bytes: 0, rows: 0 };
      const onProgress = (progress: CsvWriteResult) => {
        last = progress;
        if (due()) emit('running', progress);
      };
      try {
        onProgress(last);
        const saved = await saveAtomically(
          target,
          async (file) => {
            // Cancelled while the dialog was open: nothing is saved.
            stop.throwIfAborted();
            return job.write(file, { signal: stop, onProgress });
          },
          { userDataDir: deps.platform.userDataDir },
        );
        const total = saved.result;
        fileName = basename(saved.path);
        emit('done', total);
        const entry: RecentExport = {
          id: job.id,
          path: saved.path,
          fileName,
          reportType: job.reportType,
          bytes: total.bytes,
          rows: total.rows,
          finishedAt: new Date().toISOString(),
        };
        deps.recent.add(job.profileId, entry, job.source);
        return entry;
      } catch (error) {
        emit(stop.aborted ? 'cancelled' : 'failed', last);
        if (stop.aborted) throw cancelledError();
        throw isApiError(error) || error instanceof ContractCallError
          ? error
          : (diskError(error, fileName) ?? job.failure?.(error) ?? error);
      }
    } finally {
      running.delete(job.id);
    }
  }

  /** Stops the export with this id, whichever area started it; false when none runs by that id. */
  function cancel(id: string): boolean {
    const controller = running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  /**
   * At start: the temporary files of exports cut short by a kill or a crash, removed. Answers
   * their paths.
   */
  async function removeLeftovers(): Promise<string[]> {
    return removeExportLeftovers({
      userDataDir: deps.platform.userDataDir,
      folders: [await deps.platform.downloadsFolder()],
    });
  }

  return { run, cancel, removeLeftovers, recent: deps.recent };
}

export type ExportsService = ReturnType<typeof createExportsService>;

/** The disk's refusal (full, read-only, no permission) in plain words; undefined for any other failure. */
function diskError(error: unknown, fileName: string): ContractCallError | undefined {
  const failure = error as NodeJS.ErrnoException | undefined;
  if (typeof failure?.path !== 'string' || typeof failure.syscall !== 'string') return undefined;
  const reason =
    failure.code === 'ENOSPC'
      ? 'the disk is full'
      : ['EACCES', 'EPERM', 'EROFS'].includes(failure.code ?? '')
        ? 'Socialdesk may not write there'
        : failure.code === 'ENOENT'
          ? 'its folder is no longer there'
          : `the system answered ${failure.code ?? 'an error'}`;
  return new ContractCallError({
    code: 'internal',
    message: `Could not save ${fileName}: ${reason}. Nothing was saved.`,
    fieldErrors: {},
  });
}
