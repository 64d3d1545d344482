import { z } from 'zod';
import { dateTimeSchema, idSchema } from './common.ts';
import { communityInteractionSchema } from './community.ts';
import { interactionTypeSchema, presetReplyTypeSchema } from './enums.ts';

/**
 * The "other shapes" of the community area: assignment, bulk update, comment CSV export and
 * preset replies. Their paths and methods are not shown by the interface; the shapes are.
 */

/** Assignment (request). */
export const assignmentSchema = z.strictObject({
  assigned_by_user: idSchema,
  assigned_to_user: idSchema.nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const assignmentResponseSchema = z.looseObject({
  id: idSchema.nullish(),
  community_interaction_id: idSchema.nullish(),
  created_at: dateTimeSchema.nullish(),
  brand_id: idSchema,
  assigned_by_user: idSchema,
  assigned_to_user: idSchema.nullable(),
});
export type AssignmentResponse = z.infer<typeof assignmentResponseSchema>;

export const bulkUpdateRequestSchema = z.strictObject({
  brand_id: idSchema,
  /** An e-mail is sent to this address when the task ends. */
  notification_email: z.email().optional(),
  source_updated_after: dateTimeSchema.optional(),
  source_updated_before: dateTimeSchema.optional(),
  types: z.array(interactionTypeSchema).optional(),
});
export type BulkUpdateRequest = z.infer<typeof bulkUpdateRequestSchema>;

export const bulkUpdateResponseSchema = z.looseObject({
  count: z.number().int().min(0),
  data: z.array(communityInteractionSchema),
});
export type BulkUpdateResponse = z.infer<typeof bulkUpdateResponseSchema>;

export const commentCsvRequestSchema = z.strictObject({
  brand_id: idSchema,
  media_id: idSchema,
  socket_id: z.string().min(1),
});
export type CommentCsvRequest = z.infer<typeof commentCsvRequestSchema>;

/** Preset reply fields are not shown beyond being referenced by the bundle. */
export const presetReplySchema = z.unknown();

export const presetReplyBundleSchema = z.looseObject({
  bulk_replies: z.array(presetReplySchema),
  types: z.array(presetReplyTypeSchema),
});
export type PresetReplyBundle = z.infer<typeof presetReplyBundleSchema>;
