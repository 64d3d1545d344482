import { computed, shallowRef, type ComputedRef, type MaybeRef, type WritableComputedRef } from 'vue';
import { useRouteQueryValue, type QueryMode } from './route-query.ts';

export type { QueryMode };

/**
 * State kept in the address (reload, back/forward and a copied link keep it), as typed values
 * over `useRouteQueryValue`. A value written is read back at once, as the address will say it,
 * while the router catches up after the next frame: whatever follows the value (a list's rows)
 * comes on the click, not after the navigation. Values set together make one navigation, and
 * query names no param owns are left as they are.
 */

/** One value in the address: its query name, its default, and how it is written there. */
export interface QueryParam<T> {
  name: string;
  /** The value while the address has none, or one that does not fit (an old or edited link). */
  fallback: T;
  /** The value a query text stands for; undefined when it does not fit. */
  parse(text: string): T | undefined;
  /** The value as the address writes it; undefined, or the fallback's text, leaves the name out. */
  serialize(value: T): string | undefined;
}

export type QueryParams<S> = { [K in keyof S]-?: QueryParam<S[K]> };

/** A repeated name reads as its first value; an empty one (`?q=` or `?q`) as none. */
function firstOf(raw: unknown): string | undefined {
  const first: unknown = Array.isArray(raw) ? raw[0] : raw;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

/**
 * One typed value in the address. Writing it makes a history entry (`push`, so back undoes it)
 * unless `mode` says `replace` (typing, where back should not walk through every letter).
 */
export function useQueryParam<T>(
  param: QueryParam<T>,
  options: { mode?: MaybeRef<QueryMode> } = {},
): WritableComputedRef<T> {
  const raw = useRouteQueryValue(param.name, options.mode ?? 'push');
  const fallbackText = param.serialize(param.fallback);
  return computed({
    get: () => {
      const text = firstOf(raw.value);
      return text === undefined ? param.fallback : (param.parse(text) ?? param.fallback);
    },
    set: (value: T) => {
      const text = param.serialize(value);
      raw.value = text === fallbackText ? undefined : text;
    },
  });
}

export interface QueryState<S> {
  /** Every value at once, as the address says (or as just written, before the router has). */
  state: ComputedRef<S>;
  /** Writes some values; the others stay. One navigation for them all. */
  set(change: Partial<S>, options?: { replace?: boolean }): void;
}

/**
 * A group of values in the address, as a list's filters are. With `active`, the group follows
 * the address only while that holds (its area is open): meanwhile it keeps what it last read, so
 * another area's query (which may use the same names) is not taken for its own, and a change
 * asked for then (a search applied after a pause) is dropped rather than written over that area.
 */
export function useQueryState<S extends object>(
  params: QueryParams<S>,
  options: { active?: () => boolean } = {},
): QueryState<S> {
  const active = options.active ?? (() => true);
  // Read as each value is set: a push when any change of a batch asked for one.
  const mode = shallowRef<QueryMode>('push');
  const keys = Object.keys(params) as (keyof S)[];
  const values = Object.fromEntries(keys.map((key) => [key, useQueryParam(params[key], { mode })])) as {
    [K in keyof S]: WritableComputedRef<S[K]>;
  };

  const state = computed<S>((previous) => {
    if (previous && !active()) return previous;
    return Object.fromEntries(keys.map((key) => [key, values[key].value])) as S;
  });

  function set(change: Partial<S>, { replace = false }: { replace?: boolean } = {}): void {
    if (!active()) return;
    mode.value = replace ? 'replace' : 'push';
    for (const key of Object.keys(change) as (keyof S)[]) {
      if (key in values) values[key].value = change[key] as S[keyof S];
    }
  }

  return { state, set };
}
