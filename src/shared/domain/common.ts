import { z } from 'zod';

/**
 * Building blocks shared by every area: ids, dates, the error object and paging.
 *
 * Rule for response schemas across the domain: `z.looseObject` (a client keeps fields it does not
 * know), identity fields required, and every other field `nullish`, because the interface does not
 * say which fields are always present and a client must not break on one that is missing or null.
 * Request schemas are `z.strictObject` and carry every bound.
 */

/** Every id of the interface: an integer >= 0. */
export const idSchema = z.number().int().min(0);
export type Id = z.infer<typeof idSchema>;

/** ISO 8601 date-time with a zone, e.g. 2023-11-07T05:31:56Z or 2023-11-07T05:31:56+02:00. */
export const dateTimeSchema = z.iso.datetime({ offset: true });
export type DateTime = z.infer<typeof dateTimeSchema>;

/** Calendar date YYYY-MM-DD. */
export const dateSchema = z.iso.date();
export type IsoDate = z.infer<typeof dateSchema>;

/**
 * Date or date-time of op 5: YYYY-MM-DD, optionally followed by Thh:mm:ss and Z or +hh:mm / -hh:mm.
 * The calendar part must also be a real day (no 2024-02-30).
 */
export const dateOrDateTimePattern = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2}))?$/;
export const dateOrDateTimeSchema = z
  .string()
  .regex(dateOrDateTimePattern, 'Must be YYYY-MM-DD, optionally followed by Thh:mm:ss and Z or an offset.')
  .refine((value) => {
    if (!dateSchema.safeParse(value.slice(0, 10)).success) return false;
    return value.length === 10 || dateTimeSchema.safeParse(value).success;
  }, 'Must be a real date and time.');
export type DateOrDateTime = z.infer<typeof dateOrDateTimeSchema>;

/** Strings of UUID shape (8-4-4-4-12 hex), any version: `post_group_id`. */
export const uuidSchema = z.guid();

/** The error object every error response carries (conventions §3). */
export const errorObjectSchema = z.looseObject({
  code: z.number().int(),
  /** Field or parameter name -> messages; `{}` when no field is at fault. */
  errors: z.record(z.string(), z.array(z.string())),
  message: z.string(),
  status: z.string(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

/** `paging` of list responses: `next`/`previous` are absolute URLs, null at either end. */
export const pagingSchema = z.looseObject({
  count: z.number().int().min(0),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export type Paging = z.infer<typeof pagingSchema>;

/** The community interactions list adds `offset` to its paging. */
export const communityPagingSchema = pagingSchema.extend({
  offset: z.number().int().min(0),
});
export type CommunityPaging = z.infer<typeof communityPagingSchema>;

/** `{data: [item], paging}`: the list response shape. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: z.array(item), paging: pagingSchema });
}

/** `{data: value}`: the single-value envelope (tags, reports, community stats). */
export function dataOf<T extends z.ZodType>(value: T) {
  return z.looseObject({ data: value });
}
