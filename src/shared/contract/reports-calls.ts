import { z } from 'zod';
import {
  dateSchema,
  idSchema,
  REPORT_LIMIT_MAX,
  reportChannelSchema,
  reportQuerySchema,
  reportTimeScaleSchema,
  reportTypeSchema,
  sortOrderSchema,
  type ReportType,
} from '../domain/index.ts';
import { LIST_LIMIT_MAX } from './call-spec.ts';
import { exportIdSchema, recentExportSchema } from './exports-calls.ts';

/**
 * Calls of the Reports area (issue 16): report data for previews, and exports saved to disk as
 * CSV (whose progress, cancel and recent list every export shares: exports-calls.ts).
 *
 * A report configuration is the report's query in the service's own parameter names
 * (conventions §6 and §8: `report_type`, `channels`, `brand_ids`, `context_start_date`, ...),
 * typed (lists are arrays, flags booleans), plus the PUT body of competitive and benchmark
 * reports (`benchmarks`, `competitor_source_account_ids`). Saved configurations keep this shape.
 */

/** Reports the service answers from the PUT form (interface.md op 13), whose body it reads. */
export const putReportTypes = [
  'COMPETITIVE_CONTENT',
  'COMPETITIVE_MULTI_BRAND_METRIC',
  'COMPETITIVE_GRAPH',
  'BENCHMARK_METRIC',
  'BENCHMARK_GRAPH',
] as const satisfies readonly ReportType[];
export const usesPutBody = (type: ReportType) => (putReportTypes as readonly ReportType[]).includes(type);

/** Reports of one row per piece of content: long, paged in previews. */
export const contentReportTypes = [
  'CONTENT_OWNED',
  'CONTENT_OWNED_STORIES',
  'CONTENT_UGC',
  'CONTENT',
  'COMPETITIVE_CONTENT',
] as const satisfies readonly ReportType[];
export const isContentReportType = (type: ReportType) =>
  (contentReportTypes as readonly ReportType[]).includes(type);

/** Reports of series over time (a line chart): DAILY or MONTHLY points. */
export const graphReportTypes = [
  'GRAPH',
  'COMPETITIVE_GRAPH',
  'BENCHMARK_GRAPH',
] as const satisfies readonly ReportType[];

const reportConfigObject = z.object({
  /** SINGLE_METRIC is accepted (a saved configuration may still say it) and made TOTAL_METRIC. */
  report_type: reportTypeSchema,
  channels: z.array(reportChannelSchema).min(1, 'Choose at least one channel.'),
  // The service takes metrics as one comma-separated list: a comma in a name would split it in two.
  metrics: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .refine((metric) => !metric.includes(','), 'One metric at a time: a name cannot contain a comma.'),
    )
    .min(1, 'Choose at least one metric.'),
  brand_ids: z.array(idSchema).min(1, 'Choose at least one brand.').max(100),
  competitive_brand_ids: z.array(idSchema).min(1, 'Choose at least one competitive brand.').optional(),
  /** The reporting range; needed with include_data. */
  start_date: dateSchema.optional(),
  end_date: dateSchema.optional(),
  /** The comparison range; needed by metric reports (isMetricReport). */
  context_start_date: dateSchema.optional(),
  context_end_date: dateSchema.optional(),
  /** Graph reports: DAILY or MONTHLY. */
  time_scale: reportTimeScaleSchema.optional(),
  sort_order: sortOrderSchema.optional(),
  /** Content length: how many pieces of content a content report holds. */
  limit: z.number().int().min(0).max(REPORT_LIMIT_MAX).optional(),
  /** Channel-specific filters (content reports honour `media_types`). */
  filters: z.record(z.string(), z.unknown()).optional(),
  /** The service's file name prefix (the export's suggested name too). */
  filename: z.string().optional(),
  include_data: z.boolean().optional(),
  null_if_no_posts: z.boolean().optional(),
  share_of_voice: z.boolean().optional(),
  /** PUT body, competitive and benchmark reports only. */
  benchmarks: z.array(z.object({ industry_id: idSchema })).optional(),
  competitor_source_account_ids: z.array(z.string().min(1)).optional(),
});

/**
 * A report configuration, checked by the same rules as the service's query (the shared
 * `reportQuerySchema`: ranges a type needs, the file name's characters), each issue at its field.
 */
export const reportConfigSchema = reportConfigObject.superRefine((config, ctx) => {
  const { benchmarks, competitor_source_account_ids, ...query } = config;
  const checked = reportQuerySchema.safeParse(query);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  }
  if (!usesPutBody(config.report_type)) {
    for (const [field, value] of Object.entries({ benchmarks, competitor_source_account_ids })) {
      if (value !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Only competitive and benchmark reports take this.',
        });
      }
    }
  }
});
export type ReportConfig = z.output<typeof reportConfigSchema>;
export type ReportConfigInput = z.input<typeof reportConfigSchema>;

/** Something the user should know about how a report was made (shown beside it). */
export const reportNoteSchema = z.object({
  code: z.enum(['report_type_migrated', 'preview_truncated', 'preview_unavailable']),
  message: z.string(),
});
export type ReportNote = z.output<typeof reportNoteSchema>;

/**
 * SINGLE_METRIC was withdrawn on 2026-06-30 (interface.md Versioning 2) and is never sent:
 * TOTAL_METRIC answers the same data. A configuration that still says it (saved before) is made
 * TOTAL_METRIC, with a note saying so; the report builder applies this when it opens one too.
 */
export function migrateReportConfig<T extends { report_type: ReportType }>(
  config: T,
): { config: T; notes: ReportNote[] } {
  if (config.report_type !== 'SINGLE_METRIC') return { config, notes: [] };
  return {
    config: { ...config, report_type: 'TOTAL_METRIC' },
    notes: [
      {
        code: 'report_type_migrated',
        message:
          'SINGLE_METRIC reports were withdrawn on 30 June 2026; this one was made as TOTAL_METRIC, which gives the same figures.',
      },
    ],
  };
}

// ---- reports:data (previews) ----

/** The most rows a preview reads from the service; longer reports are exported to see them all. */
export const PREVIEW_ROWS_MAX = 10_000;

const cellSchema = z.unknown();
const rowSchema = z.record(z.string(), cellSchema);

/** Content reports (and other row tables): the rows asked for, the app's list way. */
const tablePreviewSchema = z.object({
  kind: z.literal('table'),
  /** Every column seen, in the service's order. */
  columns: z.array(z.string()),
  /** Rows the report holds, as far as known: the content length asked for when the preview did not read them all. */
  count: z.number().int().min(0),
  /** Rows a preview can page through (at most PREVIEW_ROWS_MAX); offsets past it answer no rows. */
  previewable: z.number().int().min(0),
  items: z.array(rowSchema),
});

/** Graph reports: one series per brand, channel and metric, for a line chart. */
const seriesPreviewSchema = z.object({
  kind: z.literal('series'),
  series: z.array(
    z.object({
      brandId: idSchema.nullable(),
      channel: z.string(),
      metric: z.string(),
      points: z.array(z.object({ date: z.string(), value: z.number().nullable() })),
    }),
  ),
});

/** Metric reports: each figure with the comparison range's and how it moved. */
const figuresPreviewSchema = z.object({
  kind: z.literal('figures'),
  figures: z.array(
    z.object({
      /** Null for a benchmark's figure (an industry, not a brand). */
      brandId: idSchema.nullable(),
      benchmarkIndustryId: idSchema.nullable(),
      isCompetitor: z.boolean(),
      channel: z.string(),
      metric: z.string(),
      /** Null where the service has no value (null_if_no_posts and no posts). */
      value: z.number().nullable(),
      /** The same figure over the comparison range. */
      contextValue: z.number().nullable(),
      /** (value - contextValue) / |contextValue|: 0.25 is up by 25 %; null when either is missing or it was 0. */
      change: z.number().nullable(),
      direction: z.enum(['up', 'down', 'flat']).nullable(),
      shareOfVoice: z.number().nullable(),
    }),
  ),
});

/** An answer of a shape the app does not know: shown as it came. */
const rawPreviewSchema = z.object({ kind: z.literal('raw'), data: z.unknown() });

export const reportPreviewSchema = z.object({
  /** The type the service was asked for (TOTAL_METRIC where SINGLE_METRIC was configured). */
  reportType: reportTypeSchema,
  notes: z.array(reportNoteSchema),
  view: z.discriminatedUnion('kind', [
    tablePreviewSchema,
    seriesPreviewSchema,
    figuresPreviewSchema,
    rawPreviewSchema,
  ]),
});
export type ReportPreview = z.output<typeof reportPreviewSchema>;
export type ReportPreviewView = ReportPreview['view'];

// ---- best times to post ----

/** An IANA time zone this machine knows (`Europe/Paris`), the person's own by default. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone this computer knows.');

/**
 * When a content report's posts did best, by day of the week and hour of the day in a time zone,
 * per channel: each cell the posts published in that hour of that day, and their average
 * engagement. Cells with no post are left out.
 */
export const bestTimesSchema = z.object({
  /** The report's column read as engagement (`engagements`, else `engagement_rate`); null: none. */
  metric: z.string().nullable(),
  timeZone: z.string(),
  /** Rows read, and those left out (no publish time, or no figure in `metric`). */
  rows: z.number().int().min(0),
  skipped: z.number().int().min(0),
  channels: z.array(
    z.object({
      channel: z.string(),
      posts: z.number().int().min(0),
      cells: z.array(
        z.object({
          /** 0 Monday … 6 Sunday. */
          day: z.number().int().min(0).max(6),
          hour: z.number().int().min(0).max(23),
          posts: z.number().int().min(1),
          /** The posts' average of `metric`; null without one. */
          average: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type BestTimes = z.output<typeof bestTimesSchema>;

// ---- saved report configurations ----

/**
 * A report configuration saved under a name in the active profile. One saved before SINGLE_METRIC
 * was withdrawn comes back as TOTAL_METRIC, with the note saying so (migrateReportConfig).
 */
export const savedReportConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  config: reportConfigSchema,
  notes: z.array(reportNoteSchema),
  /** ISO 8601 (UTC). */
  updatedAt: z.string(),
});
export type SavedReportConfig = z.output<typeof savedReportConfigSchema>;

export const savedReportConfigNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the configuration a name.')
  .max(80, 'At most 80 characters.');

export const reportsCalls = {
  /**
   * Report data as JSON, for a preview. Content reports (and other row tables) answer the rows
   * `offset..offset+limit`; the rest answer whole.
   */
  'reports:data': {
    input: z.object({
      config: reportConfigSchema,
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(0).max(LIST_LIMIT_MAX).default(100),
    }),
    output: reportPreviewSchema,
  },
  /**
   * Saves the report as CSV where the user says: the native save dialog in Electron, the
   * downloads folder in the browser shell. Answers null when the user cancelled the dialog, the
   * export once the file is complete; a cancelled or failed export leaves no file. Choose `id`
   * (a UUID) to follow `exports:progress` and to cancel it with `exports:cancel`.
   */
  'reports:export': {
    input: z.object({
      config: reportConfigSchema,
      /** Suggested file name; by default the configuration's `filename`, else its report type. */
      fileName: z.string().trim().min(1).max(200).optional(),
      id: exportIdSchema.optional(),
    }),
    output: recentExportSchema.extend({ notes: z.array(reportNoteSchema) }).nullable(),
  },
  /**
   * Best times to post, from a content report's rows (the rows a preview reads): publish time
   * and engagement, per channel, by day and hour in `timeZone`.
   */
  'reports:best-times': {
    input: z.object({ config: reportConfigSchema, timeZone: timeZoneSchema }),
    output: bestTimesSchema,
  },
  /** The active profile's saved report configurations, by name. */
  'reports:configs': {
    input: z.undefined(),
    output: z.object({ items: z.array(savedReportConfigSchema) }),
  },
  /**
   * Saves a configuration under a name: a new one without `id`, else replaces (renames) that one.
   * A name another saved configuration has is refused (conflict, at `name`).
   */
  'reports:save-config': {
    input: z.object({
      id: z.string().min(1).optional(),
      name: savedReportConfigNameSchema,
      config: reportConfigSchema,
    }),
    output: savedReportConfigSchema,
  },
  'reports:delete-config': {
    input: z.object({ id: z.string().min(1) }),
    output: z.object({ deleted: z.boolean() }),
  },
} as const;
