import { randomUUID } from 'node:crypto';
import type { ReportConfig, ReportNote, RecentExport } from '../../../shared/contract/index.ts';
import type { ProfileClients } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import { ApiError } from '../api/api-error.ts';
import { copyCsv } from '../csv/copy-csv.ts';
import type { ExportsService } from '../exports/exports-service.ts';
import { writeReportJsonAsCsv } from './json-report-csv.ts';
import { serviceRequestOf } from './report-request.ts';

export interface ReportExportsDeps {
  clients: Pick<ProfileClients, 'active'>;
  profiles: Pick<ProfilesService, 'active'>;
  exports: Pick<ExportsService, 'run'>;
}

export interface ExportRequest {
  config: ReportConfig;
  fileName?: string;
  id?: string;
}

export type ExportAnswer = (RecentExport & { notes: ReportNote[] }) | null;

/**
 * A report saved as CSV through the app's one export service: the service's CSV streamed as it
 * arrives (through the formula guard), or written by the app where the service answered JSON.
 */
export function createReportExports(deps: ReportExportsDeps) {
  async function exportReport(request: ExportRequest, signal: AbortSignal): Promise<ExportAnswer> {
    const { query, body, notes } = serviceRequestOf(request.config);
    const client = deps.clients.active(); // throws the contract's error when no profile is active
    const saved = await deps.exports.run(
      {
        id: request.id ?? randomUUID(),
        profileId: deps.profiles.active()!.id,
        defaultName: request.fileName ?? `${query.filename ?? query.report_type}.csv`,
        reportType: query.report_type,
        source: request.config,
        async write(file, { signal: stop, onProgress }) {
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
        failure: downloadError,
      },
      signal,
    );
    return saved && { ...saved, notes };
  }

  return { exportReport };
}

/**
 * A download that failed half way, as the contract shows it: a connection that broke as
 * `offline`, an answer that is not JSON as the service's fault; undefined for anything else.
 */
function downloadError(error: unknown): ApiError | undefined {
  if (isBrokenConnection(error)) {
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
  return undefined;
}

/** undici's ways of saying an answer's body was cut off: "terminated", a socket error, a reset. */
function isBrokenConnection(thrown: unknown) {
  const error = thrown as (Error & { code?: unknown; cause?: { code?: unknown } }) | undefined;
  if (!error) return false;
  const codes = [error.code, error.cause?.code].filter((code) => typeof code === 'string') as string[];
  return (
    (error instanceof TypeError && /terminated/i.test(error.message)) ||
    codes.some((code) => code.startsWith('UND_ERR') || ['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(code))
  );
}
