import {
  graphReportTypes,
  isContentReportType,
  reportConfigSchema,
  type ReportConfig,
  type ReportConfigInput,
} from '../../../../shared/contract/index.ts';
import {
  isMetricReport,
  type MediaType,
  type ReportChannel,
  type ReportTimeScale,
  type ReportType,
  type SortOrder,
} from '../../../../shared/domain/index.ts';

/**
 * The report builder's form as people fill it in, and the way to and from a report configuration
 * (the contract's shape). Which fields a report type asks for lives here, in one place, so the
 * form shows exactly the fields that go into the configuration.
 */

export type DateRange = [string, string] | null;

export interface ReportForm {
  report_type: ReportType;
  channels: ReportChannel[];
  metrics: string[];
  brand_ids: number[];
  /** As typed (ids of other brands); checked to be whole numbers. */
  competitive_brand_ids: string[];
  range: DateRange;
  context_range: DateRange;
  time_scale: ReportTimeScale;
  sort_order: SortOrder;
  /** Content length; null for the service's default. */
  limit: number | null;
  /** The content reports' channel filter `media_types`; empty for every type. */
  media_types: MediaType[];
  filename: string;
  include_data: boolean;
  null_if_no_posts: boolean;
  share_of_voice: boolean;
  benchmark_industry_ids: string[];
  competitor_source_account_ids: string[];
}

/** The fields a report type asks for, besides type, channels, metrics, brands and file name. */
export interface ReportFields {
  content: boolean;
  comparison: boolean;
  /** Metric reports may carry their daily (or monthly) series. */
  includeData: boolean;
  timeScale: boolean;
  competitive: boolean;
  benchmarks: boolean;
  shareOfVoice: boolean;
  nullIfNoPosts: boolean;
  /** The reporting range is required (include_data), not only a choice. */
  rangeRequired: boolean;
}

export function fieldsFor(form: Pick<ReportForm, 'report_type' | 'include_data'>): ReportFields {
  const type = form.report_type;
  const metric = isMetricReport(type);
  const graph = (graphReportTypes as readonly ReportType[]).includes(type);
  const includeData = metric && form.include_data;
  return {
    content: isContentReportType(type),
    comparison: metric,
    includeData: metric,
    timeScale: graph || includeData,
    competitive: type.startsWith('COMPETITIVE_'),
    benchmarks: type.startsWith('BENCHMARK_'),
    shareOfVoice: type === 'COMPETITIVE_MULTI_BRAND_METRIC',
    nullIfNoPosts: metric || type === 'HEADER' || type === 'MULTI_METRIC_MEDIA_TYPE',
    rangeRequired: includeData,
  };
}

const splitRange = (range: DateRange, start: string, end: string) =>
  range ? { [start]: range[0], [end]: range[1] } : {};

const idText = /^\s*\d+\s*$/;
const toIds = (texts: string[]) => texts.map((text) => (idText.test(text) ? Number(text) : Number.NaN));

/** The configuration the form describes: only the fields its report type asks for. */
export function configOf(form: ReportForm): ReportConfigInput {
  const fields = fieldsFor(form);
  const config: ReportConfigInput = {
    report_type: form.report_type,
    channels: [...form.channels],
    metrics: [...form.metrics],
    brand_ids: [...form.brand_ids],
    ...splitRange(form.range, 'start_date', 'end_date'),
  };
  if (fields.comparison)
    Object.assign(config, splitRange(form.context_range, 'context_start_date', 'context_end_date'));
  if (fields.timeScale) config.time_scale = form.time_scale;
  if (fields.includeData && form.include_data) config.include_data = true;
  if (fields.content) {
    config.sort_order = form.sort_order;
    if (form.limit !== null) config.limit = form.limit;
    if (form.media_types.length > 0) config.filters = { media_types: [...form.media_types] };
  }
  if (fields.competitive) {
    config.competitive_brand_ids = toIds(form.competitive_brand_ids);
    if (form.competitor_source_account_ids.length > 0)
      config.competitor_source_account_ids = form.competitor_source_account_ids.map((id) => id.trim());
  }
  if (fields.benchmarks && form.benchmark_industry_ids.length > 0)
    config.benchmarks = toIds(form.benchmark_industry_ids).map((industry_id) => ({ industry_id }));
  if (fields.shareOfVoice && form.share_of_voice) config.share_of_voice = true;
  if (fields.nullIfNoPosts && form.null_if_no_posts) config.null_if_no_posts = true;
  if (form.filename.trim()) config.filename = form.filename.trim();
  // Competitive reports may name no competitors: the list is left out rather than sent empty.
  if (config.competitive_brand_ids?.length === 0) delete config.competitive_brand_ids;
  return config;
}

/** A form showing a saved configuration (already migrated off SINGLE_METRIC). */
export function formOf(config: ReportConfig, base: ReportForm): ReportForm {
  const mediaTypes = config.filters?.media_types;
  return {
    ...base,
    report_type: config.report_type,
    channels: [...config.channels],
    metrics: [...config.metrics],
    brand_ids: [...config.brand_ids],
    competitive_brand_ids: (config.competitive_brand_ids ?? []).map(String),
    range: config.start_date && config.end_date ? [config.start_date, config.end_date] : null,
    context_range:
      config.context_start_date && config.context_end_date
        ? [config.context_start_date, config.context_end_date]
        : null,
    time_scale: config.time_scale ?? base.time_scale,
    sort_order: config.sort_order ?? base.sort_order,
    limit: config.limit ?? null,
    media_types: Array.isArray(mediaTypes) ? (mediaTypes as MediaType[]) : [],
    filename: config.filename ?? '',
    include_data: config.include_data ?? false,
    null_if_no_posts: config.null_if_no_posts ?? false,
    share_of_voice: config.share_of_voice ?? false,
    benchmark_industry_ids: (config.benchmarks ?? []).map((b) => String(b.industry_id)),
    competitor_source_account_ids: [...(config.competitor_source_account_ids ?? [])],
  };
}

/**
 * Field -> first message, for the form's fields: the contract's own rules (which types need which
 * ranges, the file name's characters), with list elements ("brand_ids.2") told at their list.
 */
export function errorsOf(form: ReportForm): Record<string, string> {
  const errors: Record<string, string> = {};
  const checked = reportConfigSchema.safeParse(configOf(form));
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '(input)');
      errors[field] ??= issue.message;
    }
  }
  const notWhole = (texts: string[]) => texts.some((text) => !idText.test(text));
  const fields = fieldsFor(form);
  if (fields.competitive && notWhole(form.competitive_brand_ids))
    errors.competitive_brand_ids = 'Brand ids are whole numbers, such as 201.';
  if (fields.benchmarks && notWhole(form.benchmark_industry_ids))
    errors.benchmarks = 'Industry ids are whole numbers, such as 12.';
  return errors;
}

/** Which form field shows an error of a configuration field (from the schema or the service). */
export function formFieldOf(configField: string): string {
  const field = configField.replace(/^config\./, '').split('.')[0]!;
  if (field === 'start_date' || field === 'end_date' || field === 'include_data') return 'range';
  if (field === 'context_start_date' || field === 'context_end_date') return 'context_range';
  if (field === 'filters') return 'media_types';
  if (field === 'benchmarks') return 'benchmark_industry_ids';
  return field;
}

// ---- dates ----

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The `days` days up to yesterday (today is not over yet), by the calendar of `today`. */
export function lastDays(days: number, today: string): [string, string] {
  const end = dayMs(today) - DAY;
  return [isoDay(end - (days - 1) * DAY), isoDay(end)];
}

/** The range of the same length just before `range`: the usual comparison. */
export function previousPeriod(range: [string, string]): [string, string] {
  const start = dayMs(range[0]);
  const length = dayMs(range[1]) - start + DAY;
  return [isoDay(start - length), isoDay(start - DAY)];
}

/** Today in the person's own time zone, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new form: a month of TOTAL_METRIC figures for the chosen brands, against the month before. */
export function blankForm(brandIds: readonly number[], today: string): ReportForm {
  const range = lastDays(30, today);
  return {
    report_type: 'TOTAL_METRIC',
    channels: ['INSTAGRAM'],
    metrics: ['IMPRESSIONS'],
    brand_ids: [...brandIds],
    competitive_brand_ids: [],
    range,
    context_range: previousPeriod(range),
    time_scale: 'DAILY',
    sort_order: 'DESC',
    limit: null,
    media_types: [],
    filename: '',
    include_data: false,
    null_if_no_posts: false,
    share_of_voice: false,
    benchmark_industry_ids: [],
    competitor_source_account_ids: [],
  };
}
