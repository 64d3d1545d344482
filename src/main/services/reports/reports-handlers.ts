import {
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
import { reportRows } from './report-rows.ts';
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
      // Content reports can hold a million rows: the preview reads at most PREVIEW_ROWS_MAX.
      // The first rows of a longer report in descending order are the first rows of a shorter
      // one (the top of the top), so asking for fewer is enough; in ascending order they are not.
      const length = query.limit;
      const long = length !== undefined && length > PREVIEW_ROWS_MAX;
      if (long && query.sort_order === 'ASC') {
        const view = tableView([], { offset, limit, count: length });
        return { reportType, notes: [...notes, unavailableNote(length)], view };
      }
      const read = long ? { ...request, query: { ...query, limit: PREVIEW_ROWS_MAX } } : request;
      const data = await loadData(read, context);
      const rows = reportRows(data)?.slice(0, PREVIEW_ROWS_MAX);
      if (!rows) return { reportType, notes, view: { kind: 'raw', data } };
      const count = long && rows.length >= PREVIEW_ROWS_MAX ? length : rows.length;
      const view = tableView(rows, { offset, limit, count });
      return {
        reportType,
        notes: count > rows.length ? [...notes, truncatedNote(rows.length, count)] : notes,
        view,
      };
    },

    'reports:export': async ({ config, fileName, id }, { signal }) =>
      exports.exportReport({ config, fileName, id }, signal),
  };
}
