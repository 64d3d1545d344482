import type { LocationQuery, LocationQueryRaw } from 'vue-router';

/**
 * Reading and writing one list's state in the address, as the inbox and the campaigns list do:
 * each owns some query names and leaves the others alone.
 */

/** A query value as one string: the first when repeated, undefined when absent or empty. */
export function firstOf(value: LocationQuery[string] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === null || first === undefined || first === '' ? undefined : first;
}

/** The address's query with the names a list owns replaced by `encoded`, other names kept. */
export function withOwnedQuery(
  query: LocationQuery,
  owned: ReadonlySet<string>,
  encoded: Record<string, string>,
): LocationQueryRaw {
  const kept = Object.fromEntries(Object.entries(query).filter(([name]) => !owned.has(name)));
  return { ...kept, ...encoded };
}
