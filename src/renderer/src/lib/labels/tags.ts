/**
 * A tag in words: its name, the same in the inbox's filter, its tag picker, its rows and the Tags
 * area, so one tag never reads two ways (and a long one is wrapped or given whole in a tooltip,
 * never replaced by its colour or id).
 */
export function tagLabel(tag: { name: string }): string {
  return tag.name.trim() || 'Unnamed tag';
}

/** The key two tags of different brands share when they have the same name (the service keeps names unique within a brand whatever their case). */
export function tagNameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

export interface TagName {
  /** The name as the first brand that has it writes it. */
  name: string;
  /** How many of the brands have a tag of this name. */
  brands: number;
}

/** The distinct names of some brands' tags, in alphabetical order, each with how many brands have it. */
export function tagNamesOf(tags: readonly { name: string; brand_id: number }[]): TagName[] {
  const byKey = new Map<string, { name: string; brands: Set<number> }>();
  for (const tag of tags) {
    const key = tagNameKey(tag.name);
    const entry = byKey.get(key) ?? { name: tagLabel(tag), brands: new Set<number>() };
    entry.brands.add(tag.brand_id);
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map((entry) => ({ name: entry.name, brands: entry.brands.size }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
