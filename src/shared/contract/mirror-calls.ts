import { z } from 'zod';

/**
 * Calls of the inbox mirror (issue 25): the active profile's local copy of its brands'
 * interactions. Lists, counts and search go through the inbox's own calls, which answer from the
 * mirror where it covers them; this only says how far the copy has got.
 */

export const mirrorStatusSchema = z.object({
  /** Every chosen brand has its first fill done: the inbox answers from this computer. */
  filled: z.boolean(),
  /** When the copy last heard from the service (epoch ms); null: never. */
  syncedAt: z.number().nullable(),
});
export type MirrorStatus = z.output<typeof mirrorStatusSchema>;

export const mirrorCalls = {
  'mirror:status': { input: z.undefined(), output: mirrorStatusSchema },
} as const;
