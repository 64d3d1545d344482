import {
  migrateReportConfig,
  usesPutBody,
  type ReportConfig,
  type ReportNote,
} from '../../../shared/contract/index.ts';
import type { ReportPutBody } from '../../../shared/domain/index.ts';
import type { ReportRequest } from '../api/reports.ts';

/** The configuration's query part, typed (arrays, numbers); the API client takes it as it is. */
export type ReportConfigQuery = Omit<ReportConfig, 'benchmarks' | 'competitor_source_account_ids'> &
  ReportRequest;

/** A report configuration as the service is asked for it: its query, and the PUT body if any. */
export interface ServiceReportRequest {
  query: ReportConfigQuery;
  /** Competitive and benchmark reports are asked with PUT and this body; others with GET. */
  body: ReportPutBody | undefined;
  /** What the user should know about it (SINGLE_METRIC made TOTAL_METRIC). */
  notes: ReportNote[];
}

export function serviceRequestOf(configured: ReportConfig): ServiceReportRequest {
  const { config, notes } = migrateReportConfig(configured);
  const { benchmarks, competitor_source_account_ids, ...query } = config;
  const body = usesPutBody(config.report_type)
    ? withoutUndefined({ benchmarks, competitor_source_account_ids })
    : undefined;
  return { query: withoutUndefined(query), body, notes };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
