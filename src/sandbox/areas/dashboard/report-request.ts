import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  isMetricReport,
  reportPutBodySchema,
  reportQuerySchema,
  type ReportPutBody,
} from '../../../shared/domain/index.ts';
import { requireBrands } from '../../http/auth.ts';
import { SandboxError } from '../../http/errors.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';

/** From this instant on, SINGLE_METRIC answers 400 (interface.md Versioning, conventions §10). */
export const SINGLE_METRIC_WITHDRAWN_AT = Date.UTC(2026, 5, 30);

/**
 * interface.md (Limits) asks for at least one value each of channels, metrics and brand_ids, so a
 * request without one is a 422 naming it, rather than a report of a channel, metrics or brands
 * the client never chose. The shared schema leaves them optional in the client's request type.
 */
const { channels, metrics, brand_ids } = reportQuerySchema.shape;
const requestQuerySchema = reportQuerySchema.safeExtend({
  channels: channels.unwrap(),
  metrics: metrics.unwrap(),
  brand_ids: brand_ids.unwrap(),
});
type RequestQuery = z.output<typeof requestQuerySchema>;

export interface ReportRequest {
  query: RequestQuery;
  body: ReportPutBody;
  /** Brands the report covers: brand_ids. */
  brandIds: number[];
  /** The reporting range (start_date..end_date, or the 30 days up to today by the sandbox clock). */
  range: { start: string; end: string };
  /** The comparison range, for metric reports. */
  context?: { start: string; end: string };
}

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Ranges are bounded so a daily series stays a reasonable size. */
const MAX_RANGE_DAYS = 3660;

function ordered(start: string, end: string, field: string): void {
  if (start > end) {
    throw new SandboxError(422, `Invalid query parameters. ${field} must not be before its start.`, {
      [field]: ['Must not be before the start of its range.'],
    });
  }
  if ((Date.parse(end) - Date.parse(start)) / DAY >= MAX_RANGE_DAYS) {
    throw new SandboxError(
      422,
      `Invalid query parameters. A date range spans at most ${MAX_RANGE_DAYS} days.`,
      {
        [field]: [`The range spans at most ${MAX_RANGE_DAYS} days.`],
      },
    );
  }
}

/**
 * Reads and checks a reports request in the order a client can act on: a missing report_type
 * (400, naming TOTAL_METRIC), the withdrawn SINGLE_METRIC (400 on/after 2026-06-30), then every
 * field rule (422), then brand access (404/403).
 */
export function readReportRequest(request: FastifyRequest, now: Date, withBody: boolean): ReportRequest {
  const raw = (request.query ?? {}) as Record<string, unknown>;
  if (raw.report_type === undefined || raw.report_type === '') {
    throw new SandboxError(
      400,
      'report_type is required: send report_type=TOTAL_METRIC (the withdrawn default was SINGLE_METRIC).',
      {
        report_type: ['Required. Send TOTAL_METRIC where SINGLE_METRIC was the default.'],
      },
    );
  }
  if (raw.report_type === 'SINGLE_METRIC' && now.getTime() >= SINGLE_METRIC_WITHDRAWN_AT) {
    throw new SandboxError(
      400,
      'report_type=SINGLE_METRIC was withdrawn on 2026-06-30: send report_type=TOTAL_METRIC instead.',
      {
        report_type: ['SINGLE_METRIC is withdrawn; use TOTAL_METRIC.'],
      },
    );
  }
  const query = parseQuery(requestQuerySchema, request.query);
  const body = withBody ? parseBody(reportPutBodySchema, request.body) : {};

  const today = dateOf(now.getTime());
  const range = {
    start: query.start_date ?? dateOf(Date.parse(`${query.end_date ?? today}T00:00:00Z`) - 29 * DAY),
    end: query.end_date ?? today,
  };
  ordered(range.start, range.end, 'end_date');
  let context: ReportRequest['context'];
  if (query.context_start_date && query.context_end_date) {
    ordered(query.context_start_date, query.context_end_date, 'context_end_date');
    context = { start: query.context_start_date, end: query.context_end_date };
  } else if (isMetricReport(query.report_type)) {
    // The schema already requires both; this keeps the type honest.
    throw new SandboxError(
      422,
      'Invalid query parameters. context_start_date and context_end_date are required.',
    );
  }

  const brandIds = query.brand_ids;
  requireBrands(request, brandIds);
  return { query, body, brandIds, range, context };
}
