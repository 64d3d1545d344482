import { z } from 'zod';

/**
 * Helpers for query-parameter schemas. A server receives every value as a string (or, for a
 * repeated parameter, an array of strings); a client holds typed values. Each helper accepts both
 * and outputs the typed value, so one schema validates on either side. `toQueryParams` goes the
 * other way, from typed values to the strings a URL carries.
 */

const INTEGER_TEXT = /^\s*-?\d+\s*$/;

/** An integer, as a number or as its decimal text; bounded by min/max. */
export function intParam(bounds: { min?: number; max?: number } = {}) {
  let target = z.number().int();
  if (bounds.min !== undefined) target = target.min(bounds.min);
  if (bounds.max !== undefined) target = target.max(bounds.max);
  return z
    .union([z.number(), z.string().regex(INTEGER_TEXT).transform(Number)], { error: 'Must be an integer.' })
    .pipe(target);
}

/** An id (integer >= 0), as a number or text. */
export function idParam() {
  return intParam({ min: 0 });
}

/** true/false, or exactly the texts 'true'/'false' (not 'yes', '1', ''). */
export function boolParam() {
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')], {
    error: 'Must be true or false.',
  });
}

/** Splits '1,2,3' into its parts; an array (typed, or a repeated parameter) passes through. */
function commaParts<T extends z.ZodType>(element: T) {
  return z.union(
    [
      z.string().transform((text) => (text.trim() === '' ? [] : text.split(',').map((part) => part.trim()))),
      z.array(z.union([element, z.string()])),
    ],
    { error: 'Must be a comma-separated list.' },
  );
}

function sized<T extends z.ZodType>(element: T, size: { min?: number; max?: number }) {
  let list = z.array(element);
  if (size.min !== undefined) list = list.min(size.min);
  if (size.max !== undefined) list = list.max(size.max);
  return list;
}

/** Comma-separated ids ('1,2,3' -> [1, 2, 3]), each integer >= 0; list size bounded. */
export function commaIntList(size: { min?: number; max?: number } = {}) {
  return commaParts(z.number()).pipe(sized(idParam(), size));
}

/** Comma-separated enum values ('A,B' -> ['A', 'B']); list size bounded. */
export function commaEnumList<const T extends readonly [string, ...string[]]>(
  values: T,
  size: { min?: number; max?: number } = {},
) {
  return commaParts(z.enum(values)).pipe(sized(z.enum(values), size));
}

/** Comma-separated free strings ('a,b' -> ['a', 'b']); empty parts refused. */
export function commaStringList(size: { min?: number; max?: number } = {}) {
  return commaParts(z.string()).pipe(sized(z.string().min(1), size));
}

/** A JSON object, as an object or as its (URL-decoded) JSON text. */
export function jsonObjectParam() {
  const object = z.record(z.string(), z.unknown());
  return z.union(
    [
      object,
      z.string().transform((text, ctx) => {
        try {
          const parsed: unknown = JSON.parse(text);
          if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
            return parsed as Record<string, unknown>;
          }
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: 'Must be a JSON object.' });
        return z.NEVER;
      }),
    ],
    { error: 'Must be a JSON object.' },
  );
}

export type QueryValue = string | number | boolean | readonly (string | number)[] | Record<string, unknown>;

/**
 * Typed query values -> the strings a URL carries: lists joined with commas, booleans as
 * 'true'/'false', objects as JSON. undefined and null are left out; an empty list too, because
 * `ids=` would mean "no ids" to a server rather than "no filter".
 */
export function toQueryParams(params: Record<string, QueryValue | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[name] = value.join(',');
    } else if (typeof value === 'object') {
      out[name] = JSON.stringify(value);
    } else {
      out[name] = String(value);
    }
  }
  return out;
}
