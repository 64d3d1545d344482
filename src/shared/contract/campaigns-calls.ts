import { z } from 'zod';
import {
  adSourceSchema,
  campaignActivitySchema,
  campaignAdSchema,
  campaignSchema,
  campaignSortSchema,
  campaignStatsOverviewDataSchema,
  campaignUpdateSchema,
  dateSchema,
  idSchema,
  type CampaignUpdate,
} from '../domain/index.ts';
import { listInput, listOutput } from './call-spec.ts';

/**
 * Calls of the Campaigns area (issue 16 §4, interface.md ops 1 to 5): a brand's campaigns, one
 * campaign, its statistics overview, its ads, adding owned media, and the full PUT of the edit
 * form. Campaigns belong to one brand, so every call names the brand it works in.
 */

/** The list's filters, the app's way; main turns them into the service's query (conventions §6). */
export const campaignFilterSchema = z.object({
  /** Name search; `*` is a wildcard, case-insensitive. */
  search: z.string().trim().max(200).optional(),
  /** A sort field, with a leading `-` for descending; newest first when left out. */
  sort: campaignSortSchema.optional(),
  /** ACTIVE: the creator filters' date range holds today (ALL or left out: no filter). */
  activity: campaignActivitySchema.optional(),
  /** true: only campaigns with creators; false: only those without. */
  hasCreators: z.boolean().optional(),
  /** Campaigns this creator takes part in. */
  creatorId: idSchema.optional(),
});
export type CampaignFilter = z.output<typeof campaignFilterSchema>;
export type CampaignFilterInput = z.input<typeof campaignFilterSchema>;

const shape = campaignSchema.shape;

/** A row of the list: what the list shows and sorts by. */
export const campaignRowSchema = z.object({
  id: shape.id,
  brand_id: shape.brand_id,
  name: shape.name,
  start_date: shape.start_date,
  end_date: shape.end_date,
  created_at: shape.created_at,
  updated_at: shape.updated_at,
  creator_ids: shape.creator_ids,
  number_of_media: shape.number_of_media,
  avg_emv: shape.avg_emv,
  avg_engagement_rate: shape.avg_engagement_rate,
  avg_engagements: shape.avg_engagements,
  total_clicks: shape.total_clicks,
  total_creator_likes: shape.total_creator_likes,
  total_emv: shape.total_emv,
  total_engagements: shape.total_engagements,
  total_impressions: shape.total_impressions,
  total_video_views: shape.total_video_views,
});
export type CampaignRow = z.output<typeof campaignRowSchema>;

/** A whole campaign as the service answered it (the fields the interface names, nothing else). */
export const campaignViewSchema = z.object(shape);
export type CampaignView = z.output<typeof campaignViewSchema>;

/** An ad of a campaign (op 3); `metrics` holds numbers by name, whose names are not shown. */
export const campaignAdViewSchema = z.object(campaignAdSchema.shape);
export type CampaignAdView = z.output<typeof campaignAdViewSchema>;

/** The statistics overview (op 5): every group of the published shape, each leaf a number. */
export const campaignStatsViewSchema = z.object(campaignStatsOverviewDataSchema.shape);
export type CampaignStatsView = z.output<typeof campaignStatsViewSchema>;

const campaignRef = { brandId: idSchema, campaignId: idSchema };

/**
 * The edit form's PUT (op 1): every field of the body, as the service's own names, so a field
 * error from the service and one from this schema land on the same field. Stricter than the
 * service where a person should hear it before sending: a name, dates in order.
 */
export const campaignUpdateInputSchema = campaignUpdateSchema
  .extend({
    ...campaignRef,
    name: z.string().trim().min(1, 'Give the campaign a name.').max(200, 'At most 200 characters.'),
    ttcm_spark_ads_authorization_days: z
      .number('Days must be a whole number.')
      .int('Days must be a whole number.')
      .min(0, 'Days cannot be negative.')
      .nullable()
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.start_date && value.end_date && value.end_date < value.start_date) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'The end comes before the start.' });
    }
    const goals = [
      ...(value.topline_metrics?.CREATOR_SUMMARY ?? []).map(
        (m, i) => ['CREATOR_SUMMARY', i, m.goal] as const,
      ),
      ...(value.topline_metrics?.OWNED_SUMMARY ?? []).map((m, i) => ['OWNED_SUMMARY', i, m.goal] as const),
      ...(value.topline_metrics?.SOCIAL_ADS_SUMMARY ?? []).map(
        (m, i) => ['SOCIAL_ADS_SUMMARY', i, m.goal] as const,
      ),
    ];
    for (const [group, index, goal] of goals) {
      if (goal !== null && goal < 0) {
        context.addIssue({
          code: 'custom',
          path: ['topline_metrics', group, index, 'goal'],
          message: 'A goal cannot be negative.',
        });
      }
    }
  });
export type CampaignUpdateInput = z.input<typeof campaignUpdateInputSchema>;

/** Ads of a campaign (op 3) on one ads platform, optionally sorted and narrowed to ad campaigns. */
export const campaignAdsQuerySchema = z.object({
  ...campaignRef,
  source: adSourceSchema,
  /** A metric name, with a leading `-` for descending; the service's order when left out. */
  sort: z.string().trim().min(1).max(100).optional(),
  adCampaignIds: z.array(z.string().min(1)).max(100).optional(),
});
export type CampaignAdsQuery = z.output<typeof campaignAdsQuerySchema>;

export const campaignAddMediaInputSchema = z
  .object({
    ...campaignRef,
    mediaIds: z.array(idSchema).max(500).default([]),
    galleryIds: z.array(idSchema).max(100).default([]),
  })
  .refine((value) => value.mediaIds.length + value.galleryIds.length > 0, {
    path: ['mediaIds'],
    message: 'Name at least one media id or gallery id.',
  });
export type CampaignAddMediaInput = z.input<typeof campaignAddMediaInputSchema>;

export const campaignsCalls = {
  /**
   * One range of the campaigns of the brands chosen in the side bar, as one list in the filter's
   * order (main reads each brand's pages of at most 1000 and merges them).
   */
  'campaigns:list': {
    input: listInput(z.object({ brandIds: z.array(idSchema).min(1).max(100), filter: campaignFilterSchema })),
    output: listOutput(campaignRowSchema),
  },
  /** One campaign, whole. */
  'campaigns:get': { input: z.object(campaignRef), output: campaignViewSchema },
  /** The full PUT (op 1); the service's answer. */
  'campaigns:update': { input: campaignUpdateInputSchema, output: campaignViewSchema },
  /** The statistics overview (op 5), for the media published in [from, to] (whole days, UTC). */
  'campaigns:stats': {
    input: z.object({ ...campaignRef, from: dateSchema.optional(), to: dateSchema.optional() }),
    output: campaignStatsViewSchema,
  },
  /** One range of a campaign's ads (the service's pages hold at most 100). */
  'campaigns:ads': { input: listInput(campaignAdsQuerySchema), output: listOutput(campaignAdViewSchema) },
  /** Adds owned media and galleries (op 4); the campaign as it reads afterwards. */
  'campaigns:add-media': { input: campaignAddMediaInputSchema, output: campaignViewSchema },
} as const;

/** Ids from a list whose elements are ids or objects with an `id` (their structure is not shown). */
function idsOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    return idSchema.safeParse(id).success ? [id as number] : [];
  });
}

/** The calendar day of a date-time as the service wrote it (its own zone), or null. */
const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);

/**
 * The body of the full PUT (op 1) that leaves a campaign as it is: every field of the body, taken
 * from what the service returned. The edit form starts from this and changes what the person
 * edits, so a PUT never drops a field the form does not show. Topline elements that lack what a
 * request must carry (a source, an id or a metric) cannot be sent and are left out.
 */
export function campaignUpdateFrom(campaign: CampaignView): CampaignUpdate & { name: string } {
  const filters = campaign.creator_filters;
  const topline = campaign.topline_metrics;
  const goal = (value: number | null | undefined) => value ?? null;
  return {
    benchmark_campaigns: idsOf(campaign.benchmark_campaigns),
    creator_filters: {
      excluded_media_ids: filters?.excluded_media_ids ?? [],
      included_media_ids: filters?.included_media_ids ?? [],
      source_created_at: {
        start: filters?.source_created_at?.start ?? null,
        end: filters?.source_created_at?.end ?? null,
      },
    },
    creator_ids: campaign.creator_ids ?? [],
    end_date: dayOf(campaign.end_date),
    google_analytics_selected_campaigns: campaign.google_analytics_selected_campaigns ?? [],
    hashtag_ids: idsOf(campaign.hashtags),
    name: campaign.name,
    start_date: dayOf(campaign.start_date),
    topline_metrics: {
      CREATOR_SUMMARY: (topline?.CREATOR_SUMMARY ?? []).flatMap((m) =>
        m.source ? [{ source: m.source, goal: goal(m.goal) }] : [],
      ),
      OWNED_SUMMARY: (topline?.OWNED_SUMMARY ?? []).flatMap((m) =>
        m.id !== null && m.id !== undefined && m.metric
          ? [{ goal: goal(m.goal), id: m.id, metric: m.metric }]
          : [],
      ),
      SOCIAL_ADS_SUMMARY: (topline?.SOCIAL_ADS_SUMMARY ?? []).flatMap((m) =>
        m.source ? [{ source: m.source, goal: goal(m.goal) }] : [],
      ),
    },
    ttcm_spark_ads_authorization_days: campaign.ttcm_spark_ads_authorization_days ?? null,
  };
}
