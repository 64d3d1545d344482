import { z } from 'zod';
import { dateSchema, idSchema } from './common.ts';
import {
  metricReportTypes,
  reportChannels,
  reportFormatSchema,
  reportTimeScaleSchema,
  reportTypeSchema,
  sortOrderSchema,
  type ReportType,
} from './enums.ts';
import {
  boolParam,
  commaEnumList,
  commaIntList,
  commaStringList,
  intParam,
  jsonObjectParam,
} from './query-params.ts';

/** Report data ({dashboard_url}/reports/data, ops 12 and 13): query parameters, PUT body, answer. */

/** Upper bound of `limit` (content length of the report data). */
export const REPORT_LIMIT_MAX = 1_000_000;

/**
 * A filename prefix becomes `Content-Disposition: attachment; filename="<prefix>.csv"`, so quotes,
 * backslashes, path separators and control characters are refused.
 */
const filenameSchema = z
  .string()
  .min(1)
  .max(200)
  .refine(
    (name) => ![...name].some((char) => char < ' ' || char === '\u007f' || '"\\/'.includes(char)),
    'Must not contain quotes, slashes or control characters.',
  );

const reportQueryShape = {
  report_type: reportTypeSchema,
  channels: commaEnumList(reportChannels, { min: 1 }).optional(),
  metrics: commaStringList({ min: 1 }).optional(),
  brand_ids: commaIntList({ min: 1 }).optional(),
  competitive_brand_ids: commaIntList({ min: 1 }).optional(),
  start_date: dateSchema.optional(),
  end_date: dateSchema.optional(),
  context_start_date: dateSchema.optional(),
  context_end_date: dateSchema.optional(),
  time_scale: reportTimeScaleSchema.optional(),
  sort_order: sortOrderSchema.optional(),
  limit: intParam({ min: 0, max: REPORT_LIMIT_MAX }).optional(),
  filters: jsonObjectParam().optional(),
  filename: filenameSchema.optional(),
  format: reportFormatSchema.optional(),
  include_data: boolParam().optional(),
  null_if_no_posts: boolParam().optional(),
  share_of_voice: boolParam().optional(),
};

export function isMetricReport(reportType: ReportType): boolean {
  return (metricReportTypes as readonly ReportType[]).includes(reportType);
}

/**
 * Query of GET|PUT /reports/data (conventions §6 and §8). report_type is required: a server
 * answers its absence with 400 (naming TOTAL_METRIC) before this schema runs; the cross-field
 * rules below are 422s.
 */
export const reportQuerySchema = z.strictObject(reportQueryShape).superRefine((query, ctx) => {
  if (query.include_data === true) {
    for (const field of ['start_date', 'end_date'] as const) {
      if (query[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'Required when include_data is true.' });
      }
    }
  }
  if (isMetricReport(query.report_type)) {
    for (const field of ['context_start_date', 'context_end_date'] as const) {
      if (query[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Required for ${query.report_type} reports.`,
        });
      }
    }
  }
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export type ReportQueryInput = z.input<typeof reportQuerySchema>;

/** Op 13 body (competitive and benchmark reports). */
export const reportPutBodySchema = z.strictObject({
  benchmarks: z.array(z.strictObject({ industry_id: idSchema })).optional(),
  competitor_source_account_ids: z.array(z.string().min(1)).optional(),
});
export type ReportPutBody = z.infer<typeof reportPutBodySchema>;

/** JSON answer without `format`: `{data}`, of a type the interface does not show. */
export const reportDataSchema = z.looseObject({ data: z.unknown() });
export type ReportData = z.infer<typeof reportDataSchema>;
