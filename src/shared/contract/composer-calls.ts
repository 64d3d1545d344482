import { z } from 'zod';
import { idSchema, schedulerChannelSchema } from '../domain/index.ts';

/**
 * Calls of the composer (issue 26 §1): names for the ids the interface lists nowhere (content
 * tags, boards) kept in the profile's address book beside its people, the media behind typed ids,
 * and a post opened for editing without starting a draft until something changes.
 */

/** The kinds of ids the address book names besides users (reviewers are users: `people`). */
export const namedIdKinds = ['content_tag', 'board'] as const;
export const namedIdKindSchema = z.enum(namedIdKinds);
export type NamedIdKind = z.infer<typeof namedIdKindSchema>;

export const NAMED_ID_NAME_MAX = 80;

export const namedIdNameSchema = z
  .string()
  .trim()
  .min(1, 'Give it a name.')
  .max(NAMED_ID_NAME_MAX, `At most ${NAMED_ID_NAME_MAX} characters.`);

export const namedIdSchema = z.object({ kind: namedIdKindSchema, id: idSchema, name: z.string() });
export type NamedId = z.output<typeof namedIdSchema>;

/** Every name of the active profile's book of ids, by kind then name: small, it travels whole. */
export const namedIdsSchema = z.object({ items: z.array(namedIdSchema) });
export type NamedIds = z.output<typeof namedIdsSchema>;

/**
 * A media id as this brand's posts on the service show it (`resolve_references`): found with its
 * kind and a thumbnail to draw, or not found among them.
 */
export const mediaLookupSchema = z.object({
  id: idSchema,
  found: z.boolean(),
  kind: z.enum(['image', 'video']).nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type MediaLookup = z.output<typeof mediaLookupSchema>;

export const composerCalls = {
  'names:list': { input: z.undefined(), output: namedIdsSchema },
  /** Names (or renames) an id of a kind; a name another id of that kind has is refused (`conflict`). */
  'names:set': {
    input: z.object({ kind: namedIdKindSchema, id: idSchema, name: namedIdNameSchema }),
    output: namedIdsSchema,
  },
  'names:forget': { input: z.object({ kind: namedIdKindSchema, id: idSchema }), output: namedIdsSchema },
  /**
   * Whether these media ids are among the media of the brand's posts on the service, and how they
   * look. The interface has no media read of its own: main looks them up in the posts it read
   * with `resolve_references` (reading the brand's latest posts once when an id is new to it).
   */
  'media:lookup': {
    input: z.object({ brandId: idSchema, mediaIds: z.array(idSchema).max(100) }),
    output: z.object({ items: z.array(mediaLookupSchema) }),
  },
  /**
   * A post opened for editing (the Scheduler's "Edit"): the draft of it still being worked on
   * when there is one (`draftId`), else the post as read now with its fields in request form, so
   * a draft is started only once something is changed (`drafts:create` with `post`).
   */
  'posts:open': {
    input: z.object({ channel: schedulerChannelSchema, postId: idSchema }),
    output: z.object({
      draftId: z.string().nullable(),
      post: z.looseObject({ id: idSchema, updated_at: z.string().min(1) }).nullable(),
      fields: z.record(z.string(), z.unknown()).nullable(),
    }),
  },
} as const;

export const composerEvents = {
  /** The names of ids changed: every window redraws them. */
  'names:changed': z.object({ profileId: z.string(), names: namedIdsSchema }),
} as const;
