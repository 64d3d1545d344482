import { z } from 'zod';

/** One call of the contract: what main accepts, and what it may answer. */
export type CallSpec = { input: z.ZodType; output: z.ZodType };

/**
 * Who is waiting for a call: `interactive` when a person is (a page on screen, a click), so the
 * rate gate serves it first; `background` for work nobody watches (sync, export pages, prefetch).
 */
export const laneSchema = z.enum(['interactive', 'background']);
export type Lane = z.infer<typeof laneSchema>;

/** What travels beside a call's input: its lane, and the id the renderer may cancel it by. */
export const callMetaSchema = z.object({
  lane: laneSchema.default('interactive'),
  /** Chosen by the renderer, unique among its calls in flight; names the call to cancel. */
  id: z.string().min(1).max(64).optional(),
});
export type CallMeta = z.input<typeof callMetaSchema>;

/** The largest page a list call may ask for: more rows than any screen shows at once. */
export const LIST_LIMIT_MAX = 500;

/**
 * A list the app's way, whatever the service's paging: a query, the rows to skip and how many to
 * return. Main turns it into the service's own pages and limits.
 */
export function listInput<Q extends z.ZodType>(query: Q) {
  return z.object({
    query,
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(0).max(LIST_LIMIT_MAX).default(50),
  });
}

/** The answer of a list call: the total that matches the query, and the rows asked for. */
export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int().min(0), items: z.array(item) });
}

/** `countPending`: the count is the rows known so far, the whole of it still to come (inbox:list). */
export type ListAnswer<T> = { count: number; items: T[]; countPending?: boolean };
