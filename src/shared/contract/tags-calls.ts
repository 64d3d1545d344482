import { z } from 'zod';
import { interactionTagSchema, TAG_COLOR_PATTERN, TAG_NAME_MAX } from '../domain/index.ts';

/** Calls of the Tags area: the interaction tags of the chosen brands (interface.md ops 14, 15). */

const brandIdsInput = z
  .array(z.number().int().min(0))
  .min(1, 'Choose at least one brand.')
  .max(100, 'Choose at most 100 brands.');

/** A tag as the renderer sees it: the fields the interface names, nothing a service adds. */
export const tagViewSchema = z.object(interactionTagSchema.shape);
export type TagView = z.output<typeof tagViewSchema>;

export const tagCreateInputSchema = z.object({
  brandId: z.number().int().min(0),
  name: z
    .string()
    .trim()
    .min(1, 'Give the tag a name.')
    .max(TAG_NAME_MAX, `At most ${TAG_NAME_MAX} characters.`),
  /** Omitted: the service picks one. */
  color: z.string().regex(TAG_COLOR_PATTERN, 'Pick a color such as #3A7BD5.').optional(),
});
export type TagCreateInput = z.input<typeof tagCreateInputSchema>;

export const tagsCalls = {
  'tags:list': {
    input: z.object({ brandIds: brandIdsInput }),
    output: z.object({ items: z.array(tagViewSchema) }),
  },
  'tags:create': { input: tagCreateInputSchema, output: tagViewSchema },
} as const;
