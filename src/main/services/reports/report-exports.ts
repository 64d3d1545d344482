import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import {
  ContractCallError,
  type ReportConfig,
  type ReportExport,
  type ReportNote,
  type ReportProgress,
} from '../../../shared/contract/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import { ApiError, isApiError } from '../api/api-error.ts';
import type { EventBus } from '../event-bus.ts';
import type { Platform } from '../platform.ts';
import { checkedAbsolutePath } from '../platform-paths.ts';
import { copyCsv, type CopyProgress } from './copy-csv.ts';
import { writeReportJsonAsCsv } from './json-report-csv.ts';
import { progressThrottle } from '../progress-throttle.ts';
import type { RecentExports } from './recent-exports.ts';
import { serviceRequestOf } from './report-request.ts';
import { saveAtomically } from './save-file.ts';

export interface ReportExportsDeps {
  platform: Pick<Platform, 'shell' | 'chooseSavePath' | 'userDataDir'>;
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  recent: RecentExports;
  events: Pick<EventBus, 'emit'>;
  /** Milliseconds, for the progress throttle; a test steps its own. */
  now?: () => number;
}

export interface ExportRequest {
  config: ReportConfig;
  fileName?: string;
  id?: string;
}

export type ExportAnswer = (ReportExport & { notes: ReportNote[] }) | null;

/** Progress events at most this often (about ten a second), plus the final one. */
export const PROGRESS_INTERVAL_MS = 100;

const cancelledError = () =>
  new ContractCallError({
    code: 'cancelled',
    message: 'The export was cancelled; nothing was saved.',
    fieldErrors: {},
  });

/**
 * Report exports to disk: the save dialog (or the downloads folder), then the service's CSV
 * streamed to a temporary file renamed into place when complete, with progress events and
 * cancellation by the call's signal or by id. Each finished export joins the profile's recent ones.
 */
export function createReportExports(deps: ReportExportsDeps) {
  const now = deps.now ?? (() => performance.now());
  const running = new Map<string, AbortController>();

  async function exportReport(request: ExportRequest, signal: AbortSignal): Promise<ExportAnswer> {
    const { query, body, notes } = serviceRequestOf(request.config);
    const client = deps.clients.active(); // throws the contract's error when no profile is active
    const profile = deps.profiles.active()!;
    const id = request.id ?? randomUUID();
    if (running.has(id)) {
      throw new ContractCallError({
        code: 'conflict',
        message: 'An export with this id is already running.',
        fieldErrors: { id: ['Already in use by a running export.'] },
      });
    }
    const controller = new AbortController();
    running.set(id, controller);
    const stop = AbortSignal.any([signal, controller.signal]);
    try {
      const chosen = await deps.platform.chooseSavePath({
        defaultName: request.fileName ?? `${query.filename ?? query.report_type}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (chosen === null) return null;
      // The save dialog asked before replacing a file; the browser shell's name is only a wish.
      const target = { path: checkedAbsolutePath(chosen), replace: deps.platform.shell !== 'web' };
      let fileName = basename(target.path);
      const emit = (state: ReportProgress['state'], progress: CopyProgress) =>
        deps.events.emit('reports:progress', { id, state, fileName, ...progress });
      const due = progressThrottle({ intervalMs: PROGRESS_INTERVAL_MS, now });
      let last: CopyProgress = { bytes: 0, rows: 0 };
      const onProgress = (progress: CopyProgress) => {
        last = progress;
        if (due()) emit('running', progress);
      };
      try {
        onProgress(last);
        const saved = await saveAtomically(
          target,
          async (file) => {
            // Cancelled while the dialog was open: nothing is saved.
            if (stop.aborted) throw cancelledError();
            const download = await client.reports.downloadCsv(query, {
              body,
              signal: stop,
              lane: 'background',
            });
            if (/json/i.test(download.contentType)) {
              // A service that answered the CSV request with JSON: the app writes the CSV itself.
              const answer = await new Response(download.body).json();
              return writeReportJsonAsCsv(answer, file, { signal: stop, onProgress });
            }
            const utf8 = !/charset=(?!utf-?8\b)/i.test(download.contentType);
            return copyCsv(download.body, file, { signal: stop, utf8, onProgress });
          },
          { userDataDir: deps.platform.userDataDir },
        );
        const total = saved.result;
        fileName = basename(saved.path);
        emit('done', total);
        const entry: ReportExport = {
          id,
          path: saved.path,
          fileName,
          reportType: query.report_type,
          bytes: total.bytes,
          rows: total.rows,
          finishedAt: new Date().toISOString(),
        };
        deps.recent.add(profile.id, entry, request.config);
        return { ...entry, notes };
      } catch (error) {
        emit(stop.aborted ? 'cancelled' : 'failed', last);
        throw stop.aborted ? cancelledError() : exportError(error, fileName);
      }
    } finally {
      running.delete(id);
    }
  }

  function cancel(id: string): boolean {
    const controller = running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  return { exportReport, cancel };
}

/**
 * A failed export as the contract shows it: the service's own errors as they are; a connection
 * that broke half way as `offline`; the disk's refusal (full, read-only, no permission) saying so.
 */
function exportError(error: unknown, fileName: string): unknown {
  if (isApiError(error) || error instanceof ContractCallError) return error;
  const failure = error as NodeJS.ErrnoException & { cause?: { code?: unknown } };
  if (typeof failure?.path === 'string' && typeof failure.syscall === 'string') {
    const reason =
      failure.code === 'ENOSPC'
        ? 'the disk is full'
        : ['EACCES', 'EPERM', 'EROFS'].includes(failure.code ?? '')
          ? 'Socialdesk may not write there'
          : `the system answered ${failure.code ?? 'an error'}`;
    return new ContractCallError({
      code: 'internal',
      message: `Could not save ${fileName}: ${reason}. Nothing was saved.`,
      fieldErrors: {},
    });
  }
  if (isBrokenConnection(failure)) {
    return new ApiError({
      kind: 'network',
      operation: 'reports.downloadCsv',
      message: 'The connection to the service broke during the export. Nothing was saved; try again.',
    });
  }
  if (error instanceof SyntaxError) {
    return new ApiError({
      kind: 'http',
      operation: 'reports.downloadCsv',
      status: 502,
      message: 'The service answered with report data that is not valid JSON. Nothing was saved.',
    });
  }
  return error;
}

/** undici's ways of saying an answer's body was cut off: "terminated", a socket error, a reset. */
function isBrokenConnection(error: (Error & { code?: unknown; cause?: { code?: unknown } }) | undefined) {
  if (!error) return false;
  const codes = [error.code, error.cause?.code].filter((code) => typeof code === 'string') as string[];
  return (
    (error instanceof TypeError && /terminated/i.test(error.message)) ||
    codes.some((code) => code.startsWith('UND_ERR') || ['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(code))
  );
}
