import {
  ContractCallError,
  isContentReportType,
  PREVIEW_ROWS_MAX,
  type reportsCalls,
  type ReportPreview,
} from '../../../shared/contract/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { CallContext, HandlerMap } from '../dispatch.ts';
import { stableJson } from '../lists/list-call.ts';
import { SharedLoads } from '../lists/shared-loads.ts';
import type { ExportsService } from '../exports/exports-service.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { createReportExports } from './report-exports.ts';
import { previewView, tableView, truncatedNote, unavailableNote } from './report-preview.ts';
import { serviceRequestOf, type ServiceReportRequest } from './report-request.ts';
import { bestTimes } from './best-times.ts';
import { columnsOf, reportRows, type ReportRow } from './report-rows.ts';
import { createSavedConfigHandlers, createSavedReportConfigs } from './saved-configs.ts';

export interface ReportsHandlersDeps {
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  databases: Pick<ProfileDatabases, 'open'>;
  /** The app's one export service, which saves the report's CSV. */
  exports: Pick<ExportsService, 'run'>;
}

/** The Reports area (interface.md ops 12 and 13): previews, exports, saved configurations. */
export function createReportsHandlers(deps: ReportsHandlersDeps): HandlerMap<typeof reportsCalls> {
  const exports = createReportExports(deps);
  // A preview's data is kept for a minute: paging through it, or going back to it, costs no
  // request against the reports limit (60 a minute). Few are kept: one may hold 10,000 rows.
  const previews = new SharedLoads({ ttlMs: 60_000, maxEntries: 4 });

  /** The report's data as JSON, shared and kept per profile and request. */
  function loadData(request: ServiceReportRequest, context: CallContext): Promise<unknown> {
    const { reports } = deps.clients.active();
    const key = `${deps.profiles.active()?.id ?? ''}:${stableJson([request.query, request.body])}`;
    return previews.get(
      key,
      async (signal) => {
        const options = { signal, lane: context.lane };
        const answer = request.body
          ? await reports.put(request.query, request.body, options)
          : await reports.get(request.query, options);
        return answer.data;
      },
      context.signal,
    );
  }

  /**
   * The rows of a content report a preview reads. Content reports can hold a million rows: the
   * preview reads at most PREVIEW_ROWS_MAX. The first rows of a longer report in descending order
   * are the first rows of a shorter one (the top of the top), so asking for fewer is enough; in
   * ascending order they are not, and none are read.
   */
  async function contentRows(
    request: ServiceReportRequest,
    context: CallContext,
  ): Promise<
    | { kind: 'rows'; rows: ReportRow[] }
    | { kind: 'unavailable'; length: number }
    | { kind: 'raw'; data: unknown }
  > {
    const { query } = request;
    const length = query.limit;
    const long = length !== undefined && length > PREVIEW_ROWS_MAX;
    if (long && query.sort_order === 'ASC') return { kind: 'unavailable', length };
    const read = long ? { ...request, query: { ...query, limit: PREVIEW_ROWS_MAX } } : request;
    const data = await loadData(read, context);
    const rows = reportRows(data)?.slice(0, PREVIEW_ROWS_MAX);
    return rows ? { kind: 'rows', rows } : { kind: 'raw', data };
  }

  return {
    ...createSavedConfigHandlers({
      configs: createSavedReportConfigs(deps.databases),
      profiles: deps.profiles,
    }),
    'reports:data': async ({ config, offset, limit }, context): Promise<ReportPreview> => {
      const request = serviceRequestOf(config);
      const { query, notes } = request;
      const reportType = query.report_type;
      if (!isContentReportType(reportType)) {
        const data = await loadData(request, context);
        return { reportType, notes, view: previewView(reportType, data, { offset, limit }) };
      }
      const read = await contentRows(request, context);
      const length = query.limit;
      if (read.kind === 'unavailable') {
        const view = tableView([], { offset, limit, count: read.length });
        return { reportType, notes: [...notes, unavailableNote(read.length)], view };
      }
      if (read.kind === 'raw') return { reportType, notes, view: { kind: 'raw', data: read.data } };
      const { rows } = read;
      const long = length !== undefined && length > PREVIEW_ROWS_MAX;
      const count = long && rows.length >= PREVIEW_ROWS_MAX ? length : rows.length;
      const view = tableView(rows, { offset, limit, count });
      return {
        reportType,
        notes: count > rows.length ? [...notes, truncatedNote(rows.length, count)] : notes,
        view,
      };
    },

    'reports:best-times': async ({ config, timeZone }, context) => {
      const request = serviceRequestOf(config);
      if (!isContentReportType(request.query.report_type)) {
        throw new ContractCallError({
          code: 'invalid_input',
          message: 'Best times to post come from a content report.',
          fieldErrors: { 'config.report_type': ['Choose a content report to see best times to post.'] },
        });
      }
      const read = await contentRows(request, context);
      const rows = read.kind === 'rows' ? read.rows : [];
      return bestTimes(rows, columnsOf(rows), timeZone);
    },

    'reports:export': async ({ config, fileName, id }, { signal }) =>
      exports.exportReport({ config, fileName, id }, signal),
  };
}
