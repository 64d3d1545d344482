/**
 * `next`, or `previous` when it holds the same values in the same order: for a computed that a
 * view draws from, so an equal array recomputed (a filter parsed again) draws nothing again.
 */
export function sameOr<A extends readonly unknown[]>(previous: A | undefined, next: A): A {
  const same = previous?.length === next.length && next.every((value, at) => previous[at] === value);
  return same && previous ? previous : next;
}
