/**
 * Canned replies' placeholders (issue 24 §4): `{first_name}` is the person answered, `{brand}` the
 * brand answering. Filled when a canned reply is chosen, so the person sees and can edit the
 * words that will go out.
 */

export const cannedPlaceholders = ['{first_name}', '{brand}'] as const;

export interface PlaceholderValues {
  firstName: string;
  brand: string;
}

export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replaceAll('{first_name}', values.firstName).replaceAll('{brand}', values.brand);
}

/**
 * A first name from what the service tells of an author: a display name's first word ("Ada
 * Lovelace"), or a handle's first run of letters ("ada.lovelace42", "ada_l"), capitalised. Without
 * one, "there", so "Hi {first_name}" still reads as a greeting.
 */
export function firstNameOf(author: string | null | undefined): string {
  const letters = /\p{L}+/u.exec((author ?? '').replace(/^@/, ''))?.[0];
  if (!letters) return 'there';
  return letters.charAt(0).toLocaleUpperCase('en-US') + letters.slice(1);
}
