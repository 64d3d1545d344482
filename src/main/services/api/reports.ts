import {
  reportDataSchema,
  type ReportData,
  type ReportPutBody,
  type ReportQueryInput,
  type ReportType,
} from '../../../shared/domain/index.ts';
import type { CallOptions } from './campaigns.ts';
import type { HttpClient, Method, RequestSpec } from './http-client.ts';

/** A report query as callers write it: report_type may be left out (TOTAL_METRIC is sent). */
export type ReportRequest = Omit<ReportQueryInput, 'report_type' | 'format'> & { report_type?: ReportType };

export interface CsvDownload {
  /** From Content-Disposition, e.g. "CONTENT_OWNED.csv"; undefined when the service named none. */
  filename: string | undefined;
  contentType: string;
  /** The CSV bytes as they arrive; read it to the end or cancel it. */
  body: ReadableStream<Uint8Array>;
}

/**
 * The report_type actually sent (interface.md Versioning 2, conventions §10): SINGLE_METRIC is
 * withdrawn on 2026-06-30 and TOTAL_METRIC answers the same data, so it is sent instead of
 * SINGLE_METRIC and instead of nothing, whatever the date.
 */
export function reportTypeToSend(reportType: ReportType | undefined): ReportType {
  return reportType === undefined || reportType === 'SINGLE_METRIC' ? 'TOTAL_METRIC' : reportType;
}

/** Report data ({dashboard_url}/reports/data), interface.md operations 12 and 13. */
export function createReportsApi(http: HttpClient) {
  const spec = (
    operation: string,
    method: Method,
    query: ReportRequest & { format?: 'csv' },
    extra: Partial<RequestSpec>,
  ): RequestSpec => ({
    operation,
    area: 'dashboard',
    method,
    path: 'reports/data',
    query: { ...query, report_type: reportTypeToSend(query.report_type) },
    ...extra,
  });

  return {
    /** Op 12: report data as JSON, `{data}`. */
    get(query: ReportRequest, options: CallOptions = {}): Promise<ReportData> {
      return http.send(
        spec('reports.get', 'GET', query, {
          schema: reportDataSchema,
          signal: options.signal,
          lane: options.lane,
        }),
      );
    },

    /** Op 13: competitive and benchmark reports; the body names benchmarks and competitors. */
    put(query: ReportRequest, body: ReportPutBody, options: CallOptions = {}): Promise<ReportData> {
      return http.send(
        spec('reports.put', 'PUT', query, {
          json: body,
          schema: reportDataSchema,
          signal: options.signal,
          lane: options.lane,
        }),
      );
    },

    /**
     * The report as CSV, streamed: content reports can be large, so the bytes are handed on as
     * they arrive (to a file, for the export feature) rather than held in memory. Pass `body`
     * for the PUT form (competitive and benchmark reports).
     */
    async downloadCsv(
      query: ReportRequest,
      options: CallOptions & { body?: ReportPutBody } = {},
    ): Promise<CsvDownload> {
      const method = options.body ? 'PUT' : 'GET';
      const response = await http.fetchResponse(
        spec(
          'reports.downloadCsv',
          method,
          { ...query, format: 'csv' },
          { json: options.body, signal: options.signal, lane: options.lane },
        ),
      );
      return {
        filename: filenameFrom(response.headers.get('content-disposition')),
        contentType: response.headers.get('content-type') ?? 'text/csv',
        body: response.body ?? new Response('').body!,
      };
    },
  };
}

/** `attachment; filename="x.csv"` -> `x.csv`; only the base name, never a path. */
export function filenameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (!match?.[1]) return undefined;
  let name = match[1];
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep it as sent
  }
  return name.split(/[\\/]/).pop() || undefined;
}

export type ReportsApi = ReturnType<typeof createReportsApi>;
