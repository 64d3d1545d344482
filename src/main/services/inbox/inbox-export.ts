import { basename } from 'node:path';
import {
  ContractCallError,
  INBOX_EXPORT_TYPE,
  type InboxFilter,
  type ReportProgress,
} from '../../../shared/contract/index.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';
import { writeCsv, type CsvWriteResult } from '../csv/csv-writer.ts';
import type { EventBus } from '../event-bus.ts';
import type { Platform } from '../platform.ts';
import { checkedAbsolutePath } from '../platform-paths.ts';
import { progressThrottle } from '../progress-throttle.ts';
import type { RecentExports } from '../reports/recent-exports.ts';
import { PROGRESS_INTERVAL_MS } from '../reports/report-exports.ts';
import { saveAtomically } from '../reports/save-file.ts';
import { INBOX_CSV_COLUMNS, inboxCsvRow } from './inbox-csv.ts';
import { serviceQueryOf } from './inbox-query.ts';
import { walkInteractions } from './walk-interactions.ts';

export interface InboxExportRequest {
  brandIds: number[];
  filter: InboxFilter;
  id: string;
}

/** A finished inbox export. */
export interface InboxExportDone {
  path: string;
  rows: number;
  bytes: number;
}

export interface InboxExportsDeps {
  platform: Pick<Platform, 'shell' | 'chooseSavePath' | 'userDataDir'>;
  events: Pick<EventBus, 'emit'>;
  /** The profile's recent exports, which the finished file joins. */
  recent: Pick<RecentExports, 'add'>;
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
 * The filtered inbox list to CSV, the way report exports work (and through their parts): the save
 * dialog or the downloads folder, rows walked page by page in the background lane and written
 * through the one CSV writer into a temporary file renamed into place when complete, progress on
 * `reports:progress`, cancel by the call's signal or by id (`reports:cancel-export`).
 */
export function createInboxExports(deps: InboxExportsDeps) {
  const now = deps.now ?? (() => performance.now());
  const running = new Map<string, AbortController>();

  /** The brands' tag names in one request; the export writes ids if it fails. */
  async function tagNamesOf(community: CommunityApi, brandIds: number[], signal: AbortSignal) {
    try {
      const tags = await community.listTags(brandIds, { signal, lane: 'background' });
      return new Map(tags.map((tag) => [tag.id, tag.name]));
    } catch {
      signal.throwIfAborted();
      return new Map<number, string>();
    }
  }

  async function exportList(
    request: InboxExportRequest,
    profileId: string,
    community: CommunityApi,
    signal: AbortSignal,
  ): Promise<InboxExportDone | null> {
    if (running.has(request.id)) {
      throw new ContractCallError({
        code: 'conflict',
        message: 'An export with this id is already running.',
        fieldErrors: { id: ['Already in use by a running export.'] },
      });
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    const stop = AbortSignal.any([signal, controller.signal]);
    try {
      const day = new Date().toISOString().slice(0, 10);
      const chosen = await deps.platform.chooseSavePath({
        defaultName: `inbox-${day}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (chosen === null) return null;
      // The save dialog asked before replacing a file; the browser shell's name is only a wish.
      const target = { path: checkedAbsolutePath(chosen), replace: deps.platform.shell !== 'web' };
      let fileName = basename(target.path);
      const emit = (state: ReportProgress['state'], progress: CsvWriteResult) =>
        deps.events.emit('reports:progress', { id: request.id, state, fileName, ...progress });
      const due = progressThrottle({ intervalMs: PROGRESS_INTERVAL_MS, now });
      let last: CsvWriteResult = { rows: 0, bytes: 0 };
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
            const tagNames = await tagNamesOf(community, request.brandIds, stop);
            const query = serviceQueryOf(request.brandIds, request.filter);
            async function* rows() {
              for await (const item of walkInteractions(community, query, { signal: stop })) {
                yield inboxCsvRow(item, tagNames);
              }
            }
            return writeCsv(rows(), file, { columns: INBOX_CSV_COLUMNS, signal: stop, onProgress });
          },
          { userDataDir: deps.platform.userDataDir },
        );
        const total = saved.result;
        fileName = basename(saved.path);
        emit('done', total);
        const entry = {
          id: request.id,
          path: saved.path,
          fileName,
          reportType: INBOX_EXPORT_TYPE,
          ...total,
          finishedAt: new Date().toISOString(),
        };
        deps.recent.add(profileId, entry, request.filter);
        return { path: saved.path, ...total };
      } catch (error) {
        emit(stop.aborted ? 'cancelled' : 'failed', last);
        throw stop.aborted ? cancelledError() : error;
      }
    } finally {
      running.delete(request.id);
    }
  }

  /** Stops the inbox export with this id; false when none runs by that id. */
  function cancel(id: string): boolean {
    const controller = running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  return { exportList, cancel };
}

export type InboxExports = ReturnType<typeof createInboxExports>;

type CancelExport = (input: { id: string }, context: CallContext) => Promise<{ cancelled: boolean }>;

/**
 * The reports' handlers with `reports:cancel-export` reaching inbox exports too: the contract
 * gives exports one progress event and one cancel call, whichever area started them.
 */
export function cancellingInboxExportsToo<H extends { 'reports:cancel-export': CancelExport }>(
  handlers: H,
  exports: InboxExports,
): H {
  const cancelReport = handlers['reports:cancel-export'];
  return {
    ...handlers,
    'reports:cancel-export': async (input, context) =>
      exports.cancel(input.id) ? { cancelled: true } : cancelReport(input, context),
  };
}
