import { z } from 'zod';
import { idSchema } from '../domain/index.ts';

/**
 * Calls and events of the address book (issue 24 §5). The service names its users by id only and
 * lists none, so each profile keeps its own book: a name per user id, which id is the person at
 * the keyboard, and the users seen on each brand (as assignees or brand repliers in the
 * interactions main has read), so a picker can offer the likely ones first.
 */

export const PERSON_NAME_MAX = 80;

export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the person a name.')
  .max(PERSON_NAME_MAX, `At most ${PERSON_NAME_MAX} characters.`);

/** One user id the book knows: named, seen on some brands, or both. */
export const personSchema = z.object({
  userId: idSchema,
  /** null: not named yet (the app says "User 7"). */
  name: z.string().nullable(),
  /** The brands whose interactions showed this user, in brand id order. */
  seenOnBrandIds: z.array(idSchema),
});
export type Person = z.output<typeof personSchema>;

/** The whole book of the active profile: small (a team), so it travels whole. */
export const addressBookSchema = z.object({
  /** The user id of the person using the app, once they said which it is. */
  me: idSchema.nullable(),
  /** By name (case-insensitive), then the unnamed by id. */
  people: z.array(personSchema),
});
export type AddressBook = z.output<typeof addressBookSchema>;

export const peopleEvents = {
  /** The book changed (named, renamed, forgotten, "this is me", someone newly seen): every window redraws. */
  'people:changed': z.object({ profileId: z.string(), book: addressBookSchema }),
} as const;
export type PeopleChanged = z.output<(typeof peopleEvents)['people:changed']>;

export const peopleCalls = {
  'people:list': { input: z.undefined(), output: addressBookSchema },
  /** Names a user id, or renames it. A name another person has already is refused (`conflict`). */
  'people:name': {
    input: z.object({ userId: idSchema, name: personNameSchema }),
    output: addressBookSchema,
  },
  /** Forgets a user id: its name, where it was seen, and "this is me" if it was. */
  'people:forget': { input: z.object({ userId: idSchema }), output: addressBookSchema },
  /** Which user id is the person using the app; null: nobody said yet. */
  'people:set-me': { input: z.object({ userId: idSchema.nullable() }), output: addressBookSchema },
} as const;
