import { z } from 'zod';

/**
 * The brand picker: the active profile's brands and the ones chosen to work on, remembered per
 * profile. Every area works on the chosen brands.
 */
export const brandSelectionSchema = z.object({
  /** The brands the active profile reaches, as saved with it; empty without a profile. */
  available: z.array(z.number().int().min(0)),
  /** A non-empty subset of `available` (all of them until the user chooses). */
  selected: z.array(z.number().int().min(0)),
});
export type BrandSelection = z.output<typeof brandSelectionSchema>;

export const brandsCalls = {
  'brands:get': { input: z.undefined(), output: brandSelectionSchema },
  'brands:select': {
    input: z.object({
      brandIds: z.array(z.number().int().min(0)).min(1, 'Choose at least one brand.').max(100),
    }),
    output: brandSelectionSchema,
  },
} as const;
