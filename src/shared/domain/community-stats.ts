import { z } from 'zod';
import { dataOf, dateSchema, dateTimeSchema, idSchema } from './common.ts';
import { unreadCountTypes } from './enums.ts';

/**
 * The multi-brand community statistics (ops 18 to 20): request bodies and the answers decided in
 * conventions §9.
 */

const brandIdsBody = z.array(idSchema).min(1);

/** `types` of op 18 is one comma-separated string; every part must be a known type. */
const unreadTypesTextSchema = z.string().refine(
  (text) => {
    const known: readonly string[] = unreadCountTypes;
    return text.split(',').every((part) => known.includes(part.trim()));
  },
  `Must be a comma-separated list of ${unreadCountTypes.join(', ')}.`,
);

/** POST /community_interactions/unread_interaction_counts (op 18). */
export const unreadInteractionCountsBodySchema = z.strictObject({
  brand_ids: brandIdsBody,
  source_updated_after: dateTimeSchema.optional(),
  source_updated_before: dateTimeSchema.optional(),
  types: unreadTypesTextSchema.optional(),
});
export type UnreadInteractionCountsBody = z.infer<typeof unreadInteractionCountsBodySchema>;

export const unreadInteractionCountsSchema = z.looseObject({
  total: z.number().int().min(0),
  by_type: z.record(z.string(), z.number().int().min(0)),
  /** Keys are brand ids written as strings. */
  by_brand: z.record(z.string(), z.number().int().min(0)),
});
export type UnreadInteractionCounts = z.infer<typeof unreadInteractionCountsSchema>;
export const unreadInteractionCountsResponseSchema = dataOf(unreadInteractionCountsSchema);

/** Community overview stats: average_response_time (null without replies) and counts. */
export const communityOverviewStatsSchema = z.looseObject({
  average_response_time: z.number().nullable(),
  follow_up_count: z.number().int().min(0),
  unread_count: z.number().int().min(0).nullish(),
  total_count: z.number().int().min(0).nullish(),
});
export type CommunityOverviewStats = z.infer<typeof communityOverviewStatsSchema>;
export const communityOverviewStatsResponseSchema = dataOf(communityOverviewStatsSchema);

/**
 * Body of the POST statistics (op 20). brand_ids is what the interface shows; the optional
 * source_updated_after/before bound the range (the vocabulary of op 18; not in the interface).
 */
export const communityStatsBodySchema = z.strictObject({
  brand_ids: brandIdsBody,
  source_updated_after: dateTimeSchema.optional(),
  source_updated_before: dateTimeSchema.optional(),
});
export type CommunityStatsBody = z.infer<typeof communityStatsBodySchema>;

export const sentimentDistributionBodySchema = communityStatsBodySchema;
export const sentimentTimeSeriesBodySchema = communityStatsBodySchema;
export const volumeTimeSeriesBodySchema = communityStatsBodySchema;
export const topKeywordsBodySchema = communityStatsBodySchema;

const count = z.number().int().min(0);

export const sentimentDistributionSchema = z.looseObject({
  positive: count,
  negative: count,
  neutral: count,
  question: count,
});
export type SentimentDistribution = z.infer<typeof sentimentDistributionSchema>;
export const sentimentDistributionResponseSchema = dataOf(sentimentDistributionSchema);

/** `{date, ...counts}`: the sentiment counts of one day. */
export const sentimentTimeSeriesPointSchema = z
  .object({ date: dateSchema, positive: count, negative: count, neutral: count, question: count })
  .catchall(z.number());
export type SentimentTimeSeriesPoint = z.infer<typeof sentimentTimeSeriesPointSchema>;
export const sentimentTimeSeriesResponseSchema = dataOf(z.array(sentimentTimeSeriesPointSchema));

/** `{date, ...counts}`: `count` is the day's total; further numeric keys (per type) may follow. */
export const volumeTimeSeriesPointSchema = z.object({ date: dateSchema, count }).catchall(z.number());
export type VolumeTimeSeriesPoint = z.infer<typeof volumeTimeSeriesPointSchema>;
export const volumeTimeSeriesResponseSchema = dataOf(z.array(volumeTimeSeriesPointSchema));

export const topKeywordSchema = z.looseObject({ keyword: z.string(), count });
export type TopKeyword = z.infer<typeof topKeywordSchema>;
export const topKeywordsResponseSchema = dataOf(z.array(topKeywordSchema));
